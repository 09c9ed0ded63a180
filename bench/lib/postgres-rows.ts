// Rows written straight into a PostgreSQL database by the benchmarks that seed one: multi-row
// inserts of a few thousand rows each (as many as 20,000 values a statement), in the caller's
// transaction if it opened one, else each statement in its own.
import type pg from 'pg';

const VALUES_PER_STATEMENT = 20_000;

/** Inserts `rows` (values in the order of `columns`) into `table`. */
export async function insertRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const values: unknown[] = [];
    const tuples = rows
      .slice(start, start + perStatement)
      .map(
        (row) => `(${row.map((value) => (values.push(value), `$${values.length}`)).join(', ')})`,
      );
    await client.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
      values,
    );
  }
}
