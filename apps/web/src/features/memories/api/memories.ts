import type { HideMemoryRequest, Memories } from '@photo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../shared/api/api-client';

/** The memories feature's query keys. */
export const memoriesKeys = {
  all: ['memories'] as const,
  day: (day: string) => [...memoriesKeys.all, day] as const,
};

/** Today in this browser's own time zone, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /api/memories: "On this day" in earlier years, for the person's own today. */
export function useMemories(day: string) {
  return useQuery({
    queryKey: memoriesKeys.day(day),
    queryFn: ({ signal }) =>
      apiJson<Memories>(`/api/memories?day=${encodeURIComponent(day)}`, { signal }),
    // A row on top of a page: no error notice when it cannot be read, it is just not shown.
    meta: { quiet: true },
  });
}

/**
 * "Don't show this memory" (POST /api/memories/hidden) and its undo (DELETE
 * /api/memories/hidden/{key}); the memories are read again after either.
 */
export function useHideMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, hidden }: { key: string; hidden: boolean }) =>
      hidden
        ? apiRequest('/api/memories/hidden', {
            method: 'POST',
            json: { key } satisfies HideMemoryRequest,
          })
        : apiRequest(`/api/memories/hidden/${encodeURIComponent(key)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memoriesKeys.all }),
  });
}
