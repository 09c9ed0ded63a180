import {
  SEARCH_ALBUMS_MAX,
  type PersonPhotosQuery,
  type SearchQuery,
  type SearchResult,
  type TimelineMonths,
  type TimelineMonthsQuery,
  type TimelinePage,
  type TimelinePhoto,
  type TimelineQuery,
} from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { invalid } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/paging.js';
import { albumPictureUrl } from '../../lib/picture-url.js';
import { listAlbumViews } from '../albums/albums.repository.js';
import { toAlbum } from '../albums/albums.service.js';
import {
  namedPeople,
  peopleOfIds,
  requireOwnPerson,
  searchPeople,
} from '../people/people.service.js';
import {
  containsPattern,
  countVisiblePhotosByMonth,
  endOfMonth,
  listVisiblePhotos,
  type PhotoPageOptions,
  type TimelinePhotoRow,
} from './timeline.repository.js';

import { photoMediaOf } from '../../lib/photo-media.js';
import { countriesNamed, readPeopleNames, readSearchText } from './search-text.js';

type PictureDeps = Pick<AppDeps, 'config' | 'pictureSigner'>;

/** A photo's tile: its thumbnail's address made as every photo answer makes it (signed or not). */
export function toTimelinePhoto(row: TimelinePhotoRow, deps: PictureDeps): TimelinePhoto {
  const url = albumPictureUrl(row.file_id, row.album_visibility, {
    publicUrl: deps.config.publicUrl,
    signer: deps.pictureSigner,
    editVersion: Number(row.edit_version),
  });
  return {
    id: row.id,
    albumId: row.album_id,
    photoUrl: `${url}${url.includes('?') ? '&' : '?'}size=thumb`,
    placeholder: row.placeholder,
    ready: row.derived_state !== 'pending',
    thumbReady: row.derived_state !== 'pending' || row.thumb_key !== null,
    width: row.width,
    height: row.height,
    date: row.sort_date,
    createdById: row.owner_id,
    ...photoMediaOf(row),
    favourite: Boolean(row.favourite),
  };
}

/** What every sort_date of the day `YYYY-MM-DD` sorts below: no hour is 24. */
const endOfDay = (day: string) => `${day}T24`;

/** A page of photos the caller may see, newest first, and where the next one starts. */
async function photoPage(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
  filters: Omit<PhotoPageOptions, 'viewerId' | 'limit' | 'after'>,
): Promise<TimelinePage> {
  const { photos, nextCursor } = await photoPageWithRows(deps, caller, query, filters);
  return { photos, nextCursor };
}

/** photoPage, with the rows its tiles were made of. */
async function photoPageWithRows(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
  filters: Omit<PhotoPageOptions, 'viewerId' | 'limit' | 'after'>,
): Promise<TimelinePage & { rows: TimelinePhotoRow[] }> {
  const after = decodeCursor(query.cursor);
  const rows = await listVisiblePhotos(deps.db, {
    viewerId: caller.id,
    limit: query.limit + 1,
    after,
    ...filters,
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => ({ key: row.sort_date, id: row.id }),
    (row) => toTimelinePhoto(row, deps),
  );
  return {
    photos: page.items,
    nextCursor: page.nextCursor ?? null,
    rows: rows.slice(0, query.limit),
  };
}

/** Every photo the caller may see, newest first; `month` keeps to one month. */
export function listTimeline(
  deps: AppDeps,
  caller: AuthUser,
  query: TimelineQuery,
): Promise<TimelinePage> {
  const month = query.month;
  return photoPage(deps, caller, query, {
    set: query.favourites ? 'favourites' : 'photos',
    ...(month !== undefined ? { from: month, until: endOfMonth(month) } : {}),
  });
}

/** The caller's Archive: their files they archived, as tiles, newest first (decision 0082). */
export function listArchive(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
): Promise<TimelinePage> {
  return photoPage(deps, caller, query, { set: 'archive' });
}

/**
 * The photos showing one of the caller's people, newest first, as Photos shows them (its Archive
 * left out); 404 for a person not theirs.
 */
export async function listPersonPhotos(
  deps: AppDeps,
  caller: AuthUser,
  personId: string,
  query: PersonPhotosQuery,
): Promise<TimelinePage> {
  await requireOwnPerson(deps, caller, personId);
  return photoPage(deps, caller, query, { set: 'photos', personId });
}

/** Each month holding a photo of the caller's Photos (or its favourites), with how many. */
export async function listTimelineMonths(
  deps: AppDeps,
  caller: AuthUser,
  query: TimelineMonthsQuery,
): Promise<TimelineMonths> {
  const set = query.favourites ? 'favourites' : 'photos';
  const months = await countVisiblePhotosByMonth(deps.db, caller.id, set);
  return { months, total: months.reduce((sum, month) => sum + month.count, 0) };
}

const later = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a > b ? a : b;
const earlier = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a < b ? a : b;

/**
 * Photos of the caller's own uploads (the map, memories), newest first, a page at a time: taken
 * inside `box`, or on one of `monthDays` (MM-DD, date taken known). Archived ones only when
 * `archived` (decision 0105); locked and trashed photos are in no list.
 */
export function listOwnPhotos(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
  filters: {
    box?: { west: number; south: number; east: number; north: number };
    monthDays?: readonly string[];
    archived?: boolean | undefined;
    until?: string;
  },
): Promise<TimelinePage & { rows: TimelinePhotoRow[] }> {
  return photoPageWithRows(deps, caller, query, {
    set: filters.archived ? 'photos-and-archive' : 'photos',
    ownFiles: true,
    box: filters.box,
    monthDays: filters.monthDays,
    until: filters.until,
  });
}

/**
 * Albums and the caller's people whose name holds `q` (first page only), and photos whose every
 * given criterion holds: a date in `q` (a year, a month by name or number, a day), the names of
 * the caller's people in `q` (each shown in the photo; then the people listed are those), the
 * rest of `q` held by the file's name, its camera or (of the caller's own files) its place's city
 * or country;
 * date between `from` and `to` (days, inclusive), camera make or model holds `camera`, added by
 * `addedBy`. At least one criterion (400 otherwise).
 */
export async function search(
  deps: AppDeps,
  caller: AuthUser,
  query: SearchQuery,
): Promise<SearchResult> {
  const q = query.q || undefined;
  const camera = query.camera || undefined;
  // The one box's text: a date in it narrows the days, the rest is found in names, cameras and
  // places (decision 0107).
  const read = q === undefined ? {} : readSearchText(q);
  const from = later(query.from, read.from);
  const until = earlier(query.to === undefined ? undefined : endOfDay(query.to), read.until);
  const criteria = [q, camera, query.from, query.to, query.addedBy, query.favourites || undefined];
  if (criteria.every((criterion) => criterion === undefined || criterion === '')) {
    throw invalid(
      'querystring',
      'must give at least one of q, from, to, camera, addedBy or favourites to search by.',
    );
  }
  // Then the names of the caller's people: each must be in the photo (decision 0109).
  const named =
    read.text === undefined
      ? { personIds: [], names: 0 }
      : readPeopleNames(read.text, await namedPeople(deps, caller));
  const text = named.names > 0 ? named.text : read.text;
  // The page, the albums and the people are independent reads: on PostgreSQL each takes a
  // connection of the pool, so the answer waits for the slowest rather than for all three.
  const [photos, albums, people] = await Promise.all([
    photoPage(deps, caller, query, {
      set: query.favourites ? 'favourites' : 'photos',
      from,
      until,
      addedBy: query.addedBy,
      anyText: text,
      placeCountries: text === undefined ? undefined : countriesNamed(text),
      camera,
      people: named.names > 0 ? { ids: named.personIds, count: named.names } : undefined,
    }),
    q !== undefined && query.cursor === undefined
      ? listAlbumViews(deps.db, {
          limit: SEARCH_ALBUMS_MAX,
          after: undefined,
          viewerId: caller.id,
          nameLike: containsPattern(q),
        })
      : [],
    q === undefined || query.cursor !== undefined
      ? []
      : named.names > 0
        ? peopleOfIds(deps, caller, named.personIds)
        : searchPeople(deps, caller, q),
  ]);
  return { albums: albums.map((view) => toAlbum(view, deps, caller.id)), people, ...photos };
}
