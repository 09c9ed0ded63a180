// Photos seeded straight into the app's database (SQLite's DATA_DIR/app.db, or PostgreSQL),
// beside a real album: each photo a file row of its own copied from the album's cover (so every
// one shows the cover's thumbnail, already made), dated over the years, newest first in the
// timeline; the same rows on both engines. The database's own triggers keep the month counts. For
// benchmarks of screens that show many photos.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { generator } from './places-seed.js';
import { insertRows } from './postgres-rows.js';

interface PhotoOptions {
  albumId: string;
  count: number;
  /** The dates run back from here over `years` (default ten). */
  newest?: Date;
  years?: number;
  seed?: number;
}

export interface SeedOptions extends PhotoOptions {
  dataDir: string;
}

type Row = Record<string, unknown>;

const PHOTO_COLUMNS = ['id', 'album_id', 'file_id', 'owner_id', 'created_at', 'sort_date'];

/**
 * The rows of `count` photos of the album `albumId` of `ownerId`: for each, its file (the cover's
 * row with a new id, hash and dates) and its photo (PHOTO_COLUMNS' values).
 */
function photoRows(
  cover: Row,
  ownerId: string,
  {
    albumId,
    count,
    newest = new Date('2026-10-31T12:00:00Z'),
    years = 10,
    seed = 54,
  }: PhotoOptions,
): { file: Row; photo: unknown[] }[] {
  const random = generator(seed);
  const span = years * 365.25 * 24 * 3600 * 1000;
  const prefix = randomBytes(4).toString('hex');
  return Array.from({ length: count }, (_, i) => {
    // More photos in recent years, as people take them.
    const date = new Date(newest.getTime() - span * random() ** 1.6).toISOString();
    // A stored file's id: 16 random bytes, as the server makes them (it refuses any other).
    const fileId = randomBytes(16).toString('base64url');
    return {
      file: {
        ...cover,
        id: fileId,
        sha256: `${prefix}${i.toString(16).padStart(56, '0')}`,
        date_taken: date,
        created_at: date,
        photo_count: 0,
      },
      photo: [`p${prefix}${i.toString(36)}`, albumId, fileId, ownerId, date, date],
    };
  });
}

/** Adds `count` photos to the album (its cover's file copied), in one transaction. */
export function seedTimelinePhotos({ dataDir, ...options }: SeedOptions): void {
  const db = new SQLite(path.join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const album = db
      .prepare('select owner_id, cover_file_id from albums where id = ?')
      .get(options.albumId) as { owner_id: string; cover_file_id: string } | undefined;
    if (!album) throw new Error(`no album ${options.albumId}`);
    const cover = db.prepare('select * from files where id = ?').get(album.cover_file_id) as Row;
    const columns = Object.keys(cover);
    const insertFile = db.prepare(
      `insert into files (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const insertPhoto = db.prepare(
      `insert into photos (${PHOTO_COLUMNS.join(', ')}) values (${PHOTO_COLUMNS.map(() => '?').join(', ')})`,
    );
    const rows = photoRows(cover, album.owner_id, options);
    db.transaction(() => {
      for (const { file, photo } of rows) {
        insertFile.run(file);
        insertPhoto.run(...photo);
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * seedTimelinePhotos on the app's PostgreSQL database at `databaseUrl`: the same rows, the files
 * in one transaction, then the photos a few thousand to a transaction (their trigger updates the
 * album's count of their month: in one transaction, each of those rows would be rewritten for
 * each of its photos, every version kept to the end and walked by the next update: 45 s here
 * instead of 14 for 100,000 photos); then the database vacuumed and analysed, as autovacuum would.
 */
export async function seedTimelinePhotosPostgres({
  databaseUrl,
  ...options
}: PhotoOptions & { databaseUrl: string }): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const album = await client.query<{ owner_id: string; cover_file_id: string }>(
      'select owner_id, cover_file_id from albums where id = $1',
      [options.albumId],
    );
    const { owner_id: ownerId, cover_file_id: coverId } = album.rows[0] ?? {};
    if (!ownerId || !coverId) throw new Error(`no album ${options.albumId}`);
    const cover = (await client.query<Row>('select * from files where id = $1', [coverId]))
      .rows[0]!;
    const columns = Object.keys(cover);
    const rows = photoRows(cover, ownerId, options);
    await client.query('begin');
    await insertRows(
      client,
      'files',
      columns,
      rows.map(({ file }) => columns.map((column) => file[column])),
    );
    await client.query('commit');
    await insertRows(
      client,
      'photos',
      PHOTO_COLUMNS,
      rows.map(({ photo }) => photo),
    );
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
