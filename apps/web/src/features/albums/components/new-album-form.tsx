import { ALBUM_NAME_MAX, type Album } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useCreateEmptyAlbum } from '../api/create-empty-album';
import { useT } from '../../../i18n/i18n';

interface NewAlbumFormProps {
  /** The album is made: what comes next (open it, add photos to it…). */
  onCreated: (album: Album) => void;
  onCancel: () => void;
  /** The creating button's text: "Create album" by default. */
  submitLabel?: string;
  /** Says busy while the album is made, and while what follows it runs. */
  busy?: boolean;
  /** Says under the name that the album starts empty (not where photos go in at once). */
  startsEmpty?: boolean;
}

/** A name, and an album with no photo yet (POST albums). A blank name is not sent. */
export function NewAlbumForm({
  onCreated,
  onCancel,
  submitLabel,
  busy = false,
  startsEmpty = true,
}: NewAlbumFormProps) {
  const create = useCreateEmptyAlbum();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const ids = useId();
  const t = useT();
  const trimmed = name.trim();
  const working = create.isPending || busy;
  const blank = tried && trimmed.length === 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (trimmed.length === 0 || working) return;
    create.mutate(trimmed, { onSuccess: onCreated });
  };

  const describedBy = [
    startsEmpty ? `${ids}-help` : '',
    blank || create.isError ? `${ids}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={working}>
      <Form.Group controlId={`${ids}-name`} className="mb-3">
        <Form.Label>{t('albums.new.name')}</Form.Label>
        <Form.Control
          type="text"
          value={name}
          maxLength={ALBUM_NAME_MAX}
          placeholder={t('albums.create.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          disabled={working}
          isInvalid={blank}
          aria-describedby={describedBy}
          autoComplete="off"
          autoFocus
        />
        {startsEmpty && <Form.Text id={`${ids}-help`}>{t('albums.new.help')}</Form.Text>}
        {(blank || create.isError) && (
          <p id={`${ids}-error`} role="alert" className="small text-danger mb-0 mt-1">
            {blank ? t('albums.new.nameMissing') : errorMessage(create.error)}
          </p>
        )}
      </Form.Group>
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          {t('albums.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={working}>
          {working && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {submitLabel ?? t('albums.new.submit')}
        </Button>
      </div>
    </Form>
  );
}
