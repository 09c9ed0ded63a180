import { CARD_IMAGE_SIZES, type Album } from '@photo/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { CARD_IMAGE_SIZES_ATTRIBUTE } from '../../../shared/lib/card-image';
import { cardSrcSet, sizedImageUrl } from '../../../shared/lib/image-url';
import { cardImageProps, usePlaceholder } from '../../../shared/lib/placeholder';
import { albumFactsLine } from '../lib/album-facts';
import { useT } from '../../../i18n/i18n';

interface AlbumCardProps {
  album: Album;
  /** Cards of the first row load at once and first; the others when scrolled near. */
  eager?: boolean;
}

/**
 * An album's card. It renders again only when its album or `eager` changes: a list that grows (the
 * rest of the first load's list, "Load more") then builds only its new cards, not again all those
 * before them.
 */
export const AlbumCard = memo(function AlbumCard({ album, eager = false }: AlbumCardProps) {
  // Cards past the first row decode theirs once the first screen is shown.
  const placeholder = usePlaceholder(album.coverPlaceholder, !eager);
  const t = useT();
  // An album with no photo yet (or whose cover the viewer archived) has no cover: a quiet frame of
  // the same shape, with an icon.
  const noCover = album.coverPhotoUrl === '';
  return (
    <div className="app-card app-album-card">
      {noCover ? (
        <div className="app-card-img d-flex align-items-center justify-content-center text-body-secondary">
          {/* The album page's "photos" icon, drawn here: the icon set stays off the first page. */}
          <svg viewBox="0 0 16 16" width="40" height="40" aria-hidden="true" focusable="false">
            <path
              d="M2 3.5h12v9H2zM2 10.5l3.5-3.5 3 3 2-2 3.5 3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      ) : (
        <img
          key={album.coverReady ? 'ready' : 'pending'}
          className="app-card-img"
          {...cardImageProps(album.coverReady, placeholder, () => ({
            src: sizedImageUrl(album.coverPhotoUrl, 'card'),
            srcSet: cardSrcSet(album.coverPhotoUrl),
          }))}
          sizes={CARD_IMAGE_SIZES_ATTRIBUTE}
          width={CARD_IMAGE_SIZES.card.width}
          height={CARD_IMAGE_SIZES.card.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          alt={t('albums.card.cover', { name: album.name })}
        />
      )}
      <h2 className="app-album-name">{album.name}</h2>
      <p className="app-album-facts">{albumFactsLine(album)}</p>
      {album.createdBy && (
        <p className="app-album-facts">{t('albums.by', { name: album.createdBy })}</p>
      )}
      {/* The link lies over the whole card, which opens the album; it keeps the spec's name, shown
          over the cover while the pointer is on the card or the keyboard on the link. */}
      <Link
        to={paths.album(album.id)}
        className="app-album-go"
        aria-label={t('albums.card.go', { name: album.name })}
      >
        <span className="app-album-go-label">{t('albums.card.goShort')}</span>
      </Link>
    </div>
  );
});
