import type { AddPhotoRequest, Photo } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { ApiError, sessionEndedError } from '../../../shared/api/api-error';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { uploadResumable } from '../../../shared/api/resumable-upload';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { albumKeys } from '../../albums/api/album-keys';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown } from '../../../shared/lib/media';
import { placeholderDataUrl } from '../../../shared/lib/placeholder';

/** How often, and how many times, an added photo is asked about until its thumbnail is made. */
const THUMBNAIL_POLL_MS = 1000;
const THUMBNAIL_POLLS = 120;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });

/**
 * Tells the photo's picture: its placeholder at once, then its thumbnail once the server has made
 * it (GET photos/{id}, once a second, while the page is open). Never throws: the picture is a
 * courtesy, the photo is added whatever happens here.
 */
async function watchPicture(
  added: Photo,
  onPicture: (url: string) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const placeholder = placeholderDataUrl(added.placeholder);
  if (placeholder) onPicture(placeholder);
  let photo = added;
  for (let poll = 0; !isThumbShown(photo); poll += 1) {
    if (poll >= THUMBNAIL_POLLS || signal?.aborted) return;
    await pause(THUMBNAIL_POLL_MS, signal);
    if (signal?.aborted) return;
    try {
      photo = await apiJson<Photo>(`/api/photos/${encodeURIComponent(added.id)}`, { signal });
    } catch {
      return;
    }
  }
  if (photo.photoUrl) onPicture(sizedImageUrl(photo.photoUrl, 'thumb'));
}

export interface AddPhotoInput {
  file: File;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** The browser is offline: the upload waits for the connection and goes on by itself. */
  onPause?: () => void;
  /** Sending again from `fraction`, what the server already had. */
  onResume?: (fraction: number) => void;
  /** The first chunk after resuming was accepted. */
  onResumed?: () => void;
  /** Called when the bytes are stored and the photo is being added to the album. */
  onUploaded?: () => void;
  /**
   * The photo's picture: its thumbnail's URL once its bytes are stored, when the upload made it;
   * once added, its placeholder, then its thumbnail's URL once made.
   */
  onPicture?: (url: string) => void;
  /** Stops waiting for the thumbnail (the page is left); the upload's own `signal` has ended. */
  pictureSignal?: AbortSignal;
}

/** How adding one file ended: added, or already in the album (same bytes). */
export type AddPhotoOutcome = 'added' | 'duplicate';

/** POST albumsDb/{albumId}/photos: adds an uploaded file to the album. */
export function addPhotoToAlbum(albumId: string, fileId: string, signal?: AbortSignal) {
  const body: AddPhotoRequest = { fileId };
  return apiJson<Photo>(`/api/albumsDb/${encodeURIComponent(albumId)}/photos`, {
    method: 'POST',
    json: body,
    signal,
  });
}

/** Uploads a photo or video (the resumable endpoint) and adds it to the album. */
export function useAddPhoto(albumId: string) {
  const queryClient = useQueryClient();
  const owner = useCurrentUserId();
  return useMutation({
    // The uploader shows these on the file they concern.
    meta: { quietErrorCodes: ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] },
    mutationFn: async ({
      file,
      signal,
      onUploaded,
      onPicture,
      pictureSignal,
      ...events
    }: AddPhotoInput) => {
      if (!owner) throw sessionEndedError();
      const config = await queryClient.fetchQuery(clientConfigQuery);
      const uploaded = await uploadResumable(file, config.upload.resumable, {
        owner,
        signal,
        ...events,
      });
      onUploaded?.();
      // The upload made a still image's thumbnail (decision 0128): shown while it is added.
      if (onPicture && isThumbShown(uploaded)) onPicture(sizedImageUrl(uploaded.url, 'thumb'));
      try {
        const photo = await addPhotoToAlbum(albumId, uploaded.id, signal);
        if (onPicture) void watchPicture(photo, onPicture, pictureSignal);
        return 'added' satisfies AddPhotoOutcome;
      } catch (error) {
        // Not an error for the user: that photo is there already.
        if (error instanceof ApiError && error.code === 'DUPLICATE_PHOTO') {
          return 'duplicate' satisfies AddPhotoOutcome;
        }
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'added') {
        return queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) });
      }
    },
  });
}
