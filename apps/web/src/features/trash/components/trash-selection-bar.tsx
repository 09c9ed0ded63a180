import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import type { Selection } from '../../../shared/selection/use-selection';
import { SelectionAction, SelectionBarFrame } from '../../selection/components/selection-bar-frame';
import { useDeleteForGood, useRestoreTrash } from '../api/trash-api';
import type { TrashNotice } from './restored-notice';
import { useT } from '../../../i18n/i18n';

/**
 * The selection bar of the Trash page, in the bar's style: Restore, and Delete for good (after
 * asking). `onDone` is told what was done, so the page can say it (and where restored photos
 * went).
 */
export function TrashSelectionBar({
  selection,
  onDone,
}: {
  selection: Selection;
  onDone: (notice: TrashNotice) => void;
}) {
  const t = useT();
  const ids = [...selection.ids];
  const count = ids.length;
  const [asking, setAsking] = useState(false);
  const restore = useRestoreTrash();
  const remove = useDeleteForGood();
  const busy = restore.isPending || remove.isPending;
  return (
    <>
      <SelectionBarFrame selection={selection}>
        <SelectionAction
          icon="restore"
          label={t('trash.restore')}
          disabled={busy}
          onClick={() =>
            restore.mutate(
              { photoIds: ids },
              {
                onSuccess: (restored) => {
                  selection.clear();
                  onDone({ restored });
                },
              },
            )
          }
        />
        <SelectionAction
          icon="trash"
          label={t('trash.deleteForGood')}
          disabled={busy}
          onClick={() => setAsking(true)}
        />
      </SelectionBarFrame>
      <ConfirmDialog
        show={asking}
        title={t('trash.deleteForGood.title', { count })}
        confirmLabel={t('trash.deleteForGood.confirm', { count })}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(
            { photoIds: ids },
            {
              onSuccess: (result) => {
                selection.clear();
                onDone({ text: t('trash.deletedForGood', { count: result.count }) });
              },
              onSettled: () => setAsking(false),
            },
          )
        }
      >
        {t('trash.deleteForGood.text', { count })}
      </ConfirmDialog>
    </>
  );
}
