import type { TimelinePhoto } from '@photo/contract';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { t, useT } from '../../../i18n/i18n';
import { FavouriteHeart } from '../../marks/components/favourite-heart';

/** Tiles of the first screen: their pictures load at once, the others when scrolled near. */
const EAGER_TILES = 12;

/** What a tile's picture is, for those who cannot see it ("Video, 42 seconds, of June 3, 2024"). */
export function tileAlt(photo: TimelinePhoto): string {
  return mediaNameWith(photo, t('search.of', { date: formatDateTaken(photo.date) }));
}

/**
 * One square tile: the photo's average colour until its thumbnail is in, then the thumbnail,
 * cropped to the square. It opens the photo's page.
 */
const PhotoTile = memo(function PhotoTile({
  photo,
  eager,
}: {
  photo: TimelinePhoto;
  eager: boolean;
}) {
  const [loaded, setLoaded] = useState(false);
  const shown = isThumbShown(photo);
  return (
    <li className="app-square-tile">
      <Link
        to={paths.photo(photo.id)}
        className="app-square-link"
        style={loaded ? undefined : { backgroundColor: placeholderColour(photo.placeholder) }}
      >
        <img
          key={shown ? 'shown' : 'pending'}
          src={shown ? sizedImageUrl(photo.photoUrl, 'thumb') : PENDING_IMAGE}
          alt={tileAlt(photo)}
          width={300}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onLoad={shown ? () => setLoaded(true) : undefined}
        />
        <MediaBadge photo={photo} />
      </Link>
      <FavouriteHeart photoId={photo.id} favourite={photo.favourite} />
    </li>
  );
});

/** Photos as a grid of squares, newest first: four across a phone, more on a wider screen. */
export function PhotoTiles({ photos }: { photos: readonly TimelinePhoto[] }) {
  const translate = useT();
  return (
    <ul className="app-square-grid list-unstyled" aria-label={translate('search.photos')}>
      {photos.map((photo, index) => (
        <PhotoTile key={photo.id} photo={photo} eager={index < EAGER_TILES} />
      ))}
    </ul>
  );
}
