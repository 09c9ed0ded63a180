import { CLIENT_CONFIG_PATH } from '@photo/contract';
import type { QueryKey } from '@tanstack/react-query';
import { albumKeys } from '../../features/albums/api/album-keys';
import { sharedPath } from '../../features/sharing/api/shared-link';
import { clientConfigQuery } from '../../shared/api/client-config';
import { nextPageUrl } from '../../shared/api/link-header';
import { meKey } from '../../shared/api/me';

/** A GET a page's queries make first, and the query whose data its answer is. */
export interface PageQuery {
  key: QueryKey;
  path: string;
  /** An infinite query's first page (its items, and the Link header's next page). */
  paged: boolean;
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
  { key: clientConfigQuery.queryKey, path: CLIENT_CONFIG_PATH, paged: false, required: false },
  { key: meKey, path: '/api/users/me', paged: false, required: true },
];

/**
 * The GETs the server makes to draw the page at `pathname` (decision 0100), with the same
 * addresses, to the character, as the page's own queries; null for a page drawn in the browser
 * only. Signed in (a session cookie): Recent Albums and an album's page; anyone: a share link's.
 */
export function pageQueries(pathname: string, signedIn: boolean): PageQuery[] | null {
  const shared = SHARED_PAGE.exec(pathname)?.[1];
  if (shared !== undefined) {
    const token = decoded(shared);
    if (token === null) return null;
    return [
      { key: clientConfigQuery.queryKey, path: CLIENT_CONFIG_PATH, paged: false, required: false },
      { key: albumKeys.sharedLink(token), path: sharedPath(token), paged: false, required: true },
      {
        key: albumKeys.sharedLinkPhotos(token),
        path: `${sharedPath(token)}/photos`,
        paged: true,
        required: true,
      },
    ];
  }
  if (!signedIn) return null;
  if (pathname === '/albums/recent') {
    return [
      ...signedInQueries,
      { key: albumKeys.list('recent'), path: '/api/albumsDb', paged: true, required: true },
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
      paged: false,
      required: true,
    },
    {
      key: albumKeys.photos(albumId),
      path: `/api/albumsDb/${id}/photos`,
      paged: true,
      required: true,
    },
  ];
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
    entries.push([
      query.key,
      query.paged
        ? {
            pages: [
              {
                items: Array.isArray(answer.body) ? answer.body : [],
                next: nextPageUrl(answer.link),
              },
            ],
            pageParams: [query.path],
          }
        : answer.body,
    ]);
  }
  return entries;
}
