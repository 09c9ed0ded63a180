import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { albumKeys } from '../../features/albums/api/album-keys';
import { useSetAlbumPhoto } from '../../features/albums/api/get-album-photos';
import { AlbumDetailsPage } from '../../features/albums/components/album-details-page';
import { photoKeys } from '../../features/photos/api/photo-keys';
import { selectionBar } from '../selection/selection-bar-lazy';
import { shareDialog } from '../sharing/share-dialog-lazy';
import { memberViewerParts } from '../viewer/viewer-parts-lazy';

export function AlbumRoute() {
  const queryClient = useQueryClient();
  const { albumId = '' } = useParams();
  const setAlbumPhoto = useSetAlbumPhoto(albumId);
  const viewerParts = useMemo(
    () =>
      memberViewerParts({
        // The cards show like and comment counts: a like in the viewer changes the album's copy
        // of the photo; once comments were shown, the album's photos are read again.
        onLikeChanged: (photo, { likeCount, likedByMe }) =>
          setAlbumPhoto({ ...photo, likeCount, likedByMe }),
        onCommentsClosed: () =>
          void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) }),
      }),
    [setAlbumPhoto, queryClient, albumId],
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
