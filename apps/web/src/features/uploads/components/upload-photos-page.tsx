import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import type { UploadLimits } from '@photo/contract';
import { formatBytes } from '../../../shared/lib/file-checks';
import { DropZone, useNoDropOnPage } from '../../../shared/ui/drop-zone';
import { UploadPicture } from '../../../shared/ui/upload-picture';
import { UploadProgress } from '../../../shared/ui/upload-progress';
import {
  findUnfinishedUploads,
  forgetUnfinishedUpload,
  type UnfinishedUpload,
} from '../../../shared/api/resumable-upload';
import { useAlbum } from '../../albums/api/get-album';
import { AlbumErrorState } from '../../albums/components/album-error-state';
import { NewAlbumButton } from '../../albums/components/new-album-button';
import { isActive, type UploadItem, type UploadQueue } from '../hooks/upload-queue';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { useRichT, useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

const STATUS_TEXT: Record<UploadItem['status'], MessageId> = {
  rejected: 'upload.status.rejected',
  queued: 'upload.status.queued',
  uploading: 'upload.status.uploading',
  paused: 'upload.status.paused',
  resuming: 'upload.status.resuming',
  processing: 'upload.status.processing',
  done: 'upload.status.done',
  failed: 'upload.status.failed',
  cancelled: 'upload.status.cancelled',
};

const STATUS_BADGE: Record<UploadItem['status'], string> = {
  rejected: 'secondary',
  queued: 'secondary',
  uploading: 'primary',
  paused: 'warning',
  resuming: 'primary',
  processing: 'primary',
  done: 'success',
  failed: 'danger',
  cancelled: 'secondary',
};

/** 52 (said "52 %"): a fraction as people read it, never 100 % before the end. */
const percentOf = (fraction: number) =>
  fraction < 1 ? Math.min(99, Math.floor(fraction * 100)) : 100;

function statusText(item: UploadItem, t: ReturnType<typeof useT>): string {
  if (item.status === 'resuming') {
    return t('upload.status.resumingAt', { percent: percentOf(item.resumedAt ?? 0) });
  }
  return t(STATUS_TEXT[item.status]);
}

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const percent = Math.round(item.progress * 100);
  const active = isActive(item);
  const sending = item.status === 'uploading' || item.status === 'paused';
  const t = useT();
  return (
    <ListGroup.Item as="li" className="py-2 d-flex gap-3 align-items-start">
      <UploadPicture picture={item.picture} />
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold text-break me-auto">{item.file.name}</span>
          <span className="small text-body-secondary">
            {sending
              ? t('upload.sent', {
                  percent: percentOf(item.progress),
                  size: formatBytes(item.file.size),
                })
              : formatBytes(item.file.size)}
          </span>
          <Badge
            bg={STATUS_BADGE[item.status]}
            text={item.status === 'paused' ? 'dark' : undefined}
            className="text-wrap text-start"
          >
            {statusText(item, t)}
          </Badge>
          {(active || item.status === 'queued') && (
            <Button size="sm" variant="outline-secondary" onClick={() => queue.cancel(item.id)}>
              {t('upload.cancel')} <span className="visually-hidden">{item.file.name}</span>
            </Button>
          )}
          {(item.status === 'failed' || item.status === 'cancelled') && (
            <Button size="sm" variant="outline-primary" onClick={() => queue.retry(item.id)}>
              {t('upload.retry')} <span className="visually-hidden">{item.file.name}</span>
            </Button>
          )}
        </div>
        {(active || item.status === 'queued') && (
          <UploadProgress
            name={item.file.name}
            percent={percent}
            height="0.5rem"
            barClassName={[
              'progress-bar',
              item.status === 'paused' ? 'bg-warning' : '',
              item.status === 'processing' ? 'progress-bar-striped progress-bar-animated' : '',
            ].join(' ')}
          />
        )}
        {item.resumedAt !== undefined && item.status === 'uploading' && (
          <p className="small text-body-secondary mb-0 mt-2">
            {t('upload.resumedAt', { percent: percentOf(item.resumedAt) })}
          </p>
        )}
        {item.reason && <p className="small mb-0 mt-1">{item.reason}</p>}
        {item.message && <p className="small text-danger mb-0 mt-1">{item.message}</p>}
      </div>
    </ListGroup.Item>
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
  const t = useT();
  const rich = useRichT();
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-title" className="alert alert-info mt-3">
      <h2 id="unfinished-title" className="h6">
        {t('upload.unfinished', { count: uploads.length })}
      </h2>
      <p className="small mb-2">{t('upload.unfinished.help')}</p>
      <ul className="list-unstyled mb-0">
        {uploads.map((upload) => (
          <li key={upload.key} className="d-flex flex-wrap align-items-center gap-2 mt-2">
            <span className="me-auto text-break">
              {rich(upload.fraction !== null ? 'upload.unfinished.at' : 'upload.unfinished.file', {
                name: upload.name,
                percent: upload.fraction !== null ? percentOf(upload.fraction) : 0,
                b: (chunks) => <strong key="b">{chunks}</strong>,
              })}
            </span>
            <Button size="sm" variant="outline-secondary" onClick={() => onForget(upload)}>
              {t('upload.forget')} <span className="visually-hidden">{upload.name}</span>
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
  const t = useT();
  // Those chosen again are in the list below.
  const stillUnfinished = unfinished.filter(
    (upload) =>
      !items.some((item) => item.file.name === upload.name && item.file.size === upload.size),
  );

  // A file dropped beside the zone must not replace the page with the image.
  useNoDropOnPage();

  const added = items.filter((item) => item.status === 'done').length;
  const working = items.some((item) => isActive(item) || item.status === 'queued');
  const finished = items.some((item) => !isActive(item) && item.status !== 'queued');
  const paused = items.some((item) => item.status === 'paused');

  return (
    <>
      <DropZone
        onFiles={(files) => queue.add(files)}
        limits={limits}
        helpId="upload-help"
        inputTestId="upload-input"
        roomy
        more={t('upload.help.more')}
      />
      <UnfinishedUploads uploads={stillUnfinished} onForget={forget} />
      {items.length > 0 && (
        <section aria-label={t('upload.list')} className="mt-4">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <p className="mb-0 me-auto" aria-live="polite">
              {t(working ? 'upload.progress' : 'upload.progress.done', {
                added,
                count: items.length,
              })}
              {paused && ` ${t('upload.offline')}`}
            </p>
            {finished && (
              <Button size="sm" variant="outline-secondary" onClick={() => queue.clearFinished()}>
                {t('upload.clear')}
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

/** "Or upload into a new album": makes one, then this page uploads into it. */
function UploadIntoNewAlbum() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <p className="d-flex flex-wrap align-items-center gap-2 mt-4 mb-0 text-body-secondary">
      {t('upload.newAlbum')}
      <NewAlbumButton
        className="btn btn-sm btn-outline-primary"
        label={t('upload.newAlbum.button')}
        onCreated={(created) => void navigate(paths.upload(created.id))}
      />
    </p>
  );
}

/** Upload page: adds photos to one album, or to a new one. */
export function UploadPhotosPage() {
  const { albumId = '' } = useParams();
  const album = useAlbum(albumId);
  const userId = useCurrentUserId();
  const t = useT();
  const rich = useRichT();

  const header = (
    <>
      <PageTitle title={t('upload.title')} />
      <Link to={paths.album(albumId)} className="btn btn-secondary mb-3">
        {t('upload.back')}
      </Link>
      <h1 className="mb-1">{t('upload.title')}</h1>
    </>
  );

  if (album.isPending) {
    return (
      <>
        {header}
        <LoadingState label={t('upload.loading')} />
      </>
    );
  }
  if (album.isError) {
    return (
      <>
        {header}
        <AlbumErrorState album={album} />
      </>
    );
  }
  const canAdd =
    (userId !== null && album.data.createdById === userId) || album.data.myRole === 'contributor';
  return (
    <>
      {header}
      <p className="lead text-break">
        {rich('upload.lead', { name: <strong key="name">{album.data.name}</strong> })}
      </p>
      {canAdd ? (
        <Uploader key={album.data.id} albumId={album.data.id} owner={userId ?? ''} />
      ) : (
        <ErrorState
          title={t(album.data.myRole === 'viewer' ? 'upload.viewerOnly' : 'upload.ownerOnly')}
        />
      )}
      <UploadIntoNewAlbum />
    </>
  );
}
