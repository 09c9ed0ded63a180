import type { Photo } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createIcon, stopNavigationEventsPropagation } from 'yet-another-react-lightbox';
import { errorMessage } from '../../../shared/api/api-error';
import { useTrashDays } from '../../../shared/api/client-config';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { announceTrashed } from '../../../shared/trash/trashed-store';
import { useT } from '../../../i18n/i18n';

const DeleteIcon = createIcon(
  'Delete',
  <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM8 9h8v10H8V9zm7.5-5-1-1h-5l-1 1H5v2h14V4h-3.5z" />,
);

/** Deleting from the viewer, as the page that opens it deletes (the app gives it). */
export interface ViewerDeletion {
  /** Whether the signed-in person may delete it: an album's owner any photo, a contributor theirs. */
  may: (photo: Photo) => boolean;
  /** DELETE /api/photos/{id}, and nothing more: the lists are read again by `done`. */
  request: (photo: Photo) => Promise<unknown>;
  /**
   * The photo is gone (to Trash, or for good), and the viewer has moved on from it: what listed it
   * is read again. After the move, so that the viewer's list still names the photo it moves from.
   */
  done: (photo: Photo) => void;
}

/** Whether a key press is meant for a field being typed in or a dialog, not for the viewer. */
function notForViewer(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
      target.closest('.modal') !== null)
  );
}

/**
 * The viewer's Delete: a toolbar button, and the Delete key (as in Immich and Google Photos). It
 * asks as the selection bar does: to Trash with the app's "moved to Trash · Undo" after, when the
 * server keeps one (clientConfig.trash.days); for good otherwise, or while that is not known. Then
 * `leave` moves the viewer on (the next photo, or it closes after the last).
 */
export function ViewerDelete({
  photo,
  deletion,
  buttonClass,
  leave,
}: {
  photo: Photo;
  deletion: ViewerDeletion;
  buttonClass: string;
  leave: (photo: Photo) => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  // Deleted photos wait in Trash this many days; 0 (or not known yet): deleting is final.
  const days = useTrashDays() ?? 0;
  const remove = useMutation({
    mutationFn: () => deletion.request(photo),
    // Said in the dialog, which stays open: the viewer is over the app's notifications.
    meta: { quiet: true },
    onSuccess: () => {
      setAsking(false);
      leave(photo);
      deletion.done(photo);
      if (days) {
        announceTrashed({
          text: t('trash.moved', { count: 1 }),
          restore: { photoIds: [photo.id] },
        });
      }
    },
  });
  const ask = useRef(() => {});
  useEffect(() => {
    ask.current = () => {
      remove.reset();
      setAsking(true);
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (notForViewer(event.target)) return;
      event.preventDefault();
      ask.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const label = t('viewer.delete');
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        title={label}
        aria-keyshortcuts="Delete"
        onClick={() => ask.current()}
      >
        <DeleteIcon />
        <span className="visually-hidden">{label}</span>
      </button>
      {/* The dialog is drawn over the viewer: its keys and clicks are not the viewer's. */}
      <span {...stopNavigationEventsPropagation()}>
        <ConfirmDialog
          show={asking}
          title={t(days ? 'trash.move.title' : 'selection.delete.title', { count: 1 })}
          confirmLabel={t(days ? 'trash.move.confirm' : 'selection.delete.confirm', { count: 1 })}
          busy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => remove.mutate()}
        >
          {days
            ? t('trash.move.text', { count: 1, days })
            : t('selection.delete.text', { count: 1 })}
          {remove.isError && (
            <span role="alert" className="d-block mt-2 text-danger">
              {t('viewer.delete.failed', { error: errorMessage(remove.error) })}
            </span>
          )}
        </ConfirmDialog>
      </span>
    </>
  );
}
