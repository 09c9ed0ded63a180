import type { Selectable } from 'kysely';
import type {
  AlbumInvitationsTable,
  AlbumLinksTable,
  AlbumMembersTable,
  Db,
} from '../../db/schema.js';

/** Who an album was shared with and how, kept with it in Trash (decision 0080). */
export interface AlbumSharingRows {
  members: Selectable<AlbumMembersTable>[];
  invitations: Selectable<AlbumInvitationsTable>[];
  links: Selectable<AlbumLinksTable>[];
}

/** The album's members, invitations and share links: their rows go with the album's (cascades). */
export async function listAlbumSharingRows(db: Db, albumId: string): Promise<AlbumSharingRows> {
  return {
    members: await db
      .selectFrom('album_members')
      .selectAll()
      .where('album_id', '=', albumId)
      .execute(),
    invitations: await db
      .selectFrom('album_invitations')
      .selectAll()
      .where('album_id', '=', albumId)
      .execute(),
    links: await db.selectFrom('album_links').selectAll().where('album_id', '=', albumId).execute(),
  };
}

/**
 * Puts back an album's sharing as it was when it went to Trash (members whose account still
 * exists: the caller filters them); a share link works again with its token.
 */
export async function insertAlbumSharingRows(db: Db, rows: AlbumSharingRows): Promise<void> {
  if (rows.members.length > 0) await db.insertInto('album_members').values(rows.members).execute();
  if (rows.invitations.length > 0) {
    await db.insertInto('album_invitations').values(rows.invitations).execute();
  }
  if (rows.links.length === 0) return;
  await db
    .insertInto('album_links')
    .values(
      rows.links.map((link) => ({
        ...link,
        // PostgreSQL answers bigints as text.
        guest_max_bytes: link.guest_max_bytes === null ? null : Number(link.guest_max_bytes),
      })),
    )
    .execute();
}
