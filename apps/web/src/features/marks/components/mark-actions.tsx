import type { MarkActionsProps } from '../../../shared/selection/selected-marks';
import { useT } from '../../../i18n/i18n';
import { useMarkPhotos, type MarkChange } from '../api/mark-photos';

/** What each action did, said once it is done. */
const DONE = {
  favourite: 'marks.done.favourite',
  unfavourite: 'marks.done.unfavourite',
  archive: 'marks.done.archive',
  unarchive: 'marks.done.unarchive',
} as const;

/**
 * The selection bar's actions on marks: Favourite, or Remove from favourites when every selected
 * photo is one; Archive, or Unarchive when every one is archived, for one's own photos only.
 */
export function MarkActions({
  ids,
  marks,
  busy,
  checked,
  finish,
  action,
  onChanged,
}: MarkActionsProps & { onChanged: () => void }) {
  const t = useT();
  const mark = useMarkPhotos(onChanged);
  const count = ids.length;
  const run = (change: MarkChange) =>
    checked(() =>
      mark.mutate(
        { change, photoIds: ids },
        { onSuccess: () => finish(t(DONE[change], { count })) },
      ),
    );
  const disabled = busy || mark.isPending;
  return (
    <>
      {action(
        marks.allFavourite
          ? {
              icon: 'unheart',
              label: t('marks.unfavourite'),
              onClick: run('unfavourite'),
              disabled,
            }
          : { icon: 'heart', label: t('marks.favourite'), onClick: run('favourite'), disabled },
      )}
      {marks.allMine &&
        action(
          marks.allArchived
            ? {
                icon: 'unarchive',
                label: t('marks.unarchive'),
                onClick: run('unarchive'),
                disabled,
              }
            : { icon: 'archive', label: t('marks.archive'), onClick: run('archive'), disabled },
        )}
    </>
  );
}
