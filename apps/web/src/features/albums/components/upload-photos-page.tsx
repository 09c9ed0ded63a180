import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
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
  acceptedVideoKindsText,
  formatBytes,
  mediaAccept,
  uploadLimitText,
  videoLimitText,
} from '../../../shared/lib/file-checks';
import {
  findUnfinishedUploads,
  forgetUnfinishedUpload,
  type UnfinishedUpload,
} from '../../../shared/api/resumable-upload';
import { ALBUM_NOT_FOUND, useAlbum } from '../api/get-album';
import { isActive, type UploadItem, type UploadQueue } from '../hooks/upload-queue';
import { useUploadQueue } from '../hooks/use-upload-queue';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  rejected: 'Not uploaded',
  queued: 'Waiting…',
  uploading: 'Uploading…',
  paused: 'Paused — waiting for the connection',
  resuming: 'Resuming…',
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
  paused: 'warning',
  resuming: 'primary',
  adding: 'primary',
  done: 'success',
  duplicate: 'secondary',
  failed: 'danger',
  cancelled: 'secondary',
};

/** "52 %": a fraction as people read it, never 100 % before the end. */
const percentOf = (fraction: number) =>
  `${fraction < 1 ? Math.min(99, Math.floor(fraction * 100)) : 100} %`;

function statusText(item: UploadItem): string {
  if (item.status === 'resuming') return `Resuming at ${percentOf(item.resumedAt ?? 0)}`;
  return STATUS_TEXT[item.status];
}

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const percent = Math.round(item.progress * 100);
  const active = isActive(item);
  const sending = item.status === 'uploading' || item.status === 'paused';
  return (
    <ListGroup.Item as="li" className="py-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break me-auto">{item.file.name}</span>
        <span className="small text-body-secondary">
          {sending ? `${percentOf(item.progress)} of ` : ''}
          {formatBytes(item.file.size)}
        </span>
        <Badge
          bg={STATUS_BADGE[item.status]}
          text={item.status === 'paused' ? 'dark' : undefined}
          className="text-wrap text-start"
        >
          {statusText(item)}
        </Badge>
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
        // Bootstrap 5.3's markup: the track is the progressbar, so it carries the name and value.
        <div
          className="progress mt-2"
          role="progressbar"
          aria-label={`Upload of ${item.file.name}`}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ height: '0.5rem' }}
        >
          <div
            className={[
              'progress-bar',
              item.status === 'paused' ? 'bg-warning' : '',
              item.status === 'adding' ? 'progress-bar-striped progress-bar-animated' : '',
            ].join(' ')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {item.resumedAt !== undefined && item.status === 'uploading' && (
        <p className="small text-body-secondary mb-0 mt-2">
          Resumed at {percentOf(item.resumedAt)}: the bytes sent before were kept.
        </p>
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
        <span className="d-block fs-5 fw-semibold">Choose photos and videos</span>
        <span className="d-block">or drag and drop them here</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={mediaAccept(limits, 'photosAndVideos')}
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <p id="upload-help" className="small text-body-secondary">
        {acceptedKindsText(limits)} photos{limits ? `, ${uploadLimitText(limits)} each` : ''};{' '}
        {acceptedVideoKindsText(limits)} videos{limits ? `, ${videoLimitText(limits)} each` : ''}.
        You can choose several at once. An upload cut off by a lost connection goes on where it
        stopped.
      </p>
    </>
  );
}

/**
 * The uploads of this user that stopped before the end (a reload, a closed tab). A browser cannot
 * reopen a file by itself: the person chooses it again, and it resumes where it stopped.
 */
function useUnfinishedUploads(limits: UploadLimits | undefined, owner: string) {
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const resumable = limits?.resumable;
  useEffect(() => {
    if (!resumable) return;
    let current = true;
    findUnfinishedUploads(resumable, owner).then(
      (found) => {
        if (current) setUnfinished(found);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [resumable, owner]);
  const forget = (upload: UnfinishedUpload) => {
    setUnfinished((all) => all.filter((entry) => entry.key !== upload.key));
    void forgetUnfinishedUpload(upload);
  };
  return { unfinished, forget };
}

function UnfinishedUploads({
  uploads,
  onForget,
}: {
  uploads: UnfinishedUpload[];
  onForget: (upload: UnfinishedUpload) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-title" className="alert alert-info mt-3">
      <h2 id="unfinished-title" className="h6">
        {uploads.length === 1 ? 'An upload was not finished' : 'Some uploads were not finished'}
      </h2>
      <p className="small mb-2">
        The browser cannot open a file again by itself: choose the same file, and it goes on from
        where it stopped.
      </p>
      <ul className="list-unstyled mb-0">
        {uploads.map((upload) => (
          <li key={upload.key} className="d-flex flex-wrap align-items-center gap-2 mt-2">
            <span className="me-auto text-break">
              <strong>{upload.name}</strong>
              {upload.fraction !== null && ` stopped at ${percentOf(upload.fraction)}`}. Choose{' '}
              {upload.name} again to finish it.
            </span>
            <Button size="sm" variant="outline-secondary" onClick={() => onForget(upload)}>
              Forget <span className="visually-hidden">{upload.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Uploader({ albumId, owner }: { albumId: string; owner: string }) {
  const { queue, items, limits } = useUploadQueue(albumId);
  const { unfinished, forget } = useUnfinishedUploads(limits, owner);
  // Those chosen again are in the list below.
  const stillUnfinished = unfinished.filter(
    (upload) =>
      !items.some((item) => item.file.name === upload.name && item.file.size === upload.size),
  );

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
  const paused = items.some((item) => item.status === 'paused');

  return (
    <>
      <DropZone onFiles={(files) => queue.add(files)} limits={limits} />
      <UnfinishedUploads uploads={stillUnfinished} onForget={forget} />
      {items.length > 0 && (
        <section aria-label="Uploads" className="mt-4">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <p className="mb-0 me-auto" aria-live="polite">
              {added} of {items.length} {items.length === 1 ? 'photo' : 'photos'} added
              {working ? '…' : '.'}
              {paused &&
                ' No connection: the uploads wait, and go on by themselves when it is back.'}
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
        <Uploader albumId={album.data.id} owner={userId ?? ''} />
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
