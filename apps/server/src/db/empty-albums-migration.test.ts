import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { migrateToLatest, openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('the migration to albums without a photo', () => {
  it('keeps every album with its photos, members and counts, and lets a cover be empty', async () => {
    const postgres = onPostgres ? await createTestPostgresDatabase() : undefined;
    const handle = openDatabase({ databaseUrl: postgres?.url, sqlitePath: ':memory:' });
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const before = await migrator.migrateTo('2026-11-30T03-00-locked-place');
      expect(before.error).toBeUndefined();
      const at = '2026-05-01T10:00:00.000Z';
      const db = handle.db as never as Kysely<Record<string, Record<string, unknown>>>;
      await db
        .insertInto('users')
        .values([
          { id: 'u1', email_address: 'u1@example.com', name: 'Una', created_at: at },
          { id: 'u2', email_address: 'u2@example.com', name: 'Dos', created_at: at },
        ])
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
      await db
        .insertInto('albums')
        .values({
          id: 'a1',
          owner_id: 'u1',
          name: 'One',
          cover_file_id: 'f1',
          created_at: at,
          photo_count: 1,
        })
        .execute();
      await db
        .insertInto('photos')
        .values({
          id: 'p1',
          album_id: 'a1',
          file_id: 'f1',
          owner_id: 'u1',
          created_at: at,
          sort_date: at,
        })
        .execute();
      await db
        .insertInto('album_members')
        .values({ album_id: 'a1', user_id: 'u2', role: 'viewer', created_at: at })
        .execute();

      expect(await migrateToLatest(handle.db)).toContain('2026-11-30T04-10-empty-albums');
      expect(
        await handle.db
          .selectFrom('albums')
          .select(['id', 'name', 'cover_file_id', 'photo_count'])
          .execute(),
      ).toEqual([{ id: 'a1', name: 'One', cover_file_id: 'f1', photo_count: 1 }]);
      expect(await handle.db.selectFrom('photos').select('id').execute()).toEqual([{ id: 'p1' }]);
      expect(await handle.db.selectFrom('album_members').select('user_id').execute()).toEqual([
        { user_id: 'u2' },
      ]);
      await handle.db
        .insertInto('albums')
        .values({ id: 'a2', owner_id: 'u1', name: 'Empty', cover_file_id: null, created_at: at })
        .execute();
      // The album's references and cascades hold: deleting it takes its photos and members.
      await handle.db.deleteFrom('albums').where('id', '=', 'a1').execute();
      expect(await handle.db.selectFrom('photos').select('id').execute()).toEqual([]);
      expect(await handle.db.selectFrom('album_members').select('user_id').execute()).toEqual([]);
      // The album without a cover takes photos; a photo of no album is refused.
      await handle.db
        .insertInto('photos')
        .values({
          id: 'p2',
          album_id: 'a2',
          file_id: 'f1',
          owner_id: 'u1',
          created_at: at,
          sort_date: at,
        })
        .execute();
      const unknownAlbum = handle.db
        .insertInto('photos')
        .values({
          id: 'p3',
          album_id: 'nope',
          file_id: 'f1',
          owner_id: 'u1',
          created_at: at,
          sort_date: at,
        })
        .execute();
      await expect(unknownAlbum).rejects.toThrow();
      if (!onPostgres) {
        const broken = await sql`pragma foreign_key_check`.execute(handle.db);
        expect(broken.rows).toEqual([]);
      }
    } finally {
      await handle.close();
      await postgres?.drop();
    }
  });
});
