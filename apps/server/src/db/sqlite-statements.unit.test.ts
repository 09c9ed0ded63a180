import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kyselySqlite } from './sqlite-statements.js';

// The adapter under Kysely on its own in-memory SQLite database: the same on either suite.
describe('SQLite statements for Kysely (raw rows made objects, statements kept)', () => {
  let sqlite: SQLite.Database;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  /** A database with two small tables. */
  const fixture = () => {
    const database = new SQLite(':memory:');
    database.exec(`
      create table people (id integer primary key, name text, photo blob, score real);
      create table pets (id integer primary key, owner_id integer, name text);
      insert into people values (1, 'Ann', x'0102', 1.5), (2, 'Bob', null, null);
      insert into pets values (10, 1, 'Rex');
    `);
    return database;
  };

  beforeEach(() => {
    sqlite = fixture();
    db = new Kysely({ dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }) });
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('answers the rows better-sqlite3 answers: every type, nulls, and a name given twice', async () => {
    const text =
      'select people.*, pets.id, pets.name as pet from people left join pets on pets.owner_id = people.id where people.id > ? order by people.id';
    const [before = '', after = ''] = text.split('?');
    const viaKysely = await sql<
      Record<string, unknown>
    >`${sql.raw(before)}${0}${sql.raw(after)}`.execute(db);
    const expected = [
      { id: 10, name: 'Ann', photo: Buffer.from([1, 2]), score: 1.5, pet: 'Rex' },
      { id: null, name: 'Bob', photo: null, score: null, pet: null },
    ];
    expect(viaKysely.rows).toEqual(expected);
    // The same keys in the same order as better-sqlite3's own row objects.
    const plain = fixture();
    const own = plain.prepare(text).all(0);
    plain.close();
    expect(viaKysely.rows).toEqual(own);
    expect(viaKysely.rows.map((row) => Object.keys(row))).toEqual(
      own.map((row) => Object.keys(row as object)),
    );
  });

  it('binds parameters, and runs writes with their counts', async () => {
    const inserted = await db
      .insertInto('pets')
      .values({ id: 11, owner_id: 2, name: 'Tom' })
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    expect(inserted.insertId).toBe(11n);
    const updated = await db
      .updateTable('pets')
      .set({ name: 'Tim' })
      .where('owner_id', '=', 2)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const rows = await db.selectFrom('pets').selectAll().where('owner_id', '=', 2).execute();
    expect(rows).toEqual([{ id: 11, owner_id: 2, name: 'Tim' }]);
    const none = await db.selectFrom('pets').selectAll().where('owner_id', '=', 3).execute();
    expect(none).toEqual([]);
  });

  it('streams rows as objects', async () => {
    const names: unknown[] = [];
    for await (const row of db.selectFrom('people').select(['name']).orderBy('id').stream()) {
      names.push(row);
    }
    expect(names).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('reads the columns a table has after a migration changed them, with the same query text', async () => {
    const all = () => db.selectFrom('people').selectAll().where('id', '=', 1).execute();
    expect(await all()).toEqual([{ id: 1, name: 'Ann', photo: Buffer.from([1, 2]), score: 1.5 }]);
    await db.schema.alterTable('people').renameColumn('name', 'full_name').execute();
    await db.schema.alterTable('people').addColumn('email', 'text').execute();
    expect(await all()).toEqual([
      { id: 1, full_name: 'Ann', photo: Buffer.from([1, 2]), score: 1.5, email: null },
    ]);
  });
});
