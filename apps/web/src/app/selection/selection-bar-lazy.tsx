import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { albumKeys } from '../../features/albums/api/album-keys';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import type { AlbumPickerProps } from '../../shared/selection/album-picker-props';
import { useOpenedOnce } from '../../shared/lib/use-opened-once';
import type { Selection } from '../../shared/selection/use-selection';
import type { SelectedMarks } from '../../shared/selection/selected-marks';
import { marksKeys } from '../../features/marks/api/marks-keys';
import { MarkActions } from '../../features/marks/components/mark-actions';

// Loaded when a first photo is selected, and the album picker when first opened: neither comes
// with the page.
const SelectionBar = lazy(() => import('../../features/selection/components/selection-bar'));
const AlbumPicker = lazy(() => import('../../features/albums/components/album-picker'));

function LazyAlbumPicker(props: AlbumPickerProps) {
  const opened = useOpenedOnce(props.show);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AlbumPicker {...props} />
    </Suspense>
  );
}

/**
 * The bar of actions on selected photos, as the timeline, an album's page and the Archive show
 * it: after an action, the timeline, the albums (their photos, counts and covers) and the Archive
 * are read again.
 */
export function AppSelectionBar({
  selection,
  marks,
}: {
  selection: Selection;
  marks?: SelectedMarks | undefined;
}) {
  const queryClient = useQueryClient();
  const onChanged = () => {
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    void queryClient.invalidateQueries({ queryKey: marksKeys.all });
  };
  return (
    <Suspense fallback={null}>
      <SelectionBar
        selection={selection}
        onChanged={onChanged}
        albumPicker={(props) => <LazyAlbumPicker {...props} />}
        marks={marks}
        markActions={(props) => <MarkActions {...props} onChanged={onChanged} />}
      />
    </Suspense>
  );
}

/** The selection bar as a page's `selectionBar` prop, with what the page knows of the marks. */
export const selectionBar = (selection: Selection, marks?: SelectedMarks) => (
  <AppSelectionBar selection={selection} marks={marks} />
);
