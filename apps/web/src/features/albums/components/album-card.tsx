import type { Album } from '@photo/contract';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { imageSrcSet, sizedImageUrl } from '../../../shared/lib/image-url';

interface AlbumCardProps {
  album: Album;
  /** Cards in the first screenful load at once; the others when scrolled near. */
  eager?: boolean;
}

export function AlbumCard({ album, eager = false }: AlbumCardProps) {
  return (
    <Card className="h-100 shadow-sm app-card">
      <Card.Img
        variant="top"
        className="app-card-img"
        src={sizedImageUrl(album.coverPhotoUrl, 'thumb')}
        srcSet={imageSrcSet(album.coverPhotoUrl)}
        sizes="(max-width: 575px) calc(100vw - 2rem), 18rem"
        width={600}
        height={450}
        loading={eager ? 'eager' : 'lazy'}
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
