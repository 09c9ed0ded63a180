import { CARD_IMAGE_SIZES, type Album } from '@photo/contract';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { cardSrcSet, sizedImageUrl } from '../../../shared/lib/image-url';

/**
 * The card's rendered width at each Bootstrap breakpoint (.app-card is 18rem at most, inside the
 * columns of album-list.tsx in main's .container-lg), so the browser picks the crop that fits: one
 * column of the screen less the gutters up to 575 px, two from 576 px (18rem from 648 px), three of
 * 960 px from 992 px, four of 1,140 px from 1,200 px (261 px), four of 1,320 px from 1,400 px.
 * Media conditions only: Chromium does not read min() here.
 */
export const CARD_IMAGE_SIZES_ATTRIBUTE = [
  '(min-width: 1400px) 18rem',
  '(min-width: 1200px) 261px',
  '(min-width: 648px) 18rem',
  '(min-width: 576px) calc(50vw - 2.25rem)',
  '(min-width: 312px) 18rem',
  'calc(100vw - 1.5rem)',
].join(', ');

interface AlbumCardProps {
  album: Album;
  /** Cards of the first row load at once and first; the others when scrolled near. */
  eager?: boolean;
}

export function AlbumCard({ album, eager = false }: AlbumCardProps) {
  return (
    <Card className="h-100 shadow-sm app-card">
      <Card.Img
        variant="top"
        className="app-card-img"
        src={sizedImageUrl(album.coverPhotoUrl, 'card')}
        srcSet={cardSrcSet(album.coverPhotoUrl)}
        sizes={CARD_IMAGE_SIZES_ATTRIBUTE}
        width={CARD_IMAGE_SIZES.card.width}
        height={CARD_IMAGE_SIZES.card.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        alt={`Cover photo of the album ${album.name}`}
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" className="h5 text-break">
          {album.name}
        </Card.Title>
        {album.createdBy && (
          <Card.Text className="small text-body-secondary">by {album.createdBy}</Card.Text>
        )}
        <Link
          to={paths.album(album.id)}
          className="btn btn-primary mt-auto align-self-start"
          aria-label={`Go to Album ${album.name}`}
        >
          Go to Album
        </Link>
      </Card.Body>
    </Card>
  );
}
