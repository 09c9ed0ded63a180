import { describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { migrateToLatest, openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
if (!onPostgres) {
  console.warn('Skipping the migration lock test: it runs with TEST_DATABASE=postgres');
}

describe.skipIf(!onPostgres)('migrations when instances start together (PostgreSQL)', () => {
  it('are applied once, by one of them, and both find the schema whole', async () => {
    const database = await createTestPostgresDatabase();
    const handles = [1, 2, 3].map(() =>
      openDatabase({ databaseUrl: database.url, sqlitePath: ':memory:' }),
    );
    try {
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      const all = Object.keys(await migrationProvider.getMigrations());
      // One instance applied every migration; the others found none left.
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, all.length]);
      expect(applied.find((names) => names.length > 0)).toEqual(all);
      const rows = await handles[0]!.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(rows).toHaveLength(all.length);
      // The lock is free again: a later start migrates nothing and waits for no one.
      expect(await migrateToLatest(handles[1]!.db)).toEqual([]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  });
});
