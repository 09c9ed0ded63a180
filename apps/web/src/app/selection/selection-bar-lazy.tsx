import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { albumKeys } from '../../features/albums/api/album-keys';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import type { AlbumPickerProps } from '../../shared/selection/album-picker-props';
import { useOpenedOnce } from '../../shared/lib/use-opened-once';
import type { Selection } from '../../shared/selection/use-selection';

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
 * The bar of actions on selected photos, as the timeline and an album's page show it: after an
 * action, the timeline and the albums (their photos, counts and covers) are read again.
 */
export function AppSelectionBar({ selection }: { selection: Selection }) {
  const queryClient = useQueryClient();
  return (
    <Suspense fallback={null}>
      <SelectionBar
        selection={selection}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
          void queryClient.invalidateQueries({ queryKey: albumKeys.all });
        }}
        albumPicker={(props) => <LazyAlbumPicker {...props} />}
      />
    </Suspense>
  );
}

/** The selection bar as a page's `selectionBar` prop. */
export const selectionBar = (selection: Selection) => <AppSelectionBar selection={selection} />;
