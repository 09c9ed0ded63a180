import type { LockedPhoto } from '@photo/contract';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import { SelectionNotice } from '../../../shared/selection/selection-notice';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { useLockedPhotos } from '../api/locked-photos';
import { endLockedSession, useLockedSession } from '../api/locked-session';
import { LockIcon } from './lock-icon';
import { LockedBar } from './locked-bar';
import { UnlockStep } from './unlock-step';
import './locked.css';

function Tile({
  photo,
  label,
  selection,
  ordered,
  onOpen,
}: {
  photo: LockedPhoto;
  label: string;
  selection: Selection;
  ordered: () => readonly string[];
  onOpen: () => void;
}) {
  return (
    <SelectableTile
      id={photo.id}
      label={label}
      selection={selection}
      ordered={ordered}
      role="listitem"
      className="app-locked-tile"
      open={(className) => (
        <button type="button" className={className} aria-label={label} onClick={onOpen} />
      )}
    >
      <span
        className="app-select-picture app-locked-picture"
        style={{ backgroundColor: placeholderColour(photo.placeholder) }}
      >
        {photo.thumbReady !== false && (
          <img
            src={sizedImageUrl(photo.photoUrl, 'thumb')}
            alt=""
            className="app-locked-img"
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        )}
        <MediaBadge photo={photo} />
      </span>
    </SelectableTile>
  );
}

/** A photo of the locked place, larger, in a dialog (it is shown nowhere else). */
function Preview({
  photo,
  label,
  onClose,
}: {
  photo: LockedPhoto | null;
  label: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      show={photo !== null}
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="locked-preview"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" className="h6" id="locked-preview">
          {label}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        {photo && (
          <img src={sizedImageUrl(photo.photoUrl, 'preview')} alt={label} className="img-fluid" />
        )}
      </Modal.Body>
    </Modal>
  );
}

/** The open locked place: its photos, a Lock button, and its own selection bar. */
function LockedGallery({ session, onChanged }: { session: string; onChanged: () => void }) {
  const t = useT();
  const query = useLockedPhotos(session);
  const selection = useSelection();
  const [opened, setOpened] = useState<LockedPhoto | null>(null);
  const photos = query.data?.photos ?? [];
  const ordered = () => photos.map((photo) => photo.id);
  const labelOf = (photo: LockedPhoto) =>
    mediaNameWith(photo, t('locked.photoOf', { date: formatDateTaken(photo.sortDate) }));
  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-3">
        <span className="app-locked-badge" aria-hidden="true">
          <LockIcon size={20} />
        </span>
        <div className="app-min-w-0">
          <h1 className="h3 mb-0">{t('locked.title')}</h1>
          {query.data && query.data.total > 0 && (
            <p className="text-body-secondary small mb-0">
              {t('locked.count', { count: query.data.total })}
            </p>
          )}
        </div>
        <Button
          variant="outline-secondary"
          className="ms-auto d-inline-flex align-items-center gap-2"
          onClick={endLockedSession}
        >
          <LockIcon size={18} />
          {t('locked.lock')}
        </Button>
      </div>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState
          title={t('locked.loadFailed')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && photos.length === 0 && (
        <EmptyState
          icon="lock"
          title={t('locked.emptyTitle')}
          text={t('locked.emptyText')}
          action={
            <Link to={paths.timeline} className="btn btn-primary">
              {t('locked.emptyAction')}
            </Link>
          }
        />
      )}
      {photos.length > 0 && (
        <div className="app-locked-grid" role="list" aria-label={t('locked.title')}>
          {photos.map((photo) => (
            <Tile
              key={photo.id}
              photo={photo}
              label={labelOf(photo)}
              selection={selection}
              ordered={ordered}
              onOpen={() => setOpened(photo)}
            />
          ))}
        </div>
      )}
      <Preview
        photo={opened}
        label={opened ? labelOf(opened) : ''}
        onClose={() => setOpened(null)}
      />
      {selection.selecting && <LockedBar selection={selection} onChanged={onChanged} />}
      <SelectionNotice selection={selection} />
    </>
  );
}

/**
 * The locked place (route /locked, decision 0084): photos moved out of every other view, shown
 * only after the person confirms it is them. Leaving the page (or the tab) ends its session, so
 * its picture addresses stop loading; so does the Lock button, and five idle minutes.
 */
export function LockedPage({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const session = useLockedSession();
  useEffect(() => {
    window.addEventListener('pagehide', endLockedSession);
    return () => {
      window.removeEventListener('pagehide', endLockedSession);
      endLockedSession();
    };
  }, []);
  return (
    <div className="container-lg py-3">
      <PageTitle title={t('locked.title')} />
      {session ? <LockedGallery session={session} onChanged={onChanged} /> : <UnlockStep />}
    </div>
  );
}
