import { Suspense, lazy } from 'react';
import { useOpenedOnce } from '../../shared/lib/use-opened-once';
import { useTrashed } from '../../shared/trash/trashed-store';

// Loaded with the first deletion to Trash: the first page's code does without it (decision 0032).
const TrashedNotice = lazy(() =>
  import('../../features/trash/components/trashed-notice').then((m) => ({
    default: m.TrashedNotice,
  })),
);

/** "… moved to Trash · Undo" of the whole app, from the first deletion on. */
export function LazyTrashedNotice() {
  const opened = useOpenedOnce(useTrashed() !== null);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <TrashedNotice />
    </Suspense>
  );
}
