import type { Photo, TimelinePhoto } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import { albumKeys } from '../../features/albums/api/album-keys';
import { deletePhoto } from '../../features/albums/api/delete-photo';
import { useAlbum } from '../../features/albums/api/get-album';
import { marksKeys } from '../../features/marks/api/marks-keys';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import type { ViewerDeletion } from '../../features/viewer/components/viewer-delete';
import { useCurrentUserId } from '../../shared/auth/session-store';
import {
  TimelinePage,
  type TimelineViewerProps,
} from '../../features/timeline/components/timeline-page';
import { selectionBar } from '../selection/selection-bar-lazy';
import { detailsViewerParts, viewerArchive, viewerFavourite } from '../viewer/viewer-parts-lazy';

// The viewer and its library are loaded when a photo is first opened, not with the page.
const PhotoLightbox = lazy(() => import('../../features/viewer/components/photo-lightbox'));
// "On this day" comes in its own chunk, after the page (decisions 0106, 0108).
const MemoriesRow = lazy(() => import('../../features/memories/components/memories-row'));

/**
 * A timeline photo as the viewer reads a photo: its picture, shape and date; the facts the
 * timeline does not carry (who added it, the details) are read from the photo's own answer when
 * Info opens; likes and comments are on the photo's page, which the viewer links to.
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
    // Photos and its favourites never list a photo the person archived.
    archived: false,
  };
}

/**
 * Delete and Archive in the timeline's viewer. One deletes one's own photos, and any of an album
 * one owns: the album of the photo shown is read to know. Either leaves Photos: the viewer moves
 * on, then Photos, the albums and the Archive are read again.
 */
function useTimelineActions(shown: TimelinePhoto | undefined) {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const album = useAlbum(shown && shown.createdById !== userId ? shown.albumId : '');
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    void queryClient.invalidateQueries({ queryKey: marksKeys.all });
  };
  const deletion: ViewerDeletion = {
    may: (photo) =>
      userId !== null &&
      (photo.createdById === userId ||
        (album.data?.id === photo.albumId && album.data.createdById === userId)),
    request: (photo) => deletePhoto(photo.id),
    done: readAgain,
  };
  const archive = viewerArchive(userId, (_photo, archived, leave) => {
    if (archived) leave();
    readAgain();
  });
  return { deletion, archive };
}

function TimelineViewer({ photos, place, index, onView, onClose }: TimelineViewerProps) {
  const shown = useMemo(() => photos.map(asPhoto), [photos]);
  const { deletion, archive } = useTimelineActions(photos[index]);
  return (
    <Suspense fallback={null}>
      <PhotoLightbox
        photos={shown}
        place={place}
        index={index}
        onView={onView}
        onClose={onClose}
        parts={detailsViewerParts}
        favourite={viewerFavourite}
        archive={archive}
        deletion={deletion}
        pageLink
      />
    </Suspense>
  );
}

/** The timeline's viewer, also the Map's (its photos are tiles too). */
export const viewer = (props: TimelineViewerProps) => <TimelineViewer {...props} />;

const memories = (
  <Suspense fallback={null}>
    <MemoriesRow cards />
  </Suspense>
);

export function TimelineRoute() {
  return <TimelinePage selectionBar={selectionBar} viewer={viewer} header={memories} />;
}

/** Favourites: the same grid, of the person's favourites only (decision 0082). */
export function FavouritesRoute() {
  return <TimelinePage selectionBar={selectionBar} viewer={viewer} favourites />;
}
