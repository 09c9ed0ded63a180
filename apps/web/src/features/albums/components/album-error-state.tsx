import { ItemErrorState } from '../../../shared/components/error-state';
import { ALBUM_NOT_FOUND } from '../api/get-album';

/** Why an album's page has no album: gone (announced), or not loaded with a retry. */
export function AlbumErrorState({
  album,
}: {
  album: { error: unknown; refetch: () => Promise<unknown> };
}) {
  return (
    <ItemErrorState
      what="album"
      error={album.error}
      onRetry={() => void album.refetch()}
      missingCode={ALBUM_NOT_FOUND}
    />
  );
}
