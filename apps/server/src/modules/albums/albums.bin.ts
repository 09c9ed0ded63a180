import type { Insertable } from 'kysely';
import type { AlbumRow, AlbumsTable, Db } from '../../db/schema.js';

/**
 * Where a deleted album goes when Trash is on (decision 0080): the trash module keeps it with its
 * photos, given at boot (app.ts) so that albums need not import it. Called in the deleting
 * transaction, with the album locked, before its row (and what cascades with it) goes.
 */
export interface AlbumBin {
  keep(trx: Db, album: AlbumRow, holderId: string): Promise<void>;
}

/** Puts back an album's row as it was (restored from Trash: the same id). */
export async function insertAlbumRow(db: Db, album: Insertable<AlbumsTable>): Promise<void> {
  await db.insertInto('albums').values(album).execute();
}

/** The caller's album of this name, the newest, if any: where restored photos may gather. */
export function findOwnAlbumByName(
  db: Db,
  ownerId: string,
  name: string,
): Promise<AlbumRow | undefined> {
  return db
    .selectFrom('albums')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
