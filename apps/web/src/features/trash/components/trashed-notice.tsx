import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { dismissTrashed, useTrashed } from '../../../shared/trash/trashed-store';
import { useOpenedOnce } from '../../../shared/lib/use-opened-once';
import { BottomNotice } from '../../../shared/ui/bottom-notice';
import { useRestoreTrash } from '../api/trash-api';
import { useT } from '../../../i18n/i18n';

/** How long "… moved to Trash · Undo" stays (ms), unless the pointer or the focus is on it. */
export const TRASHED_NOTICE_MS = 8_000;

/**
 * "3 photos moved to Trash · Undo", at the bottom of every page: in the app's layout, so it stays
 * after the dialog that deleted has closed and while the user moves about the app. Undo brings
 * them back (POST /api/trash/restore) and every list on screen is read again.
 */
export function TrashedNotice() {
  const t = useT();
  const trashed = useTrashed();
  const restore = useRestoreTrash();
  const [held, setHeld] = useState(false);
  const id = trashed?.id;
  // The status region comes with the first deletion and stays; what it says is put in once it is
  // there (the render after), so that screen readers announce even the first one.
  const regionShown = useOpenedOnce(trashed !== null);
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => {
    if (!regionShown) return undefined;
    const timer = setTimeout(() => setRegionReady(true), 0);
    return () => clearTimeout(timer);
  }, [regionShown]);

  useEffect(() => {
    if (id === undefined || held || restore.isPending) return undefined;
    const timer = setTimeout(() => dismissTrashed(id), TRASHED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [id, held, restore.isPending]);

  if (!regionShown) return null;
  return createPortal(
    <div
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <BottomNotice
        className="app-trashed-notice-region"
        dismissLabel={t('common.dismiss')}
        onDismiss={() => id !== undefined && dismissTrashed(id)}
      >
        {regionReady && trashed && (
          <>
            <span>{trashed.text}</span>
            <button
              type="button"
              className="btn btn-link btn-sm p-0 fw-semibold app-trashed-undo"
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(trashed.restore, { onSuccess: () => dismissTrashed(trashed.id) })
              }
            >
              {restore.isPending ? t('common.working') : t('trash.undo')}
            </button>
          </>
        )}
      </BottomNotice>
    </div>,
    document.body,
  );
}
