import { Suspense, lazy } from 'react';
import type { AlbumDialogProps } from '../../features/albums/components/album-details-page';

// What the owner opens now and then loads when first opened, not with the album's page.
const ShareDialog = lazy(() =>
  import('../../features/sharing/components/share-dialog').then((module) => ({
    default: module.ShareDialog,
  })),
);

/** The album page's Share dialog, from the sharing feature. */
export function shareDialog(props: AlbumDialogProps) {
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
