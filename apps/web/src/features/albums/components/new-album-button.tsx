import type { Album } from '@photo/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useT } from '../../../i18n/i18n';

const NewAlbumDialog = lazy(() => import('./new-album-dialog'));

/**
 * "New album": asks a name, makes an album with no photo, then opens it (or does `onCreated`).
 * The dialog's code loads when the button is first pressed.
 */
export function NewAlbumButton({
  className = 'btn btn-primary',
  label,
  onCreated,
}: {
  className?: string;
  label?: string;
  onCreated?: (album: Album) => void;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  const t = useT();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {label ?? t('albums.new')}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <NewAlbumDialog
            show={open}
            onCancel={() => setOpen(false)}
            onCreated={(album) => {
              setOpen(false);
              if (onCreated) onCreated(album);
              else void navigate(paths.album(album.id));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
