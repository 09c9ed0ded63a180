import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { ErrorState, ItemErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import type { UploadLimits } from '@photo/contract';
import {
  acceptedKindsText,
  formatBytes,
  imageAccept,
  uploadLimitText,
} from '../../../shared/lib/file-checks';
import { ALBUM_NOT_FOUND, useAlbum } from '../api/get-album';
import { isActive, type UploadItem, type UploadQueue } from '../hooks/upload-queue';
import { useUploadQueue } from '../hooks/use-upload-queue';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  rejected: 'Not uploaded',
  queued: 'Waiting…',
  uploading: 'Uploading…',
  adding: 'Adding to the album…',
  done: 'Added',
  duplicate: 'Already in this album',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const STATUS_BADGE: Record<UploadItem['status'], string> = {
  rejected: 'danger',
  queued: 'secondary',
  uploading: 'primary',
  adding: 'primary',
  done: 'success',
  duplicate: 'secondary',
  failed: 'danger',
  cancelled: 'secondary',
};

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const percent = Math.round(item.progress * 100);
  const active = isActive(item);
  return (
    <ListGroup.Item as="li" className="py-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break me-auto">{item.file.name}</span>
        <span className="small text-body-secondary">{formatBytes(item.file.size)}</span>
        <Badge bg={STATUS_BADGE[item.status]}>{STATUS_TEXT[item.status]}</Badge>
        {(active || item.status === 'queued') && (
          <Button size="sm" variant="outline-secondary" onClick={() => queue.cancel(item.id)}>
            Cancel <span className="visually-hidden">{item.file.name}</span>
          </Button>
        )}
        {(item.status === 'failed' || item.status === 'cancelled') && (
          <Button size="sm" variant="outline-primary" onClick={() => queue.retry(item.id)}>
            Retry <span className="visually-hidden">{item.file.name}</span>
          </Button>
        )}
      </div>
      {(active || item.status === 'queued') && (
        <ProgressBar
          className="mt-2"
          now={percent}
          animated={item.status === 'adding'}
          striped={item.status === 'adding'}
          aria-label={`Upload of ${item.file.name}`}
          style={{ height: '0.5rem' }}
        />
      )}
      {item.message && <p className="small text-danger mb-0 mt-2">{item.message}</p>}
    </ListGroup.Item>
  );
}

/** Picks files by a file dialog or by drag and drop; the zone is a real button, so keyboards work. */
function DropZone({
  onFiles,
  limits,
}: {
  onFiles: (files: File[]) => void;
  limits: UploadLimits | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setOver(false);
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <>
      <button
        type="button"
        className={`app-drop-zone w-100 rounded-3 p-4 p-sm-5 mb-2 ${over ? 'is-over' : ''}`}
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        aria-describedby="upload-help"
      >
        <span className="d-block fs-5 fw-semibold">Choose photos</span>
        <span className="d-block">or drag and drop them here</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={imageAccept(limits)}
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <p id="upload-help" className="small text-body-secondary">
        {acceptedKindsText(limits)} photos{limits ? `, ${uploadLimitText(limits)} each` : ''}. You
        can choose several at once.
      </p>
    </>
  );
}

function Uploader({ albumId }: { albumId: string }) {
  const { queue, items, limits } = useUploadQueue(albumId);

  // A file dropped beside the zone must not replace the page with the image.
  useEffect(() => {
    const prevent = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener('dragover', prevent);
    window.addEventListener('drop', prevent);
    return () => {
      window.removeEventListener('dragover', prevent);
      window.removeEventListener('drop', prevent);
    };
  }, []);

  const added = items.filter((item) => item.status === 'done').length;
  const working = items.some((item) => isActive(item) || item.status === 'queued');
  const finished = items.some((item) => !isActive(item) && item.status !== 'queued');

  return (
    <>
      <DropZone onFiles={(files) => queue.add(files)} limits={limits} />
      {items.length > 0 && (
        <section aria-label="Uploads" className="mt-4">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <p className="mb-0 me-auto" aria-live="polite">
              {added} of {items.length} {items.length === 1 ? 'photo' : 'photos'} added
              {working ? '…' : '.'}
            </p>
            {finished && (
              <Button size="sm" variant="outline-secondary" onClick={() => queue.clearFinished()}>
                Clear finished
              </Button>
            )}
          </div>
          <ListGroup as="ul">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} queue={queue} />
            ))}
          </ListGroup>
        </section>
      )}
    </>
  );
}

/** Upload page: adds photos to one album. */
export function UploadPhotosPage() {
  const { albumId = '' } = useParams();
  const album = useAlbum(albumId);
  const userId = useCurrentUserId();

  const header = (
    <>
      <PageTitle title="Upload Photos" />
      <Link to={paths.album(albumId)} className="btn btn-secondary mb-3">
        Go back to Album
      </Link>
      <h1 className="mb-1">Upload Photos</h1>
    </>
  );

  if (album.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading the album…" />
      </>
    );
  }
  if (album.isError) {
    return (
      <>
        {header}
        <ItemErrorState
          what="album"
          error={album.error}
          onRetry={() => void album.refetch()}
          missingCode={ALBUM_NOT_FOUND}
        />
      </>
    );
  }
  const canAdd =
    (userId !== null && album.data.createdById === userId) || album.data.myRole === 'contributor';
  return (
    <>
      {header}
      <p className="lead text-break">
        Add photos to <strong>{album.data.name}</strong>.
      </p>
      {canAdd ? (
        <Uploader albumId={album.data.id} />
      ) : (
        <ErrorState
          title={
            album.data.myRole === 'viewer'
              ? 'You can view this album but not add photos to it.'
              : "Only the album's owner can add photos to it."
          }
        />
      )}
    </>
  );
}
