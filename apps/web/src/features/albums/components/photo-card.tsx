import { IMAGE_SIZES, type Photo } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '../../../shared/components/heart-icon';
import { paths } from '../../../shared/config/paths';
import { countLabel } from '../../../shared/lib/count-label';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { cardImageProps, usePlaceholder } from '../../../shared/lib/placeholder';
import { PHOTO_PARAM } from './photo-param';

interface PhotoCardProps {
  photo: Photo;
  eager?: boolean;
  /** Given to the album's owner: asks to delete this photo. */
  onDelete?: (photo: Photo) => void;
  /** The picture's link, which opens the photo in the viewer (focus returns to it). */
  viewerLinkRef?: Ref<HTMLAnchorElement>;
}

export function PhotoCard({ photo, eager = false, onDelete, viewerLinkRef }: PhotoCardProps) {
  // Cards past the first row decode theirs once the first screen is shown.
  const placeholder = usePlaceholder(photo.placeholder, !eager);
  const size = scaledSize(photo.width, photo.height, IMAGE_SIZES.thumb) ?? {
    width: 600,
    height: 450,
  };
  const taken = photo.dateTaken ? `, taken ${formatDateTaken(photo.dateTaken)}` : '';
  const alt = `Photo by ${photo.createdBy || 'unknown'}${taken}`;
  return (
    <Card className="h-100 shadow-sm app-card">
      <Link
        ref={viewerLinkRef}
        to={{ search: `?${PHOTO_PARAM}=${encodeURIComponent(photo.id)}` }}
        state={{ openedViewer: true }}
        className="app-card-img-link"
        aria-label={`View larger: ${alt}`}
      >
        <Card.Img
          key={photo.ready ? 'ready' : 'pending'}
          variant="top"
          className="app-card-img"
          {...cardImageProps(photo.ready, placeholder, () => ({
            src: sizedImageUrl(photo.photoUrl, 'thumb'),
            srcSet: imageSrcSet(photo.photoUrl),
          }))}
          sizes="(max-width: 575px) calc(100vw - 2rem), 18rem"
          width={size.width}
          height={size.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          alt={alt}
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5 text-break">
          {photo.createdBy}
        </Card.Title>
        <p className="small text-body-secondary mb-3">
          <HeartIcon filled={photo.likedByMe} /> {countLabel(photo.likeCount, 'like')}
          {photo.likedByMe && <span className="visually-hidden"> (you like it)</span>} ·{' '}
          {countLabel(photo.commentCount, 'comment')}
        </p>
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
