import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * better-sqlite3 as Kysely's SQLite dialect needs it, with two savings on every query:
 *
 * - Kysely prepares every query anew; SQLite can reuse a prepared statement for the same SQL
 *   text. The app's queries come from a few builders, so a small cache covers them all.
 * - A reading statement runs in better-sqlite3's raw mode (each row an array of values) and its
 *   rows become objects here. better-sqlite3 builds each row object through V8's C++ API, one
 *   property at a time, which costs about a third of a page query's time; an object literal
 *   filled in JavaScript takes V8's fast paths. The rows are the same: one property per column,
 *   in the columns' order, a later column of the same name taking the place of an earlier one.
 *
 * A statement that changes the schema (a migration's) is never kept, and empties the cache: a
 * statement prepared before it may now read other columns than those it was prepared with.
 */
export function kyselySqlite(sqlite: SQLite.Database, cacheSize = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source) {
      let statement = statements.get(source);
      if (statement) return statement;
      const prepared = sqlite.prepare(source);
      if (!prepared.reader && SCHEMA_CHANGE.test(source)) {
        statements.clear();
        return prepared;
      }
      statement = rowStatement(prepared);
      if (statements.size >= cacheSize) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
      return statement;
    },
  };
}

function rowStatement(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  const raw = statement.raw(true);
  const toRow = (values: unknown[]): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) row[names[i]!] = values[i];
    return row;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = raw.all(parameters) as unknown[][];
      const objects = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i += 1) objects[i] = toRow(rows[i]!);
      return objects;
    },
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
  };
}
