import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../../i18n/i18n';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import type { Selection } from '../../../shared/selection/use-selection';
import { LineIcon } from '../../../shared/ui/line-icon';
import { useDeleteForGood, useMoveOut } from '../api/locked-photos';
// The look of the app's selection bar: the locked page's has its own actions.
import '../../selection/components/selection-bar.css';

const ICONS = {
  close: 'M5 5l10 10M15 5 5 15',
  moveOut: 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 5.8-1',
  trash: 'M3.5 5.5h13M8 5.5v-2h4v2M5.5 5.5l.75 11h7.5l.75-11M8.5 8.5v5M11.5 8.5v5',
} as const;

/**
 * Over the top bar while photos of the locked place are selected: how many, Clear, Move out (back
 * to their albums), and Delete for good (after asking: there is no Trash for the locked place).
 */
export function LockedBar({
  selection,
  onChanged,
}: {
  selection: Selection;
  /** Photos left the locked place: what shows them elsewhere is read again. */
  onChanged: () => void;
}) {
  const t = useT();
  const ids = [...selection.ids];
  const count = ids.length;
  const [confirming, setConfirming] = useState(false);
  const moveOut = useMoveOut(onChanged);
  const remove = useDeleteForGood(onChanged);
  const busy = moveOut.isPending || remove.isPending;
  return (
    <>
      {createPortal(
        <div className="app-selection-bar" role="toolbar" aria-label={t('selection.bar')}>
          <div className="container-lg app-selection-inner">
            <button
              type="button"
              className="app-selection-action"
              aria-label={t('selection.clear')}
              onClick={selection.clear}
            >
              <LineIcon d={ICONS.close} size={20} />
            </button>
            <span className="app-selection-count" aria-live="polite">
              {t('selection.count', { count })}
            </span>
            <div className="app-selection-actions">
              <button
                type="button"
                className="app-selection-action"
                disabled={busy}
                onClick={() =>
                  moveOut.mutate(ids, {
                    onSuccess: (result) =>
                      selection.finish(
                        result.elsewhere.album
                          ? t('locked.movedOutElsewhere', {
                              count,
                              album: result.elsewhere.album.name,
                            })
                          : t('locked.movedOut', { count }),
                      ),
                  })
                }
              >
                <LineIcon d={ICONS.moveOut} size={20} />
                <span className="app-selection-action-label">{t('locked.moveOut')}</span>
              </button>
              <button
                type="button"
                className="app-selection-action"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                <LineIcon d={ICONS.trash} size={20} />
                <span className="app-selection-action-label">{t('locked.deleteForGood')}</span>
              </button>
            </div>
          </div>
        </div>,
        document.body,
      )}
      <ConfirmDialog
        show={confirming}
        title={t('locked.delete.title', { count })}
        confirmLabel={t('locked.delete.confirm', { count })}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(ids, {
            onSuccess: () => selection.finish(t('locked.deleted', { count })),
            onSettled: () => setConfirming(false),
          })
        }
      >
        {t('locked.delete.text', { count })}
      </ConfirmDialog>
    </>
  );
}
