import { useQueryClient } from '@tanstack/react-query';
import { AlbumDetailsPage } from '../../features/albums/components/album-details-page';
import { photoKeys } from '../../features/photos/api/photo-keys';

export function AlbumRoute() {
  const queryClient = useQueryClient();
  return (
    <AlbumDetailsPage
      // The photo's own page keeps a copy: it is read again when shown.
      onPhotoRotated={(photo) =>
        void queryClient.invalidateQueries({ queryKey: photoKeys.detail(photo.id), exact: true })
      }
    />
  );
}
