import {
  MEMORY_DAYS_AROUND,
  MEMORY_PHOTOS_MAX,
  TIMELINE_PAGE_MAX,
  type HideMemoryRequest,
  type Memories,
  type MemoriesQuery,
  type TimelinePhoto,
} from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { TimelinePhotoRow } from '../timeline/timeline.repository.js';
import { listOwnPhotos } from '../timeline/timeline.service.js';
import {
  deleteHiddenMemory,
  findHiddenMemoryKeys,
  insertHiddenMemory,
} from './memories.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const monthDay = (time: number) => new Date(time).toISOString().slice(5, 10);

/**
 * The days of the year (MM-DD) a photo taken near `day` may have been recorded on: the days
 * around it, and one more either side, for a clock up to 14 hours off UTC.
 */
export function candidateMonthDays(day: string): string[] {
  const at = Date.parse(`${day}T00:00:00Z`);
  const days = new Set<string>();
  for (let offset = -(MEMORY_DAYS_AROUND + 1); offset <= MEMORY_DAYS_AROUND + 1; offset += 1) {
    days.add(monthDay(at + offset * DAY_MS));
  }
  return [...days];
}

/**
 * The day a photo was taken on, where it was taken: its date taken moved by its clock's offset
 * when the file says it (date_taken is then the moment, in UTC), else the clock's own reading.
 */
export function localDay(dateTaken: string, offsetMinutes: number | null): number {
  const moment = Date.parse(
    dateTaken.endsWith('Z') || /[+-]\d\d:\d\d$/.test(dateTaken) ? dateTaken : `${dateTaken}Z`,
  );
  const local = new Date(moment + (offsetMinutes ?? 0) * 60_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

/**
 * The year whose `day` the photo's own day is within MEMORY_DAYS_AROUND of (the year before or
 * after its own, across New Year), or null when it is not near the day in any year.
 */
export function memoryYear(photoDay: number, day: string): number | null {
  const year = new Date(photoDay).getUTCFullYear();
  const [month = 1, date = 1] = day.slice(5).split('-').map(Number);
  for (const candidate of [year, year + 1, year - 1]) {
    const target = Date.UTC(candidate, month - 1, date);
    // 29 February of a year without one is not that day.
    if (new Date(target).getUTCDate() !== date) continue;
    if (Math.abs(photoDay - target) <= MEMORY_DAYS_AROUND * DAY_MS) return candidate;
  }
  return null;
}

/** A memory's key: the day it is of, in its year (the month and day of `day`). */
export const memoryKey = (year: number, day: string) =>
  `${String(year).padStart(4, '0')}${day.slice(4)}`;

/**
 * "On this day" (decisions 0106, 0108): the caller's own photos taken within MEMORY_DAYS_AROUND
 * days of `day` in earlier years, in each photo's own time zone, grouped by year, the latest year
 * first, each year's photos in the order they were taken. Archived, locked and trashed photos are
 * in none, nor are the memories the caller hid.
 */
export async function listMemories(
  deps: AppDeps,
  caller: AuthUser,
  query: MemoriesQuery,
): Promise<Memories> {
  const thisYear = Number(query.day.slice(0, 4));
  const { photos, rows } = await listOwnPhotos(
    deps,
    caller,
    { limit: TIMELINE_PAGE_MAX },
    { monthDays: candidateMonthDays(query.day), until: String(thisYear + 1) },
  );
  const byYear = new Map<number, { row: TimelinePhotoRow; photo: TimelinePhoto }[]>();
  rows.forEach((row, index) => {
    const photo = photos[index];
    if (!photo || row.date_taken === null) return;
    const year = memoryYear(localDay(row.date_taken, row.taken_offset_minutes), query.day);
    if (year === null || year >= thisYear) return;
    byYear.set(year, [...(byYear.get(year) ?? []), { row, photo }]);
  });
  const hidden = await findHiddenMemoryKeys(
    deps.db,
    caller.id,
    [...byYear.keys()].map((year) => memoryKey(year, query.day)),
  );
  return {
    memories: [...byYear]
      .filter(([year]) => !hidden.has(memoryKey(year, query.day)))
      .sort(([a], [b]) => b - a)
      .map(([year, found]) => ({
        key: memoryKey(year, query.day),
        year,
        yearsAgo: thisYear - year,
        photos: found
          .reverse()
          .slice(0, MEMORY_PHOTOS_MAX)
          .map(({ photo }) => photo),
      })),
  };
}

/** "Don't show this memory": the caller's memory of this key is answered no more. Idempotent. */
export async function hideMemory(
  deps: AppDeps,
  caller: AuthUser,
  request: HideMemoryRequest,
): Promise<void> {
  await insertHiddenMemory(deps.db, caller.id, request.key, deps.clock.now().toISOString());
}

/** Undoes "Don't show this memory": the memory of this key is answered again. Idempotent. */
export async function showMemory(deps: AppDeps, caller: AuthUser, key: string): Promise<void> {
  await deleteHiddenMemory(deps.db, caller.id, key);
}
