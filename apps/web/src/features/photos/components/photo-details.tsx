import { PHOTO_DISPLAY_WIDTH, type LikeSummary, type Photo } from '@photo/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ItemErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { placeholderProps } from '../../../shared/lib/placeholder';
import { usePhoto } from '../api/get-photo';
import { Comments } from './comments';
import { LikeButton } from './like-button';
import { RotateButtons } from './rotate-buttons';

function camera(photo: Photo): string | null {
  const make = photo.cameraMake?.trim() ?? '';
  let model = photo.cameraModel?.trim() ?? '';
  // Models often repeat the make ("Canon" + "Canon EOS R5").
  if (make && model.toLowerCase().startsWith(make.toLowerCase()))
    model = model.slice(make.length).trim();
  const text = [make, model].filter(Boolean).join(' ');
  return text || null;
}

interface PhotoDetailsProps {
  photoId: string;
  /** What may be done with the photo (the "Make this" menu), given the loaded photo. */
  actions?: (photo: Photo) => ReactNode;
  /** Told when the signed-in user's like of the photo has been counted or taken back. */
  onLikeChanged?: (photo: Photo, summary: LikeSummary) => void;
  /** Told when the person who added the photo has rotated it (its picture URL is new). */
  onRotated?: (photo: Photo) => void;
}

/** Photo details: the photo at display width, what is known about it, and its comments. */
export function PhotoDetails({ photoId, actions, onLikeChanged, onRotated }: PhotoDetailsProps) {
  const photo = usePhoto(photoId);

  if (photo.isPending) {
    return (
      <>
        <h1>Photo</h1>
        <LoadingState label="Loading the photo…" />
      </>
    );
  }
  if (photo.isError) {
    return (
      <>
        <PageTitle title="Photo" />
        <h1>Photo</h1>
        <ItemErrorState what="photo" error={photo.error} onRetry={() => void photo.refetch()} />
      </>
    );
  }

  const current = photo.data;
  const size = scaledSize(current.width, current.height, PHOTO_DISPLAY_WIDTH);
  const cameraText = camera(current);
  const by = current.createdBy ? ` by ${current.createdBy}` : '';

  return (
    <>
      <PageTitle title="Photo" />
      <h1 className="mb-1">Photo</h1>
      <p className="small text-body-secondary text-break">
        Photo id: <span className="font-monospace">{current.id}</span>
      </p>
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {actions?.(current)}
        <Link to={paths.album(current.albumId)} className="btn btn-outline-secondary">
          Back to album
        </Link>
      </div>
      <RotateButtons photo={current} onRotated={onRotated} className="mb-2" />
      <figure className="mb-0">
        <img
          className="rounded app-photo"
          src={sizedImageUrl(current.photoUrl, 'preview')}
          srcSet={imageSrcSet(current.photoUrl)}
          sizes={`(max-width: ${PHOTO_DISPLAY_WIDTH + 32}px) calc(100vw - 2rem), ${PHOTO_DISPLAY_WIDTH}px`}
          width={size?.width ?? PHOTO_DISPLAY_WIDTH}
          height={size?.height}
          {...placeholderProps(current.placeholder)}
          alt={`Photo${by}${current.dateTaken ? `, taken ${formatDateTaken(current.dateTaken)}` : ''}`}
        />
        <figcaption className="mt-2 small">
          <ul className="list-unstyled mb-1">
            {current.createdBy && <li>Added by {current.createdBy}</li>}
            {current.dateTaken && (
              <li>
                Taken <time dateTime={current.dateTaken}>{formatDateTaken(current.dateTaken)}</time>
              </li>
            )}
            {cameraText && <li>Camera: {cameraText}</li>}
          </ul>
          <a href={current.photoUrl} target="_blank" rel="noopener">
            Open the original <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </figcaption>
      </figure>
      <div className="mt-3">
        <LikeButton
          photo={current}
          onChanged={onLikeChanged && ((summary) => onLikeChanged(current, summary))}
        />
      </div>
      <Comments photoId={current.id} />
    </>
  );
}
