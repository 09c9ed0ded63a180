import { PHOTO_DISPLAY_WIDTH, type LikeSummary, type Photo } from '@photo/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ItemErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { imageSrcSet, playbackUrl, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { hasPlayableMotion, isPlayableVideo, kindWord } from '../../../shared/lib/media';
import { LivePhoto } from '../../../shared/ui/live-photo';
import { VideoPoster } from '../../../shared/ui/video-notice';
import { placeholderProps } from '../../../shared/lib/placeholder';
import { PHOTO_NOT_FOUND, usePhoto } from '../api/get-photo';
import { Comments } from './comments';
import { PhotoFacts } from './photo-facts';
import { InfoIcon } from './info-icon';
import { LikeButton } from './like-button';
import { RotateButtons } from './rotate-buttons';
import { useRichT, useT } from '../../../i18n/i18n';

interface PhotoDetailsProps {
  photoId: string;
  /** What may be done with the photo (the "Make this" menu), given the loaded photo. */
  actions?: (photo: Photo) => ReactNode;
  /** Told when the signed-in user's like of the photo has been counted or taken back. */
  onLikeChanged?: (photo: Photo, summary: LikeSummary) => void;
  /** Told when the person who added the photo has rotated it (its picture URL is new). */
  onRotated?: (photo: Photo) => void;
}

/**
 * The photo page's picture: a photo; a video's player (at its poster until played) or its poster
 * while it is being prepared; a Live Photo's still with its motion on hover or a long press.
 */
function PhotoMedia({ photo }: { photo: Photo }) {
  const size = scaledSize(photo.width, photo.height, PHOTO_DISPLAY_WIDTH);
  const t = useT();
  const kind = kindWord(photo);
  const by = photo.createdBy ? t('photos.media.by', { kind, name: photo.createdBy }) : kind;
  const taken = photo.dateTaken
    ? t('photos.media.taken', { date: formatDateTaken(photo.dateTakenClock ?? photo.dateTaken) })
    : '';
  const name = `${by}${taken}`;
  if (isPlayableVideo(photo)) {
    return (
      <video
        className="app-photo app-photo-video"
        src={playbackUrl(photo.photoUrl)}
        poster={sizedImageUrl(photo.photoUrl, 'preview')}
        controls
        playsInline
        preload="metadata"
        width={size?.width ?? PHOTO_DISPLAY_WIDTH}
        height={size?.height}
        aria-label={name}
      />
    );
  }
  const placeholder = placeholderProps(photo.placeholder);
  const still = (
    <img
      className="app-photo"
      src={sizedImageUrl(photo.photoUrl, 'preview')}
      srcSet={imageSrcSet(photo.photoUrl)}
      sizes="(min-width: 992px) 450px, 100vw"
      // The spec's display width (narrower only when the screen is); the viewer shows it whole.
      width={size?.width ?? PHOTO_DISPLAY_WIDTH}
      height={size?.height}
      {...placeholder}
      style={placeholder.style}
      alt={name}
    />
  );
  if (photo.kind === 'video') return <VideoPoster photo={photo}>{still}</VideoPoster>;
  if (hasPlayableMotion(photo)) {
    return <LivePhoto motionUrl={playbackUrl(photo.photoUrl)}>{still}</LivePhoto>;
  }
  return still;
}

/**
 * Photo details: the photo with its actions above it, and beside it (below it on a phone) what is
 * known about it and its comments.
 */
export function PhotoDetails({ photoId, actions, onLikeChanged, onRotated }: PhotoDetailsProps) {
  const photo = usePhoto(photoId);
  const t = useT();
  const rich = useRichT();

  if (photo.isPending) {
    return (
      <>
        <h1>{t('photos.photo')}</h1>
        <LoadingState label={t('photos.loadingOne')} />
      </>
    );
  }
  if (photo.isError) {
    return (
      <>
        <PageTitle title={t('photos.photo')} />
        <h1>{t('photos.photo')}</h1>
        <ItemErrorState
          what="photo"
          error={photo.error}
          onRetry={() => void photo.refetch()}
          missingCode={PHOTO_NOT_FOUND}
        />
      </>
    );
  }

  const current = photo.data;

  return (
    <>
      <PageTitle title={t('photos.photo')} />
      <div className="row g-3 g-lg-4 app-photo-page">
        <div className="col-lg-auto app-photo-column">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2 app-photo-toolbar">
            <div className="d-flex align-items-center gap-2 me-auto app-photo-title">
              <Link
                to={paths.album(current.albumId)}
                className="btn btn-outline-secondary rounded-circle flex-shrink-0 app-icon-button"
                title={t('photos.back')}
              >
                <InfoIcon name="back" />
                <span className="visually-hidden">{t('photos.back')}</span>
              </Link>
              <div className="app-min-w-0">
                <h1 className="h5 mb-0">{t('photos.photo')}</h1>
                <p className="small text-body-secondary text-break mb-0">
                  {rich('photos.id', {
                    id: (
                      <span key="id" className="font-monospace">
                        {current.id}
                      </span>
                    ),
                  })}
                </p>
              </div>
            </div>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <LikeButton
                photo={current}
                onChanged={onLikeChanged && ((summary) => onLikeChanged(current, summary))}
              />
              <RotateButtons photo={current} onRotated={onRotated} />
              {actions?.(current)}
            </div>
          </div>
          <figure className="mb-0 app-photo-stage">
            <PhotoMedia photo={current} />
          </figure>
        </div>
        <div className="col-lg">
          <PhotoFacts photo={current} />
          <Comments photoId={current.id} />
        </div>
      </div>
    </>
  );
}
