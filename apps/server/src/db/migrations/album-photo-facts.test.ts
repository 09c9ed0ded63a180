import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { findAlbumView } from '../../modules/albums/albums.repository.js';
import { createTestPostgresDatabase } from '../../test/postgres.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../database.js';
import { migrationProvider } from './index.js';

// Albums stored before their photo count and dates were kept on their row get them at upgrade.

const postgres = process.env.TEST_DATABASE === 'postgres';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openFresh(): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (postgres) {
    const database = await createTestPostgresDatabase();
    handle = openDatabase({ databaseUrl: database.url, sqlitePath: '' });
    cleanups.push(database.drop);
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-migration-'));
    handle = openDatabase({ sqlitePath: path.join(dir, 'app.db') });
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  }
  cleanups.push(() => handle.close());
  return handle;
}

describe('migration 2026-11-27T00-00-album-photo-facts', () => {
  it("fills each album's photo count and first and last photo dates from its photos", async () => {
    const { db } = await openFresh();
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.migrateTo('2026-11-23T08-10-derived-images-state');
    expect(before.error).toBeUndefined();

    const t = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (id, email_address, name, created_at)
      values ('u1', 'u1@example.com', 'Ann', ${t})`.execute(db);
    await sql`insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at)
      values ('f1', 'u1', 'k1', 'image/jpeg', 1, 1, 1, 's1', ${t}),
             ('f2', 'u1', 'k2', 'image/jpeg', 1, 1, 1, 's2', ${t}),
             ('f3', 'u1', 'k3', 'image/jpeg', 1, 1, 1, 's3', ${t})`.execute(db);
    await sql`insert into albums (id, owner_id, name, cover_file_id, created_at)
      values ('full', 'u1', 'Full', 'f1', ${t}), ('bare', 'u1', 'Bare', 'f1', ${t})`.execute(db);
    await sql`insert into photos (id, album_id, file_id, owner_id, created_at, sort_date)
      values ('p1', 'full', 'f1', 'u1', ${t}, '2024-06-20T10:00:00.000Z'),
             ('p2', 'full', 'f2', 'u1', ${t}, '2023-12-24T20:00:00.000Z'),
             ('p3', 'full', 'f3', 'u1', ${t}, '2024-03-01T08:00:00.000Z')`.execute(db);

    expect(await migrateToLatest(db)).toContain('2026-11-27T00-00-album-photo-facts');

    const full = await findAlbumView(db, 'full', 'u1');
    expect(full).toMatchObject({
      first_photo_date: '2023-12-24T20:00:00.000Z',
      last_photo_date: '2024-06-20T10:00:00.000Z',
    });
    expect(Number(full?.photo_count)).toBe(3);
    // A row without photos, which the API never leaves: none, and no dates.
    const bare = await findAlbumView(db, 'bare', 'u1');
    expect(bare).toMatchObject({ first_photo_date: null, last_photo_date: null });
    expect(Number(bare?.photo_count)).toBe(0);
  });
});
