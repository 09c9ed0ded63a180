import { ALBUM_NAME_MAX } from '@photo/contract';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { TextField } from '../../../shared/components/text-field';
import { paths } from '../../../shared/config/paths';
import { useUploadLimits } from '../../../shared/api/client-config';
import {
  acceptedKindsText,
  fileProblem,
  imageAccept,
  uploadLimitText,
} from '../../../shared/lib/file-checks';
import { useCreateAlbum } from '../api/create-album';
import { useT } from '../../../i18n/i18n';

/**
 * Create Album: a name, then a cover photo. Choosing the cover uploads it, saves the album,
 * waits for the save, then opens Recent Albums. Any failure is shown and nothing is left half-made.
 */
export function CreateAlbumPage() {
  const navigate = useNavigate();
  const createAlbum = useCreateAlbum();
  const limits = useUploadLimits();
  const t = useT();
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload in progress.
  useEffect(() => () => upload.current?.abort(), []);

  const hasName = name.trim().length > 0;
  const busy = createAlbum.isPending;

  const resetFile = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const cover = event.target.files?.[0];
    if (!cover || !hasName || busy) return;
    const problem = fileProblem(cover, limits);
    if (problem) {
      setFileError(problem);
      resetFile();
      return;
    }
    setFileError(null);
    setProgress(0);
    const controller = new AbortController();
    upload.current = controller;
    createAlbum.mutate(
      { name: name.trim(), cover, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => void navigate(paths.recentAlbums),
        onError: resetFile,
      },
    );
  };

  const percent = Math.round(progress * 100);
  const uploaded = progress >= 1;

  return (
    <div className="mx-auto" style={{ maxWidth: 500 }}>
      <PageTitle title={t('albums.create')} />
      <h1 className="mb-4">{t('albums.create')}</h1>
      <Form onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField
          id="album-name"
          label={t('albums.create.name')}
          type="text"
          placeholder={t('albums.create.namePlaceholder')}
          value={name}
          maxLength={ALBUM_NAME_MAX}
          onChange={setName}
          disabled={busy}
          autoComplete="off"
        />
        <Form.Group className="mb-3" controlId="album-cover">
          <Form.Label>{t('albums.create.cover')}</Form.Label>
          <Form.Control
            ref={fileInput}
            type="file"
            accept={imageAccept(limits)}
            onChange={onFileChosen}
            disabled={!hasName || busy}
            isInvalid={fileError !== null}
            aria-describedby="album-cover-help"
          />
          {fileError && (
            <Form.Control.Feedback type="invalid" role="alert">
              {fileError}
            </Form.Control.Feedback>
          )}
          <Form.Text id="album-cover-help" muted>
            {!hasName
              ? t('albums.create.nameFirst')
              : limits
                ? t('albums.create.help', {
                    kinds: acceptedKindsText(limits),
                    limit: uploadLimitText(limits),
                  })
                : t('albums.create.helpNoLimit', { kinds: acceptedKindsText(limits) })}
          </Form.Text>
        </Form.Group>
      </Form>
      {busy && (
        <div className="mt-4" aria-live="polite">
          <p className="mb-2">
            {uploaded
              ? t('albums.create.saving')
              : t('albums.create.uploading', { percent: percent / 100 })}
          </p>
          <ProgressBar
            now={percent}
            animated={uploaded}
            striped={uploaded}
            aria-label={t('albums.create.progress')}
          />
        </div>
      )}
      {createAlbum.isError && <p className="text-danger mt-4">{t('albums.create.failed')}</p>}
    </div>
  );
}
