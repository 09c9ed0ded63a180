import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { dismissTrashed, useTrashed } from '../../../shared/trash/trashed-store';
import { BottomNotice } from '../../../shared/ui/bottom-notice';
import { useRestoreTrash } from '../api/trash-api';
import { useT } from '../../../i18n/i18n';

/** How long "… moved to Trash · Undo" stays (ms), unless the pointer or the focus is on it. */
export const TRASHED_NOTICE_MS = 8_000;

/**
 * "3 photos moved to Trash · Undo", at the bottom of every page: in the app's layout (loaded there
 * with the first deletion, app/layout/trashed-notice-lazy.tsx), so it stays
 * after the dialog that deleted has closed and while the user moves about the app. Undo brings
 * them back (POST /api/trash/restore) and every list on screen is read again.
 */
export function TrashedNotice() {
  const t = useT();
  const trashed = useTrashed();
  const restore = useRestoreTrash();
  const [held, setHeld] = useState(false);
  const id = trashed?.id;
  // The app loads this with the first deletion: the status region is put in first, and what it
  // says once it is there (a moment after), so that screen readers announce even the first one.
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRegionReady(true), 0);
    return () => clearTimeout(timer);
  }, []);

  // The photo viewer, a modal, makes what was in the page before it inert; a deletion made in it
  // is said here, and its Undo must work there too.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (id === undefined) return;
    region.current?.removeAttribute('inert');
    region.current?.removeAttribute('aria-hidden');
  }, [id]);

  useEffect(() => {
    if (id === undefined || held || restore.isPending) return undefined;
    const timer = setTimeout(() => dismissTrashed(id), TRASHED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [id, held, restore.isPending]);

  return createPortal(
    <div
      ref={region}
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
