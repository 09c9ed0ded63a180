import type { Photo } from '@photo/contract';
import CloseButton from 'react-bootstrap/CloseButton';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link, useNavigate } from 'react-router';
import { useAlbum } from '../../features/albums/api/get-album';
import { useUpdateAlbum } from '../../features/albums/api/update-album';
import { useSetProfilePhoto } from '../../features/profile/api/set-profile-photo';
import { useT } from '../../i18n/i18n';
import { useCurrentUserId } from '../../shared/auth/session-store';
import { paths } from '../../shared/config/paths';

/**
 * "Make this": the photo becomes the user's profile photo, or the cover of its album (album owner
 * only). Composes the profile and albums features, so it lives with the routes.
 */
export function MakeThisMenu({ photo }: { photo: Photo }) {
  const t = useT();
  const navigate = useNavigate();
  const userId = useCurrentUserId();
  const album = useAlbum(photo.albumId);
  const setProfilePhoto = useSetProfilePhoto();
  const updateAlbum = useUpdateAlbum();

  const isOwner = album.data !== undefined && userId !== null && album.data.createdById === userId;
  const coverReason = album.isPending
    ? t('layout.coverChecking')
    : isOwner
      ? null
      : t('layout.coverOwnerOnly');

  const makeAlbumCover = () =>
    updateAlbum.mutate(
      { id: photo.albumId, coverPhotoUrl: photo.photoUrl },
      { onSuccess: (updated) => void navigate(paths.albumAlias(updated.id)) },
    );

  // A fragment: the menu and its message sit in the page's row of photo actions.
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle variant="primary" className="rounded-pill" id="make-this-toggle">
          {t('layout.makeThis')}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item
            as="button"
            onClick={() => setProfilePhoto.mutate(photo.photoUrl)}
            disabled={setProfilePhoto.isPending}
          >
            {t('layout.profilePhoto')}
          </Dropdown.Item>
          <Dropdown.Item
            as="button"
            onClick={makeAlbumCover}
            disabled={coverReason !== null || updateAlbum.isPending}
            aria-describedby={coverReason ? 'album-cover-reason' : undefined}
          >
            {t('layout.albumCover')}
          </Dropdown.Item>
          {coverReason && (
            <Dropdown.ItemText id="album-cover-reason" className="small text-body-secondary">
              {coverReason}
            </Dropdown.ItemText>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {setProfilePhoto.isSuccess && (
        <div
          role="status"
          className="alert alert-success d-flex align-items-center gap-2 mb-0 py-2 w-100 order-last"
        >
          <span className="me-auto">
            {t('layout.nowProfilePhoto')}
            <Link to={paths.profile('me')} className="alert-link ms-1">
              {t('layout.seeProfile')}
            </Link>
          </span>
          <CloseButton aria-label={t('common.close')} onClick={() => setProfilePhoto.reset()} />
        </div>
      )}
    </>
  );
}
