import { Suspense, lazy } from 'react';
import type { usePhotoViewer } from '../hooks/use-photo-viewer';
import type { PhotoLightboxProps } from './photo-lightbox';

// The viewer and its library are loaded when a photo is first opened, not with the page.
const PhotoLightbox = lazy(() => import('./photo-lightbox'));

type PhotoViewer = Pick<ReturnType<typeof usePhotoViewer>, 'index' | 'list' | 'view' | 'close'>;

/** The viewer over a page's photos while the address names one of them; nothing otherwise. */
export function ViewerLightbox({
  viewer,
  ...props
}: { viewer: PhotoViewer } & Omit<PhotoLightboxProps, 'photos' | 'index' | 'onView' | 'onClose'>) {
  if (viewer.index < 0) return null;
  return (
    <Suspense fallback={null}>
      <PhotoLightbox
        photos={viewer.list}
        index={viewer.index}
        onView={viewer.view}
        onClose={viewer.close}
        {...props}
      />
    </Suspense>
  );
}
