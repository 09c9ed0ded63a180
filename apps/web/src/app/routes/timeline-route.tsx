import type { Photo, TimelinePhoto } from '@photo/contract';
import { Suspense, lazy, useMemo } from 'react';
import {
  TimelinePage,
  type TimelineViewerProps,
} from '../../features/timeline/components/timeline-page';
import { selectionBar } from '../selection/selection-bar-lazy';
import { viewerFavourite } from '../viewer/viewer-parts-lazy';

// The viewer and its library are loaded when a photo is first opened, not with the page.
const PhotoLightbox = lazy(() => import('../../features/viewer/components/photo-lightbox'));

/**
 * A timeline photo as the viewer reads a photo: its picture, shape and date; the facts the
 * timeline does not carry (who added it, likes, comments) are on the photo's page, which the
 * viewer links to.
 */
function asPhoto(photo: TimelinePhoto): Photo {
  return {
    id: photo.id,
    albumId: photo.albumId,
    fileId: '',
    photoUrl: photo.photoUrl,
    placeholder: photo.placeholder,
    ready: photo.ready,
    ...(photo.thumbReady !== undefined ? { thumbReady: photo.thumbReady } : {}),
    createdBy: '',
    createdById: photo.createdById,
    dateCreated: photo.date,
    width: photo.width,
    height: photo.height,
    dateTaken: photo.date,
    cameraMake: null,
    cameraModel: null,
    fileSize: 0,
    rotation: 0,
    likeCount: 0,
    likedByMe: false,
    commentCount: 0,
    kind: photo.kind,
    video: photo.video,
    favourite: photo.favourite,
  };
}

function TimelineViewer({ photos, index, onView, onClose }: TimelineViewerProps) {
  const shown = useMemo(() => photos.map(asPhoto), [photos]);
  return (
    <Suspense fallback={null}>
      <PhotoLightbox
        photos={shown}
        index={index}
        onView={onView}
        onClose={onClose}
        favourite={viewerFavourite}
        pageLink
      />
    </Suspense>
  );
}

const viewer = (props: TimelineViewerProps) => <TimelineViewer {...props} />;

export function TimelineRoute() {
  return <TimelinePage selectionBar={selectionBar} viewer={viewer} />;
}

/** Favourites: the same grid, of the person's favourites only (decision 0082). */
export function FavouritesRoute() {
  return <TimelinePage selectionBar={selectionBar} viewer={viewer} favourites />;
}
