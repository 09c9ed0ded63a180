import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { literalLimit } from './literal-limit.js';
import { preparedQuery } from './prepared-query.js';
import type { Db } from './schema.js';
import { kyselySqlite } from './sqlite-statements.js';

// The query builder on its own in-memory SQLite database: the same on either suite.
describe('prepared queries with a row limit written into their text', () => {
  let db: Db;
  const sent: CompiledQuery[] = [];

  beforeEach(() => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table users (id text primary key, name text not null);
      insert into users values ('a', 'Ann'), ('b', 'Bob'), ('c', 'Cid');
    `);
    sent.length = 0;
    db = new Kysely({
      dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }),
      log: (event) => void sent.push(event.query),
    }) as Db;
  });
  afterEach(async () => {
    await db.destroy();
  });

  const namesAfter = preparedQuery(
    (db, args: { after: string; limit: number }) =>
      db
        .selectFrom('users')
        .select('name')
        .where('id', '>', args.after)
        .orderBy('id')
        .limit(literalLimit(args.limit)),
    { literals: ['limit'] },
  );

  it('answers each limit with its own rows, the limit as a number and the rest bound', async () => {
    expect(await namesAfter(db, { after: '', limit: 2 })).toEqual([
      { name: 'Ann' },
      { name: 'Bob' },
    ]);
    expect(await namesAfter(db, { after: 'a', limit: 1 })).toEqual([{ name: 'Bob' }]);
    expect(await namesAfter(db, { after: 'a', limit: 2 })).toEqual([
      { name: 'Bob' },
      { name: 'Cid' },
    ]);
    expect(sent.map((query) => [query.sql.match(/limit \S+/)?.[0], query.parameters])).toEqual([
      ['limit 2', ['']],
      ['limit 1', ['a']],
      ['limit 2', ['a']],
    ]);
  });

  it('writes only whole numbers into the text', () => {
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => literalLimit(bad)).toThrow(RangeError);
    }
  });
});
