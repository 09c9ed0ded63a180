import type { LikeSummary, Photo } from '@photo/contract';
import { Suspense, lazy, type ReactNode } from 'react';
import type { ViewerParts } from '../../features/viewer/components/photo-lightbox';
import { LoadingState } from '../../shared/components/loading-state';
import { useT } from '../../i18n/i18n';

// Loaded with the viewer, when a photo is first opened, not with the album's page.
const ViewerLike = lazy(() => import('./viewer-parts').then((m) => ({ default: m.ViewerLike })));
const ViewerSave = lazy(() => import('./viewer-parts').then((m) => ({ default: m.ViewerSave })));
const ViewerLock = lazy(() => import('./viewer-parts').then((m) => ({ default: m.ViewerLock })));
const ViewerInfo = lazy(() => import('./viewer-parts').then((m) => ({ default: m.ViewerInfo })));
const GuestViewerInfo = lazy(() =>
  import('./viewer-parts').then((m) => ({ default: m.GuestViewerInfo })),
);
const ViewerComments = lazy(() =>
  import('./viewer-parts').then((m) => ({ default: m.ViewerComments })),
);
const ViewerFavourite = lazy(() =>
  import('../../features/marks/components/viewer-favourite').then((m) => ({
    default: m.ViewerFavourite,
  })),
);

const ViewerArchive = lazy(() =>
  import('../../features/marks/components/viewer-archive').then((m) => ({
    default: m.ViewerArchive,
  })),
);

/**
 * Archive or Unarchive of the photo shown, for its uploader (`userId`; the answer says
 * `archived`). `onChanged` is told once the server has it, with the viewer's `leave`.
 */
export function viewerArchive(
  userId: string | null,
  onChanged: (photo: Photo, archived: boolean, leave: () => void) => void,
): NonNullable<ViewerParts['archive']> {
  return (photo, buttonClass, leave) =>
    photo.archived === undefined || userId === null || photo.createdById !== userId ? null : (
      <Suspense fallback={null}>
        <ViewerArchive
          key={photo.id}
          photoId={photo.id}
          archived={photo.archived}
          buttonClass={buttonClass}
          onChanged={(archived) => onChanged(photo, archived, leave)}
        />
      </Suspense>
    );
}

/** The heart of the photo shown, for whoever is signed in (the answer says `favourite`). */
export const viewerFavourite: NonNullable<ViewerParts['favourite']> = (photo, buttonClass) =>
  photo.favourite === undefined ? null : (
    <Suspense fallback={null}>
      <ViewerFavourite
        key={photo.id}
        photoId={photo.id}
        favourite={photo.favourite}
        buttonClass={buttonClass}
      />
    </Suspense>
  );

/** While a part loads (its text in the language of the moment). */
function Loading() {
  const t = useT();
  return <LoadingState label={t('viewer.loading')} />;
}
const loading = <Loading />;

/**
 * The viewer of an album one may see, signed in: the heart, Archive (their own photos), "Like",
 * "Save to my library" (an album not theirs), the details (likes included) and the comments of the photo shown. `onLikeChanged`: the album's copy of the photo is told;
 * `onCommentsClosed`: a photo's comments were shown, and may have changed.
 */
export function memberViewerParts({
  onLikeChanged,
  onCommentsClosed,
  archive,
}: {
  onLikeChanged?: (photo: Photo, summary: LikeSummary) => void;
  onCommentsClosed?: (photoId: string) => void;
  /** Archive or Unarchive (viewerArchive). */
  archive?: ViewerParts['archive'];
}): ViewerParts {
  return {
    favourite: viewerFavourite,
    ...(archive ? { archive } : {}),
    like: (photo, buttonClass) => (
      <Suspense fallback={null}>
        <ViewerLike photo={photo} member buttonClass={buttonClass} onChanged={onLikeChanged} />
      </Suspense>
    ),
    save: (photo, buttonClass) => (
      <Suspense fallback={null}>
        <ViewerSave photo={photo} buttonClass={buttonClass} />
      </Suspense>
    ),
    lock: (photo, buttonClass) => (
      <Suspense fallback={null}>
        <ViewerLock photo={photo} buttonClass={buttonClass} />
      </Suspense>
    ),
    info: (photo) => (
      <Suspense fallback={loading}>
        <ViewerInfo photo={photo} member />
      </Suspense>
    ),
    comments: (photo) => (
      <Suspense fallback={loading}>
        <ViewerComments photo={photo} onClosed={onCommentsClosed} />
      </Suspense>
    ),
  };
}

/**
 * The details alone (Info, and the key I), read from the photo's own answer: the viewer of Photos,
 * whose tiles carry none of them.
 */
export const detailsViewerParts: ViewerParts = {
  info: (photo) => (
    <Suspense fallback={loading}>
      <ViewerInfo photo={photo} member />
    </Suspense>
  ),
};

/**
 * The viewer of a share link (`token`): the details only, as the link answers them, `hint` under
 * them (how to take part).
 */
export function guestViewerParts(token: string, hint?: ReactNode): ViewerParts {
  return {
    info: (photo) => (
      <Suspense fallback={loading}>
        <GuestViewerInfo
          photo={photo}
          token={token}
          footer={hint ? <p className="mt-3 mb-0">{hint}</p> : undefined}
        />
      </Suspense>
    ),
  };
}
