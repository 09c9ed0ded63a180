import type { Db, PhotoRow } from '../../db/schema.js';

/**
 * Where deleted photos go when Trash is on (decision 0080): the trash module keeps them, given at
 * boot (app.ts) so that photos need not import it. Called in the deleting transaction, with the
 * photos' albums locked, before their rows (and what cascades with them) go.
 */
export interface PhotoBin {
  keep(trx: Db, photos: readonly PhotoRow[], holderId: string): Promise<void>;
}

/** The rows of the album's photos, for a bin keeping the album (the trash module). */
export function listAlbumPhotoRows(db: Db, albumId: string): Promise<PhotoRow[]> {
  return db.selectFrom('photos').selectAll().where('album_id', '=', albumId).execute();
}
