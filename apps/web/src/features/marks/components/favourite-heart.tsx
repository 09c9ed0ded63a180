import { useMutation } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useT } from '../../../i18n/i18n';
import { HeartIcon } from '../../../shared/components/heart-icon';
import { markPhotos } from '../api/mark-photos';
import { setFavourites, useIsFavourite } from '../lib/favourites-store';
import './marks.css';

/** Toggles a photo's heart: shown at once, put back if the server refuses. */
export function useFavouriteToggle(photoId: string, fromServer: boolean) {
  const favourite = useIsFavourite(photoId, fromServer);
  const change = useMutation({
    mutationFn: (next: boolean) => markPhotos(next ? 'favourite' : 'unfavourite', [photoId]),
    onMutate: (next) => setFavourites([photoId], next),
    onError: (_error, next) => setFavourites([photoId], !next),
  });
  return { favourite, toggle: () => change.mutate(!favourite), busy: change.isPending };
}

const VARIANTS = {
  tile: 'app-heart-tile',
  corner: 'app-heart-tile app-heart-corner',
  bar: 'app-heart-bar',
  // Among the photo page's round buttons (its Back link), looking like them.
  page: 'btn btn-outline-secondary rounded-circle app-icon-button app-heart-page',
} as const;

interface FavouriteHeartProps {
  photoId: string;
  /** Whether the server said it is one of the person's favourites. */
  favourite: boolean;
  /**
   * Where it sits: over a tile's bottom left corner, its top right one (where the bottom holds the
   * tile's own texts: album pages), in a bar of buttons, or on the photo page.
   */
  variant?: keyof typeof VARIANTS;
}

/**
 * The heart of a photo: the person's own favourite, which nobody else sees. On a tile it shows
 * when the photo is a favourite, and on hover or focus otherwise; a click toggles it and never
 * opens or selects the photo.
 */
export function FavouriteHeart({ photoId, favourite, variant = 'tile' }: FavouriteHeartProps) {
  const t = useT();
  const heart = useFavouriteToggle(photoId, favourite);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    heart.toggle();
  };
  return (
    <button
      type="button"
      className={`app-heart ${VARIANTS[variant]}${heart.favourite ? ' is-on' : ''}`}
      aria-pressed={heart.favourite}
      aria-label={t('marks.favourite')}
      title={t(heart.favourite ? 'marks.unfavourite' : 'marks.favourite')}
      onClick={onClick}
    >
      <HeartIcon filled={heart.favourite} />
    </button>
  );
}
