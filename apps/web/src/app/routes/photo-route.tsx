import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { albumKeys } from '../../features/albums/api/album-keys';
import { FavouriteHeart } from '../../features/marks/components/favourite-heart';
import { PhotoDetails } from '../../features/photos/components/photo-details';
import { SaveToLibrary } from '../save/save-to-library';
import { MakeThisMenu } from './make-this-menu';

export function PhotoRoute() {
  const { photoId = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <PhotoDetails
      photoId={photoId}
      actions={(photo) => (
        <>
          {/* The signed-in person's heart, as on the tiles and in the viewer. */}
          {photo.favourite !== undefined && (
            <FavouriteHeart photoId={photo.id} favourite={photo.favourite} variant="page" />
          )}
          <SaveToLibrary photo={photo} />
          <MakeThisMenu photo={photo} />
        </>
      )}
      // The album page's cards show like counts: read them again when next shown.
      onLikeChanged={(photo) =>
        void queryClient.invalidateQueries({ queryKey: albumKeys.photos(photo.albumId) })
      }
      // The photo's file may be a cover too: albums and their photos are read again when shown.
      onRotated={() => void queryClient.invalidateQueries({ queryKey: albumKeys.all })}
    />
  );
}
