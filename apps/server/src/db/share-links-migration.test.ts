import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { migrateToLatest, openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('the migration to several share links per album', () => {
  it('keeps every link given out before, with its token and whether it offered the zip', async () => {
    const postgres = onPostgres ? await createTestPostgresDatabase() : undefined;
    const handle = openDatabase({ databaseUrl: postgres?.url, sqlitePath: ':memory:' });
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const before = await migrator.migrateTo('2026-11-27T21-00-resumable-uploads');
      expect(before.error).toBeUndefined();
      const at = '2026-05-01T10:00:00.000Z';
      // The tables as they were before the migration.
      const db = handle.db as never as Kysely<Record<string, Record<string, unknown>>>;
      await db
        .insertInto('users')
        .values({ id: 'u1', email_address: 'u1@example.com', name: 'Una', created_at: at })
        .execute();
      await db
        .insertInto('files')
        .values({
          id: 'f1',
          owner_id: 'u1',
          blob_key: 'originals/f1',
          content_type: 'image/jpeg',
          size: 10,
          width: 1,
          height: 1,
          sha256: 'a'.repeat(64),
          created_at: at,
        })
        .execute();
      for (const id of ['a1', 'a2']) {
        await db
          .insertInto('albums')
          .values({ id, owner_id: 'u1', name: id, cover_file_id: 'f1', created_at: at })
          .execute();
      }
      await db
        .insertInto('album_links')
        .values([
          { album_id: 'a1', token: 'tokenOfAlbumOne_______', created_at: at, allow_download: 0 },
          { album_id: 'a2', token: 'tokenOfAlbumTwo_______', created_at: at, allow_download: 1 },
        ])
        .execute();

      expect(await migrateToLatest(handle.db)).toContain('2026-11-28T00-00-share-links');
      const rows = await handle.db
        .selectFrom('album_links')
        .select(['id', 'album_id', 'token', 'permission', 'password_hash', 'expires_at'])
        .orderBy('album_id')
        .execute();
      expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
        {
          album_id: 'a1',
          token: 'tokenOfAlbumOne_______',
          permission: 'view',
          password_hash: null,
          expires_at: null,
        },
        {
          album_id: 'a2',
          token: 'tokenOfAlbumTwo_______',
          permission: 'download',
          password_hash: null,
          expires_at: null,
        },
      ]);
      expect(new Set(rows.map((row) => row.id)).size).toBe(2);
      // A token stays unique.
      await expect(
        handle.db
          .insertInto('album_links')
          .values({ id: 'x', album_id: 'a1', token: 'tokenOfAlbumTwo_______', created_at: at })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await handle.close();
      await postgres?.drop();
    }
  });
});
