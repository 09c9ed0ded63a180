import {
  LOCKED_SESSION_IDLE_SECONDS,
  type LockedDeleteResult,
  type LockedPage,
  type LockedPhotosRequest,
  type LockedRestoreResult,
} from '@photo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, type ApiRequestOptions } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { forgetLockedSession, lockedHeaders, sessionUsed } from './locked-session';

/** The locked feature's query keys: its page, per session (a new session reads it anew). */
export const lockedKeys = {
  all: ['locked'] as const,
  page: (session: string) => ['locked', 'page', session] as const,
};

/** A call with the session; a refusal of the session closes the page (back to the unlock step). */
async function lockedCall<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    const answer = await apiJson<T>(path, { ...options, headers: lockedHeaders() });
    sessionUsed(LOCKED_SESSION_IDLE_SECONDS);
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'LOCKED_SESSION_REQUIRED') {
      forgetLockedSession();
    }
    throw error;
  }
}

/** GET /api/locked: the first page (up to 500 photos) of the locked place. */
export function useLockedPhotos(session: string) {
  return useQuery({
    queryKey: lockedKeys.page(session),
    queryFn: ({ signal }) => lockedCall<LockedPage>('/api/locked?limit=500', { signal }),
    // Its picture addresses are bound to the session: never shown from another one.
    gcTime: 0,
    staleTime: Infinity,
  });
}

function useLockedAction<R>(path: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      lockedCall<R>(path, {
        method: 'POST',
        json: { photoIds } satisfies LockedPhotosRequest,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lockedKeys.all });
      onChanged();
    },
  });
}

/** POST /api/locked/restore: the photos go back to their albums. */
export const useMoveOut = (onChanged: () => void) =>
  useLockedAction<LockedRestoreResult>('/api/locked/restore', onChanged);

/** POST /api/locked/delete: the photos and their files go for good. */
export const useDeleteForGood = (onChanged: () => void) =>
  useLockedAction<LockedDeleteResult>('/api/locked/delete', onChanged);
