import type { Photo } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Suspense, lazy, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { albumKeys } from '../../features/albums/api/album-keys';
import { useAlbum } from '../../features/albums/api/get-album';
import { useSavePhoto } from '../../features/photos/api/save-photo';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import { errorMessage } from '../../shared/api/api-error';
import { useCurrentUserId } from '../../shared/auth/session-store';
import { paths } from '../../shared/config/paths';
import { useOpenedOnce } from '../../shared/lib/use-opened-once';
import { BottomNotice } from '../../shared/ui/bottom-notice';
import './save-to-library.css';
import { useRichT, useT } from '../../i18n/i18n';

// The picker comes when first opened, as from the selection bar.
const AlbumPicker = lazy(() => import('../../features/albums/components/album-picker'));

/** How long "Saved to …" stays. */
const NOTICE_MS = 8_000;

function SaveIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6H2v14a2 2 0 0 0 2 2h14v-2H4V6Zm16-4H8a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2Zm0 14H8V4h12v12Zm-7-2h2v-3h3V9h-3V6h-2v3h-3v2h3v3Z" />
    </svg>
  );
}

/** "Saved to ‹album›", with a link to it; or why saving failed. A status, always in the page. */
function SavedNotice({
  saved,
  error,
  onDismiss,
}: {
  saved: { albumId: string; name: string } | null;
  error: string | null;
  onDismiss: () => void;
}) {
  const t = useT();
  const rich = useRichT();
  useEffect(() => {
    if (!saved && !error) return undefined;
    const timer = setTimeout(onDismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [saved, error, onDismiss]);
  return createPortal(
    <BottomNotice
      className="app-saved-notice-region"
      dismissLabel={t('viewer.dismiss')}
      onDismiss={onDismiss}
    >
      {saved ? (
        <span>
          {rich('viewer.saved', {
            name: (
              <Link key="name" to={paths.album(saved.albumId)} className="text-break">
                {saved.name}
              </Link>
            ),
          })}
        </span>
      ) : (
        error && <span>{t('viewer.save.failed', { error })}</span>
      )}
    </BottomNotice>,
    document.body,
  );
}

/**
 * "Save to my library", for a photo of an album the user does not own: an album picker (their
 * albums, and those they contribute to), then the photo is saved there (the same stored file, a
 * photo of theirs that stays when they leave the shared album) and "Saved to ‹album›" links to
 * it. With `buttonClass`, a toolbar icon button (the photo viewer's); else a button of the photo
 * page's row of actions. Nothing for the album's owner.
 */
export function SaveToLibrary({ photo, buttonClass }: { photo: Photo; buttonClass?: string }) {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const album = useAlbum(photo.albumId);
  const [picking, setPicking] = useState(false);
  const [saved, setSaved] = useState<{ albumId: string; name: string } | null>(null);
  const save = useSavePhoto(photo.id, () => {
    setPicking(false);
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
  });
  const opened = useOpenedOnce(picking);
  const t = useT();
  const label = t('viewer.save');

  if (userId === null || !album.data || album.data.createdById === userId) return null;

  const open = () => {
    save.reset();
    setSaved(null);
    setPicking(true);
  };
  const dismiss = () => {
    setSaved(null);
    save.reset();
  };
  return (
    <>
      {buttonClass !== undefined ? (
        <button
          type="button"
          className={buttonClass}
          title={label}
          aria-haspopup="dialog"
          onClick={open}
        >
          <SaveIcon />
          <span className="visually-hidden">{label}</span>
        </button>
      ) : (
        <Button
          variant="outline-primary"
          className="rounded-pill"
          aria-haspopup="dialog"
          onClick={open}
        >
          {label}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <AlbumPicker
            show={picking}
            title={label}
            count={1}
            busy={save.isPending}
            onPick={(chosen) =>
              save.mutate(chosen.id, {
                onSuccess: (photoSaved) =>
                  setSaved({ albumId: photoSaved.albumId, name: chosen.name }),
              })
            }
            onCancel={() => setPicking(false)}
          />
        </Suspense>
      )}
      {/* From the first opening on: the status is in the page before it says anything. */}
      {opened && (
        <SavedNotice
          saved={saved}
          error={save.isError ? errorMessage(save.error) : null}
          onDismiss={dismiss}
        />
      )}
    </>
  );
}
