import { IMAGE_SIZES, type Photo } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';

interface PhotoCardProps {
  photo: Photo;
  eager?: boolean;
  /** Given to the album's owner: asks to delete this photo. */
  onDelete?: (photo: Photo) => void;
}

export function PhotoCard({ photo, eager = false, onDelete }: PhotoCardProps) {
  const size = scaledSize(photo.width, photo.height, IMAGE_SIZES.thumb) ?? {
    width: 600,
    height: 450,
  };
  const taken = photo.dateTaken ? `, taken ${formatDateTaken(photo.dateTaken)}` : '';
  return (
    <Card className="h-100 shadow-sm app-card">
      <Card.Img
        variant="top"
        className="app-card-img"
        src={sizedImageUrl(photo.photoUrl, 'thumb')}
        srcSet={imageSrcSet(photo.photoUrl)}
        sizes="(max-width: 575px) calc(100vw - 2rem), 18rem"
        width={size.width}
        height={size.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        alt={`Photo by ${photo.createdBy || 'unknown'}${taken}`}
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5 text-break">
          {photo.createdBy}
        </Card.Title>
        <div className="mt-auto d-flex flex-wrap gap-2">
          <Link to={paths.photo(photo.id)} className="btn btn-primary">
            Go to Photo
          </Link>
          {onDelete && (
            <Button variant="outline-danger" onClick={() => onDelete(photo)}>
              Delete <span className="visually-hidden">this photo</span>
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
