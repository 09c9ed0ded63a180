import { CLIENT_CONFIG_PATH, type TimelineMonths } from '@photo/contract';
import type { QueryKey } from '@tanstack/react-query';
import { activityKeys } from '../../features/activity/api/activity-api';
import { albumKeys } from '../../features/albums/api/album-keys';
import { sharedPath } from '../../features/sharing/api/shared-link';
import { clientConfigQuery } from '../../shared/api/client-config';
import { nextPageUrl } from '../../shared/api/link-header';
import { meKey } from '../../shared/api/me';
import { paths } from '../../shared/config/paths';
import { timelineMonthPath, timelineMonthsPath } from '../../features/timeline/api/get-timeline';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';

/** A GET a page's queries make first, and the query whose data its answer is. */
export interface PageQuery {
  key: QueryKey;
  path: string;
  /**
   * An infinite query's first page: a list whose next page the Link header names ('link'), or
   * an answer that names its own next page ('cursor'). Otherwise the answer is the data.
   */
  pages?: 'link' | 'cursor';
  /** The page is not drawn without it (a failure leaves the page to the browser). */
  required: boolean;
}

/** An answer of the API to one of those GETs. */
export interface PageAnswer {
  status: number;
  body: unknown;
  link: string | null;
}

const ALBUM_PAGE = /^\/albums?\/([^/]+)\/?$/;
const SHARED_PAGE = /^\/shared\/([^/]+)\/?$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const signedInQueries: PageQuery[] = [
  { key: clientConfigQuery.queryKey, path: CLIENT_CONFIG_PATH, required: false },
  { key: meKey, path: '/api/users/me', required: true },
  // The bell's count, drawn with the bar rather than asked for once the page has hydrated.
  { key: activityKeys.unread, path: '/api/activity/unread', required: false },
];

/** The photos Photos draws on the server at most: a first screen on a large desktop. */
export const TIMELINE_FIRST_SCREEN = 60;
/** The months whose photos Photos draws on the server at most. */
const TIMELINE_FIRST_MONTHS = 12;

/**
 * Photos (or its favourites): its months, then, once they are answered, the first months' photos,
 * as many months as hold the first screen's photos.
 */
function timelineQueries(
  favourites: boolean,
  answers: ReadonlyMap<string, PageAnswer>,
): PageQuery[] {
  const monthsPath = timelineMonthsPath(favourites);
  const queries: PageQuery[] = [
    ...signedInQueries,
    { key: timelineKeys.months(favourites), path: monthsPath, required: true },
  ];
  const months = answers.get(monthsPath);
  if (months?.status !== 200) return queries;
  let photos = 0;
  for (const { month, count } of (months.body as TimelineMonths).months.slice(
    0,
    TIMELINE_FIRST_MONTHS,
  )) {
    if (photos >= TIMELINE_FIRST_SCREEN) break;
    queries.push({
      key: timelineKeys.month(month, favourites),
      path: timelineMonthPath(month, favourites, null),
      pages: 'cursor',
      required: true,
    });
    photos += count;
  }
  return queries;
}

/**
 * The GETs the server makes to draw the page at `pathname` (decision 0100), with the same
 * addresses, to the character, as the page's own queries; null for a page drawn in the browser
 * only. Signed in (a session cookie): Recent Albums, an album's page and Photos; anyone: a share
 * link's. Some GETs depend on others' answers: the server asks again with what it has been
 * answered (`answers`), until no new GET comes.
 */
export function pageQueries(
  pathname: string,
  signedIn: boolean,
  answers: ReadonlyMap<string, PageAnswer> = new Map(),
): PageQuery[] | null {
  const shared = SHARED_PAGE.exec(pathname)?.[1];
  if (shared !== undefined) {
    const token = decoded(shared);
    if (token === null) return null;
    return [
      { key: clientConfigQuery.queryKey, path: CLIENT_CONFIG_PATH, required: false },
      { key: albumKeys.sharedLink(token), path: sharedPath(token), required: true },
      {
        key: albumKeys.sharedLinkPhotos(token),
        path: `${sharedPath(token)}/photos`,
        pages: 'link',
        required: true,
      },
    ];
  }
  if (!signedIn) return null;
  if (pathname === paths.timeline || pathname === paths.favourites) {
    return timelineQueries(pathname === paths.favourites, answers);
  }
  if (pathname === '/albums/recent') {
    return [
      ...signedInQueries,
      { key: albumKeys.list('recent'), path: '/api/albumsDb', pages: 'link', required: true },
    ];
  }
  const segment = ALBUM_PAGE.exec(pathname)?.[1];
  if (segment === undefined || segment === 'me' || segment === 'recent') return null;
  const albumId = decoded(segment);
  if (albumId === null) return null;
  const id = encodeURIComponent(albumId);
  return [
    ...signedInQueries,
    {
      key: albumKeys.detail(albumId),
      path: `/api/albums/find?id=${id}`,
      required: true,
    },
    {
      key: albumKeys.photos(albumId),
      path: `/api/albumsDb/${id}/photos`,
      pages: 'link',
      required: true,
    },
  ];
}

/** What the query's cache entry holds, made of its answer. */
function cacheData(query: PageQuery, answer: PageAnswer): unknown {
  if (query.pages === 'link') {
    const items = Array.isArray(answer.body) ? answer.body : [];
    return { pages: [{ items, next: nextPageUrl(answer.link) }], pageParams: [query.path] };
  }
  // A cursor's query begins with none.
  if (query.pages === 'cursor') return { pages: [answer.body], pageParams: [null] };
  return answer.body;
}

/**
 * The query cache's entries made of the answers (an infinite query's data is its first page);
 * null when a required answer failed: the page is then the browser's to draw, as without a cookie.
 */
export function pageCache(
  queries: readonly PageQuery[],
  answers: ReadonlyMap<string, PageAnswer>,
): [QueryKey, unknown][] | null {
  const entries: [QueryKey, unknown][] = [];
  for (const query of queries) {
    const answer = answers.get(query.path);
    if (!answer || answer.status !== 200) {
      if (query.required) return null;
      continue;
    }
    entries.push([query.key, cacheData(query, answer)]);
  }
  return entries;
}
