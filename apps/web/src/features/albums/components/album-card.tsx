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
  // An album with no photo yet has no cover: a quiet frame of the same shape, with an icon (the
  // line under the name says "No photos yet").
  const noCover = album.photoCount === 0 && album.coverPhotoUrl === '';
  return (
    <div className="h-100 border-0 bg-transparent app-card app-album-card card">
      {noCover ? (
        <div className="card-img-top rounded-3 app-card-img d-flex align-items-center justify-content-center text-body-secondary">
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
          className="card-img-top rounded-3 app-card-img"
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
      <div className="d-flex flex-column px-1 pt-2 pb-0 card-body">
        <h2 className="h6 fw-semibold text-break mb-1 card-title">{album.name}</h2>
        <p className="small text-body-secondary mb-0 card-text">{albumFactsLine(album)}</p>
        {album.createdBy && (
          <p className="small text-body-secondary mb-3 card-text">
            {t('albums.by', { name: album.createdBy })}
          </p>
        )}
        {/* The whole card opens the album (stretched-link); the link keeps the spec's name. */}
        <Link
          to={paths.album(album.id)}
          className="btn btn-sm btn-outline-primary mt-auto align-self-start stretched-link"
          aria-label={t('albums.card.go', { name: album.name })}
        >
          {t('albums.card.goShort')}
        </Link>
      </div>
    </div>
  );
});
