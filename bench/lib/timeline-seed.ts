// Photos seeded straight into the app's SQLite database (DATA_DIR/app.db), beside a real album: each
// photo a file row of its own copied from the album's cover (so every one shows the cover's
// thumbnail, already made), dated over the years, newest first in the timeline. The database's
// own triggers keep the month counts. For benchmarks of screens that show many photos.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A small deterministic generator: the same dates in every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface SeedOptions {
  dataDir: string;
  albumId: string;
  count: number;
  /** The dates run back from here over `years` (default ten). */
  newest?: Date;
  years?: number;
  seed?: number;
}

/** Adds `count` photos to the album (its cover's file copied), in one transaction. */
export function seedTimelinePhotos({
  dataDir,
  albumId,
  count,
  newest = new Date('2026-10-31T12:00:00Z'),
  years = 10,
  seed = 54,
}: SeedOptions): void {
  const db = new SQLite(path.join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const album = db
      .prepare('select owner_id, cover_file_id from albums where id = ?')
      .get(albumId) as { owner_id: string; cover_file_id: string } | undefined;
    if (!album) throw new Error(`no album ${albumId}`);
    const cover = db.prepare('select * from files where id = ?').get(album.cover_file_id) as Record<
      string,
      unknown
    >;
    const columns = Object.keys(cover);
    const insertFile = db.prepare(
      `insert into files (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const insertPhoto = db.prepare(
      `insert into photos (id, album_id, file_id, owner_id, created_at, sort_date)
       values (?, ?, ?, ?, ?, ?)`,
    );
    const random = generator(seed);
    const span = years * 365.25 * 24 * 3600 * 1000;
    const prefix = randomBytes(4).toString('hex');
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        // More photos in recent years, as people take them.
        const date = new Date(newest.getTime() - span * random() ** 1.6).toISOString();
        // A stored file's id: 16 random bytes, as the server makes them (it refuses any other).
        const fileId = randomBytes(16).toString('base64url');
        insertFile.run({
          ...cover,
          id: fileId,
          sha256: `${prefix}${i.toString(16).padStart(56, '0')}`,
          date_taken: date,
          created_at: date,
          photo_count: 0,
        });
        insertPhoto.run(`p${prefix}${i.toString(36)}`, albumId, fileId, album.owner_id, date, date);
      }
    })();
  } finally {
    db.close();
  }
}
