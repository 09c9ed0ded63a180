import { GUEST_NAME_MAX, type Photo } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessageWithWait } from '../../../shared/api/api-error';
import { useUploadLimits } from '../../../shared/api/client-config';
import { formatBytes } from '../../../shared/lib/file-checks';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown } from '../../../shared/lib/media';
import { placeholderDataUrl } from '../../../shared/lib/placeholder';
import { refusalBeforeSending, refusalOf } from '../../../shared/lib/upload-refusal';
import { UploadPicture } from '../../../shared/ui/upload-picture';
import { DropZone, useNoDropOnPage } from '../../../shared/ui/drop-zone';
import { UploadProgress } from '../../../shared/ui/upload-progress';
import { albumKeys } from '../../albums/api/album-keys';
import { addGuestPhoto, keepGuestName, readGuestName } from '../api/shared-link';
import { t as text, useRichT, useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

type Status = 'rejected' | 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'stopped';

interface GuestItem {
  id: number;
  file: File;
  status: Status;
  progress: number;
  /** Why it was not added, in a few words (a refusal: no retry). */
  reason?: string;
  /** Why it failed: a retry may cure it. */
  message?: string;
  /** The photo as added: its thumbnail once made, else its placeholder. */
  picture?: string;
}

const STATUS_TEXT: Record<Status, MessageId> = {
  rejected: 'upload.status.rejected',
  queued: 'upload.status.queued',
  uploading: 'upload.guest.sending',
  processing: 'upload.status.processing',
  done: 'upload.status.done',
  failed: 'upload.status.failed',
  stopped: 'upload.guest.stopped',
};

const STATUS_BADGE: Record<Status, string> = {
  rejected: 'secondary',
  queued: 'secondary',
  uploading: 'primary',
  processing: 'primary',
  done: 'success',
  failed: 'danger',
  stopped: 'secondary',
};

/** Answers after which the files still waiting cannot go either: the link's limit, or a pause. */
const STOPS_THE_REST = new Set(['GUEST_LIMIT_REACHED']);

/** Files sent at once when the server does not say how many it takes (parallelUploads). */
const GUEST_PARALLEL = 3;

/** The added photo's picture: its thumbnail when made, else its placeholder. */
function pictureOf(photo: Photo): string | undefined {
  if (isThumbShown(photo) && photo.photoUrl) return sizedImageUrl(photo.photoUrl, 'thumb');
  return placeholderDataUrl(photo.placeholder) ?? undefined;
}

let nextId = 1;

/** The guest's name, asked once and remembered on this device. */
function NameStep({ onName }: { onName: (name: string) => void }) {
  const [name, setName] = useState(readGuestName);
  const ids = useId();
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    keepGuestName(trimmed);
    onName(trimmed);
  };
  return (
    <Form onSubmit={submit} noValidate>
      <Form.Group controlId={`${ids}-name`} className="mb-3">
        <Form.Label>{t('upload.guest.name')}</Form.Label>
        <Form.Control
          value={name}
          maxLength={GUEST_NAME_MAX}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
          aria-describedby={`${ids}-help`}
        />
        <Form.Text id={`${ids}-help`}>{t('upload.guest.nameHelp')}</Form.Text>
      </Form.Group>
      <div className="d-flex justify-content-end">
        <Button type="submit" disabled={name.trim() === ''}>
          {t('upload.guest.continue')}
        </Button>
      </div>
    </Form>
  );
}

function GuestRow({ item, onRetry }: { item: GuestItem; onRetry: () => void }) {
  const percent = Math.round(item.progress * 100);
  const t = useT();
  return (
    <ListGroup.Item as="li" className="py-2 d-flex gap-2 align-items-start">
      <UploadPicture picture={item.picture} />
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="text-break me-auto">{item.file.name}</span>
          <span className="small text-body-secondary">{formatBytes(item.file.size)}</span>
          <Badge bg={STATUS_BADGE[item.status]}>
            {item.status === 'uploading'
              ? t('upload.percent', { percent: Math.min(99, percent) })
              : t(STATUS_TEXT[item.status])}
          </Badge>
          {(item.status === 'failed' || item.status === 'stopped') && (
            <Button size="sm" variant="outline-primary" onClick={onRetry}>
              {t('upload.retry')} <span className="visually-hidden">{item.file.name}</span>
            </Button>
          )}
        </div>
        {(item.status === 'uploading' ||
          item.status === 'processing' ||
          item.status === 'queued') && (
          <UploadProgress
            name={item.file.name}
            percent={percent}
            height="0.375rem"
            barClassName={
              item.status === 'processing'
                ? 'progress-bar progress-bar-striped progress-bar-animated'
                : undefined
            }
          />
        )}
        {item.reason && <p className="small mb-0 mt-1">{item.reason}</p>}
        {item.message && <p className="small text-danger mb-0 mt-1">{item.message}</p>}
      </div>
    </ListGroup.Item>
  );
}

/**
 * The guest's files, a few at a time (the server's parallelUploads), each with its progress, then
 * "Processing" while the server works, and its own refusal or error.
 */
function useGuestQueue(token: string, guestName: string) {
  const queryClient = useQueryClient();
  const limits = useUploadLimits();
  const [items, setItems] = useState<GuestItem[]>([]);
  const sending = useRef(0);

  const patch = (id: number, change: Partial<GuestItem>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));

  useEffect(() => {
    const room = (limits?.parallelUploads ?? GUEST_PARALLEL) - sending.current;
    const next = items.filter((item) => item.status === 'queued').slice(0, Math.max(0, room));
    for (const item of next) {
      sending.current += 1;
      patch(item.id, { status: 'uploading', progress: 0 });
      addGuestPhoto(token, guestName, item.file, {
        onProgress: (progress) =>
          patch(item.id, progress >= 1 ? { status: 'processing', progress: 1 } : { progress }),
      })
        .then(
          (photo) => {
            patch(item.id, { status: 'done', progress: 1, picture: pictureOf(photo) });
            void queryClient.invalidateQueries({ queryKey: albumKeys.sharedLink(token) });
          },
          (error: unknown) => {
            const reason = refusalOf(error, item.file, limits);
            const message = reason ? undefined : errorMessageWithWait(error);
            const stopsAll =
              error instanceof ApiError && (error.status === 429 || STOPS_THE_REST.has(error.code));
            setItems((all) =>
              all.map((other) => {
                if (other.id === item.id) {
                  return reason
                    ? { ...other, status: 'rejected', reason }
                    : { ...other, status: 'failed', message };
                }
                if (stopsAll && other.status === 'queued') {
                  return { ...other, status: 'stopped', message: text('upload.guest.seeAbove') };
                }
                return other;
              }),
            );
          },
        )
        .finally(() => {
          sending.current -= 1;
          // Wakes the effect: a place is free for the next file.
          setItems((all) => [...all]);
        });
    }
  }, [items, limits, token, guestName, queryClient]);

  return {
    items,
    limits,
    add(files: File[]) {
      const added = files.map((file): GuestItem => {
        const reason = refusalBeforeSending(file, limits);
        return reason
          ? { id: nextId++, file, status: 'rejected', progress: 0, reason }
          : { id: nextId++, file, status: 'queued', progress: 0 };
      });
      setItems((all) => [...all, ...added]);
    },
    retry(id: number) {
      setItems((all) =>
        all.map((item) =>
          item.id === id ? { ...item, status: 'queued', progress: 0, message: undefined } : item,
        ),
      );
    },
    busy: items.some(
      (item) =>
        item.status === 'queued' || item.status === 'uploading' || item.status === 'processing',
    ),
  };
}

type GuestQueue = ReturnType<typeof useGuestQueue>;

function UploadStep({
  queue,
  guestName,
  onChangeName,
}: {
  queue: GuestQueue;
  guestName: string;
  onChangeName: () => void;
}) {
  const helpId = useId();
  const { limits } = queue;
  const done = queue.items.filter((item) => item.status === 'done').length;
  const t = useT();
  const rich = useRichT();

  return (
    <>
      <p className="small mb-3">
        {rich('upload.guest.as', {
          name: (
            <span key="name" className="fw-semibold">
              {guestName}
            </span>
          ),
        })}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onChangeName}>
          {t('upload.guest.notYou')}
        </Button>
      </p>
      <DropZone
        onFiles={(files) => queue.add(files)}
        limits={limits}
        helpId={helpId}
        inputTestId="guest-upload-input"
      />
      <p className="visually-hidden" role="status">
        {queue.items.length > 0
          ? t('upload.guest.progress', { added: done, count: queue.items.length })
          : ''}
      </p>
      {queue.items.length > 0 && (
        <ListGroup as="ul" aria-label={t('upload.guest.files')}>
          {queue.items.map((item) => (
            <GuestRow key={item.id} item={item} onRetry={() => queue.retry(item.id)} />
          ))}
        </ListGroup>
      )}
    </>
  );
}

/**
 * "Add photos" on an addPhotos link's page: the guest gives a name (once), then picks or drops
 * photos and videos, each sent to the album with its progress; added ones show in the grid.
 */
export function GuestUpload({ token, albumName }: { token: string; albumName: string }) {
  const [show, setShow] = useState(false);
  const [guestName, setGuestName] = useState(readGuestName);
  const [askName, setAskName] = useState(false);
  const titleId = useId();
  const t = useT();
  const queue = useGuestQueue(token, guestName);
  // A file dropped beside the zone must not replace the page with the image.
  useNoDropOnPage(show);
  const naming = askName || guestName === '';
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setShow(true)}>
        {t('upload.guest.add')}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5 text-break">
            {t('upload.guest.title', { name: albumName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {naming ? (
            <NameStep
              onName={(name) => {
                setGuestName(name);
                setAskName(false);
              }}
            />
          ) : (
            <UploadStep queue={queue} guestName={guestName} onChangeName={() => setAskName(true)} />
          )}
        </Modal.Body>
        {!naming && (
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setShow(false)}>
              {t('upload.guest.done')}
            </Button>
          </Modal.Footer>
        )}
      </Modal>
    </>
  );
}
