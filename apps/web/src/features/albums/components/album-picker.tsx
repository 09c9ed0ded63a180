import type { Album } from '@photo/contract';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { BusyModal } from '../../../shared/components/busy-modal';
import { LoadingState } from '../../../shared/components/loading-state';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { placeholderColour } from '../../../shared/lib/placeholder';
import type { AlbumPickerProps } from '../../../shared/selection/album-picker-props';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { useAlbums } from '../api/get-albums';
import { useT } from '../../../i18n/i18n';
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
 * Chooses the album selected photos are added or moved to: the person's own albums and those
 * shared with them as a contributor, newest first. Loaded when first opened.
 */
export default function AlbumPicker({
  show,
  title,
  count,
  busy,
  onPick,
  onCancel,
}: AlbumPickerProps) {
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
        {(mine.isPending || shared.isPending) && choices.length === 0 ? (
          <LoadingState label={t('albums.loading')} />
        ) : error && choices.length === 0 ? (
          <p className="text-danger m-2">
            {t('albums.loadFailed')} {errorMessage(error)}
          </p>
        ) : choices.length === 0 ? (
          <p className="text-body-secondary m-2">{t('albums.picker.none')}</p>
        ) : (
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
                      <img
                        src={sizedImageUrl(album.coverPhotoUrl, 'thumb')}
                        alt=""
                        loading="lazy"
                      />
                    )}
                  </span>
                  <span className="app-album-choice-text">
                    <span className="fw-semibold text-break">{album.name}</span>
                    <span className="small text-body-secondary">
                      {album.myRole === 'contributor' && album.createdBy
                        ? t('albums.picker.theirs', {
                            count: album.photoCount,
                            name: album.createdBy,
                          })
                        : t('albums.photos', { count: album.photoCount })}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal.Body>
    </BusyModal>
  );
}
