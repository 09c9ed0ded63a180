import { SEEN_BY_MEMBERS } from '../../lib/access.js';
import type { Db, LinkPermission } from '../schema.js';

/**
 * A read model: what a share link permits while it still opens its album: it exists (not
 * stopped), has not expired, and its album is one links show (lib/access.ts SEEN_BY_MEMBERS); else
 * null. Picture URLs bound to a link ask this (the files module), without naming the sharing and
 * albums modules' tables.
 */
export async function openShareLinkPermission(
  db: Db,
  linkId: string,
  now: string,
): Promise<LinkPermission | null> {
  const row = await db
    .selectFrom('album_links')
    .innerJoin('albums', 'albums.id', 'album_links.album_id')
    .select('album_links.permission')
    .where('album_links.id', '=', linkId)
    .where((eb) =>
      eb.or([eb('album_links.expires_at', 'is', null), eb('album_links.expires_at', '>', now)]),
    )
    .where('albums.visibility', 'in', [...SEEN_BY_MEMBERS])
    .executeTakeFirst();
  return row?.permission ?? null;
}
