import type { Album } from '@photo/contract';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { BusyModal } from '../../../shared/components/busy-modal';
import { LoadingState } from '../../../shared/components/loading-state';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { placeholderColour } from '../../../shared/lib/placeholder';
import type { AlbumPickerProps } from '../../../shared/selection/album-picker-props';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { useAlbums } from '../api/get-albums';
import { useT } from '../../../i18n/i18n';
import { AlbumIcon } from './album-icons';
import { NewAlbumForm } from './new-album-form';
import './album-picker.css';

/** Reads every page of a list of albums (a person has tens, rarely thousands). */
function useAllAlbums(scope: 'mine' | 'shared') {
  const albums = useAlbums(scope);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = albums;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return albums;
}

/**
 * Chooses the album selected photos are added or moved to: a new one ("New album…", at the top),
 * the person's own albums and those shared with them as a contributor, newest first. Loaded when
 * first opened.
 */
export default function AlbumPicker({
  show,
  title,
  count,
  busy,
  onPick,
  onCancel,
}: AlbumPickerProps) {
  const t = useT();
  const [naming, setNaming] = useState(false);
  // Each opening starts at the list.
  const [shown, setShown] = useState(show);
  if (shown !== show) {
    setShown(show);
    if (!show) setNaming(false);
  }
  return (
    <BusyModal
      show={show}
      busy={busy}
      onCancel={onCancel}
      scrollable
      titleId="album-picker-title"
      title={
        <>
          {title}
          <span className="d-block small fw-normal text-body-secondary">
            {t('albums.photos', { count })}
          </span>
        </>
      }
    >
      <Modal.Body className="p-2">
        {naming ? (
          <div className="p-2">
            <NewAlbumForm
              busy={busy}
              startsEmpty={false}
              submitLabel={t('albums.picker.newSubmit')}
              onCancel={() => setNaming(false)}
              onCreated={(album) => onPick({ id: album.id, name: album.name, created: true })}
            />
          </div>
        ) : (
          <>
            <button
              type="button"
              className="app-album-choice"
              disabled={busy}
              onClick={() => setNaming(true)}
            >
              <span className="app-album-choice-cover app-album-choice-new">
                <AlbumIcon name="add" size="1.5rem" />
              </span>
              <span className="app-album-choice-text fw-semibold">{t('albums.picker.new')}</span>
            </button>
            <AlbumChoices busy={busy} onPick={onPick} />
          </>
        )}
      </Modal.Body>
    </BusyModal>
  );
}

/** The albums the photos may go to, each a button. */
function AlbumChoices({ busy, onPick }: Pick<AlbumPickerProps, 'busy' | 'onPick'>) {
  const userId = useCurrentUserId();
  const mine = useAllAlbums('mine');
  const shared = useAllAlbums('shared');
  const choices = useMemo<Album[]>(
    () => [
      ...(mine.data ?? []).filter((album) => userId === null || album.createdById === userId),
      ...(shared.data ?? []).filter((album) => album.myRole === 'contributor'),
    ],
    [mine.data, shared.data, userId],
  );
  const error = mine.error ?? shared.error;
  const t = useT();
  if ((mine.isPending || shared.isPending) && choices.length === 0) {
    return <LoadingState label={t('albums.loading')} />;
  }
  if (error && choices.length === 0) {
    return (
      <p className="text-danger m-2">
        {t('albums.loadFailed')} {errorMessage(error)}
      </p>
    );
  }
  if (choices.length === 0) {
    return <p className="text-body-secondary m-2">{t('albums.picker.none')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0 app-album-picker" aria-busy={busy}>
      {choices.map((album) => (
        <li key={album.id}>
          <button
            type="button"
            className="app-album-choice"
            disabled={busy}
            onClick={() => onPick({ id: album.id, name: album.name })}
          >
            <span
              className="app-album-choice-cover"
              style={{ backgroundColor: placeholderColour(album.coverPlaceholder) }}
            >
              {album.coverReady && album.photoCount > 0 && (
                <img src={sizedImageUrl(album.coverPhotoUrl, 'thumb')} alt="" loading="lazy" />
              )}
            </span>
            <span className="app-album-choice-text">
              <span className="fw-semibold text-break">{album.name}</span>
              <span className="small text-body-secondary">
                {album.myRole === 'contributor' && album.createdBy
                  ? t('albums.picker.theirs', { count: album.photoCount, name: album.createdBy })
                  : t('albums.photos', { count: album.photoCount })}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
