import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { albumKeys } from '../../features/albums/api/album-keys';
import { useSetAlbumPhoto } from '../../features/albums/api/get-album-photos';
import { AlbumDetailsPage } from '../../features/albums/components/album-details-page';
import { marksKeys } from '../../features/marks/api/marks-keys';
import { photoKeys } from '../../features/photos/api/photo-keys';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import { useCurrentUserId } from '../../shared/auth/session-store';
import { selectionBar } from '../selection/selection-bar-lazy';
import { shareDialog } from '../sharing/share-dialog-lazy';
import { memberViewerParts, viewerArchive } from '../viewer/viewer-parts-lazy';

export function AlbumRoute() {
  const queryClient = useQueryClient();
  const { albumId = '' } = useParams();
  const setAlbumPhoto = useSetAlbumPhoto(albumId);
  const userId = useCurrentUserId();
  const viewerParts = useMemo(
    () =>
      memberViewerParts({
        // The cards show like and comment counts: a like in the viewer changes the album's copy
        // of the photo; once comments were shown, the album's photos are read again.
        onLikeChanged: (photo, { likeCount, likedByMe }) =>
          setAlbumPhoto({ ...photo, likeCount, likedByMe }),
        onCommentsClosed: () =>
          void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) }),
        // Archived, the photo stays in the album (and in the viewer): the album's copy says so;
        // Photos, the Archive and the album cards' covers are read again.
        archive: viewerArchive(userId, (photo, archived) => {
          setAlbumPhoto({ ...photo, archived });
          void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
          void queryClient.invalidateQueries({ queryKey: marksKeys.all });
        }),
      }),
    [setAlbumPhoto, queryClient, albumId, userId],
  );
  return (
    <AlbumDetailsPage
      // The photo's own page keeps a copy: it is read again when shown.
      onPhotoRotated={(photo) =>
        void queryClient.invalidateQueries({ queryKey: photoKeys.detail(photo.id), exact: true })
      }
      viewerParts={viewerParts}
      selectionBar={selectionBar}
      shareDialog={shareDialog}
    />
  );
}
