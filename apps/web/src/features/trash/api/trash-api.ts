import type {
  TrashDeleteRequest,
  TrashDeleteResult,
  TrashPage,
  TrashRestoreRequest,
  TrashRestoreResult,
} from '@photo/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

export const trashKeys = { all: ['trash'] as const };

/** GET /api/trash: the caller's Trash, newest deletion first, a page at a time. */
export function useTrash() {
  return useInfiniteQuery({
    queryKey: trashKeys.all,
    queryFn: ({ pageParam, signal }) => {
      const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam }).toString()}` : '';
      return apiJson<TrashPage>(`/api/trash${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A deletion anywhere in the app adds to it: the page reads it afresh each time it opens.
    staleTime: 0,
  });
}

/**
 * Restored photos show again wherever they were (albums, their counts and covers, the timeline,
 * search): every query is read again, those on screen at once, not a list of features' keys
 * that the next feature showing photos would have to join.
 */
function useEverythingReadAgain() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

/** POST /api/trash/restore: photos, albums, or all of the caller's Trash come back. */
export function useRestoreTrash() {
  const readAgain = useEverythingReadAgain();
  return useMutation({
    mutationFn: (request: TrashRestoreRequest) =>
      apiJson<TrashRestoreResult>('/api/trash/restore', { method: 'POST', json: request }),
    onSuccess: readAgain,
  });
}

/** POST /api/trash/delete: photos or albums of the caller's Trash, or all of it, are deleted for good. */
export function useDeleteForGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TrashDeleteRequest) =>
      apiJson<TrashDeleteResult>('/api/trash/delete', { method: 'POST', json: request }),
    // Only Trash showed them; the storage figures of the profile follow on their next read.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
