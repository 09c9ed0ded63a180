import type { LikeSummary, Photo } from '@photo/contract';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { usePhoto } from '../../features/photos/api/get-photo';
import { Comments } from '../../features/photos/components/comments';
import { LikeButton } from '../../features/photos/components/like-button';
import { PhotoFacts } from '../../features/photos/components/photo-facts';
import { PhotoPeople } from '../../features/people/components/photo-people';
import { useSharedPhoto } from '../../features/sharing/api/sharing';
import { SaveToLibrary } from '../save/save-to-library';
import { ViewerLockButton } from './viewer-lock';

/** The photo viewer's parts from the photos feature, loaded with the viewer (viewer-parts-lazy). */

/** A photo's place on a small map: Leaflet's chunk, loaded when a panel shows a located photo. */
const PlaceMap = lazy(() =>
  import('../../features/places/components/place-map').then((m) => ({ default: m.PlaceMap })),
);

/** The small map of a photo that has a place, once its chunk is there (nothing until then). */
function ShownPlace({ photo, linked }: { photo: Photo; linked: boolean }) {
  if (!photo.location) return null;
  return (
    <Suspense fallback={null}>
      <PlaceMap location={photo.location} linked={linked} />
    </Suspense>
  );
}

interface MemberPartProps {
  photo: Photo;
  /** The photo's own query is read (a signed-in person who may see it): a like shows at once. */
  member: boolean;
}

/**
 * The photo shown as its own query has it, starting from the album's copy; with `details`, read
 * again at once when that copy has none (the album's list has none).
 */
function useShownPhoto({ photo, member }: MemberPartProps, details = false): Photo {
  return usePhoto(photo.id, { known: photo, enabled: member, details }).data ?? photo;
}

export function ViewerLike({
  buttonClass,
  onChanged,
  ...props
}: MemberPartProps & {
  buttonClass: string;
  onChanged?: (photo: Photo, summary: LikeSummary) => void;
}) {
  const shown = useShownPhoto(props);
  return (
    <LikeButton
      photo={shown}
      iconButtonClass={buttonClass}
      onChanged={onChanged && ((summary) => onChanged(shown, summary))}
    />
  );
}

/** "Save to my library" for a photo of an album the user does not own. */
export function ViewerSave({ photo, buttonClass }: { photo: Photo; buttonClass: string }) {
  return <SaveToLibrary photo={photo} buttonClass={buttonClass} />;
}

/** "Move to locked place" for a photo the signed-in person added (the server checks the file). */
export function ViewerLock({ photo, buttonClass }: { photo: Photo; buttonClass: string }) {
  return <ViewerLockButton photo={photo} buttonClass={buttonClass} />;
}

export function ViewerInfo({ footer, ...props }: MemberPartProps & { footer?: ReactNode }) {
  const shown = useShownPhoto(props, true);
  return (
    <PhotoFacts
      photo={shown}
      showLikes
      footer={
        <>
          <ShownPlace photo={shown} linked={props.member} />
          {props.member && <PhotoPeople photoId={shown.id} />}
          {footer}
        </>
      }
    />
  );
}

/** The details of a photo of a share link's album, as the link answers them. */
export function GuestViewerInfo({
  photo,
  token,
  footer,
}: {
  photo: Photo;
  token: string;
  footer?: ReactNode;
}) {
  const shown = useSharedPhoto(token, photo).data ?? photo;
  return (
    <PhotoFacts
      photo={shown}
      showLikes
      footer={
        <>
          <ShownPlace photo={shown} linked={false} />
          {footer}
        </>
      }
      albumsUnlinked
    />
  );
}

export function ViewerComments({
  photo,
  onClosed,
}: {
  photo: Photo;
  /** Told when the comments of this photo are no longer shown (a count elsewhere may be old). */
  onClosed?: (photoId: string) => void;
}) {
  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  });
  const photoId = photo.id;
  useEffect(() => () => closed.current?.(photoId), [photoId]);
  return <Comments key={photo.id} photoId={photo.id} />;
}
