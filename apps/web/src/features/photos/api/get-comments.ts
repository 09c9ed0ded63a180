import type { Comment, CommentEvent } from '@photo/contract';
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPage, changeLoadedItems, type Page } from '../../../shared/api/api-client';
import { openEventStream } from '../../../shared/api/event-stream';
import { photoKeys } from './photo-keys';

type CommentPages = InfiniteData<Page<Comment>, string>;

const commentsPath = (photoId: string) => `/api/photos/${encodeURIComponent(photoId)}/comments`;

/**
 * GET photos/{photoId}/comments, page by page: the first page holds the newest comments, each
 * next one older ones. `comments` is every loaded comment, oldest first (as the server lists
 * them).
 */
export function useComments(photoId: string) {
  return useInfiniteQuery({
    queryKey: photoKeys.comments(photoId),
    queryFn: ({ pageParam, signal }) => apiPage<Comment>(pageParam, signal),
    initialPageParam: commentsPath(photoId),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) =>
      [...data.pages]
        .reverse()
        .flatMap((page) => page.items)
        .sort((a, b) => (isOlder(a, b) ? -1 : 1)),
  });
}

/** Applies a live event to the loaded pages; applying one twice changes nothing. */
export function applyCommentEvent(
  data: CommentPages | undefined,
  event: CommentEvent,
): CommentPages | undefined {
  if (!data) return data;
  if (event.type === 'deleted') {
    return changeLoadedItems(data, (comments) =>
      comments.filter((comment) => comment.id !== event.commentId),
    );
  }
  const known = data.pages.some((page) => page.items.some((c) => c.id === event.comment.id));
  const oldestPage = data.pages.at(-1);
  if (known || !oldestPage) return data;
  // Older than every loaded comment while older pages exist: it shows when they are loaded.
  const oldest = oldestPage.items[0];
  if (oldestPage.next && oldest && !isOlder(oldest, event.comment)) return data;
  const [newest, ...older] = data.pages;
  const items = [...newest!.items, event.comment].sort((a, b) => (isOlder(a, b) ? -1 : 1));
  return { ...data, pages: [{ ...newest!, items }, ...older] };
}

/** Whether a was posted before b (by date, then id, as the server orders them). */
function isOlder(a: Comment, b: Comment): boolean {
  return a.dateCreated < b.dateCreated || (a.dateCreated === b.dateCreated && a.id < b.id);
}

function applyEvent(queryClient: QueryClient, photoId: string, data: string) {
  let event: CommentEvent;
  try {
    event = JSON.parse(data) as CommentEvent;
  } catch {
    return;
  }
  queryClient.setQueryData<CommentPages>(photoKeys.comments(photoId), (pages) =>
    applyCommentEvent(pages, event),
  );
}

/**
 * Keeps the photo's comments live once the list has loaded (`listed`): what anyone posts or
 * deletes shows within a moment, and after a dropped connection the stream resumes where it
 * stopped.
 */
export function useLiveComments(photoId: string, listed: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!listed) return undefined;
    // A new stream also sends the last few seconds' events, so a comment posted while the
    // list was being read is not missed.
    return openEventStream(`${commentsPath(photoId)}/events`, 'comment', {
      onEvent: (data) => applyEvent(queryClient, photoId, data),
    });
  }, [photoId, queryClient, listed]);
}
