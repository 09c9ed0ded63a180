import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { migrateToLatest, openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('the migration that names the administrator', () => {
  it('makes the earliest account of an existing server its administrator, and only it', async () => {
    const postgres = onPostgres ? await createTestPostgresDatabase() : undefined;
    const handle = openDatabase({ databaseUrl: postgres?.url, sqlitePath: ':memory:' });
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const before = await migrator.migrateTo('2026-11-23T08-10-derived-images-state');
      expect(before.error).toBeUndefined();
      const user = (id: string, created_at: string) => ({
        id,
        email_address: `${id}@example.com`,
        name: id,
        profile_pic_file_id: null,
        created_at,
        verified_email: null,
      });
      await handle.db
        .insertInto('users')
        .values([
          user('later', '2026-03-01T00:00:00.000Z'),
          user('earliest', '2026-01-01T00:00:00.000Z'),
          user('between', '2026-02-01T00:00:00.000Z'),
        ] as never)
        .execute();

      expect(await migrateToLatest(handle.db)).toContain('2026-11-27T00-00-server-admin');
      const rows = await handle.db
        .selectFrom('users')
        .select(['id', 'is_admin'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'between', is_admin: 0 },
        { id: 'earliest', is_admin: 1 },
        { id: 'later', is_admin: 0 },
      ]);
      // Since 2026-11-29T04-00-admin-and-quotas, several may be administrators (ADMIN_EMAILS); the
      // first account is kept in first_account.
      expect(await handle.db.selectFrom('first_account').selectAll().execute()).toEqual([
        { slot: 1, user_id: 'earliest' },
      ]);
      await handle.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', 'later').execute();
    } finally {
      await handle.close();
      await postgres?.drop();
    }
  });
});
