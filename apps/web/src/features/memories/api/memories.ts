import type { Memories } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

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
    // A strip on top of Photos: no error notice when it cannot be read, it is just not shown.
    meta: { quiet: true },
  });
}
