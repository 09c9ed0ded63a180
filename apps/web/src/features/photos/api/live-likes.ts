import type { LikeEvent, Photo } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openEventStream } from '../../../shared/api/event-stream';
import { photoKeys } from './photo-keys';

/**
 * Keeps the photo's like count live while it is shown (`active`): the photo's stream (its
 * comments' stream, decision 0030) sends the count when it opens and whenever someone likes or
 * unlikes it. The user's own likedByMe is kept as it is.
 */
export function useLiveLikes(photoId: string, active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return undefined;
    return openEventStream(`/api/photos/${encodeURIComponent(photoId)}/comments/events`, 'likes', {
      onEvent: (data) => {
        let event: LikeEvent;
        try {
          event = JSON.parse(data) as LikeEvent;
        } catch {
          return;
        }
        if (event.photoId !== photoId || typeof event.likeCount !== 'number') return;
        // A like of one's own on its way: its answer sets the count.
        if (queryClient.isMutating({ mutationKey: [...photoKeys.detail(photoId), 'like'] })) {
          return;
        }
        queryClient.setQueryData<Photo>(photoKeys.detail(photoId), (current) =>
          current ? { ...current, likeCount: event.likeCount } : current,
        );
      },
    });
  }, [photoId, queryClient, active]);
}
