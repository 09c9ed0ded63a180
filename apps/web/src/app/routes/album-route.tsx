import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useSetAlbumPhoto } from '../../features/albums/api/get-album-photos';
import { AlbumDetailsPage } from '../../features/albums/components/album-details-page';
import { photoKeys } from '../../features/photos/api/photo-keys';
import { memberViewerParts } from '../viewer/viewer-parts-lazy';

export function AlbumRoute() {
  const queryClient = useQueryClient();
  const { albumId = '' } = useParams();
  const setAlbumPhoto = useSetAlbumPhoto(albumId);
  const viewerParts = useMemo(
    // The cards show like counts: the album's copy of a photo is told of a like in the viewer.
    () =>
      memberViewerParts((photo, { likeCount, likedByMe }) =>
        setAlbumPhoto({ ...photo, likeCount, likedByMe }),
      ),
    [setAlbumPhoto],
  );
  return (
    <AlbumDetailsPage
      // The photo's own page keeps a copy: it is read again when shown.
      onPhotoRotated={(photo) =>
        void queryClient.invalidateQueries({ queryKey: photoKeys.detail(photo.id), exact: true })
      }
      viewerParts={viewerParts}
    />
  );
}
