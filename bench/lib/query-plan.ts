// How the database runs a query the app's code sent, for benchmarks that print plans
// (BENCH_EXPLAIN=1).
import { CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';

/**
 * Prints `query`'s plan under `title`: EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, which runs it,
 * or EXPLAIN QUERY PLAN on SQLite.
 */
export async function printPlan(
  db: DatabaseHandle['db'],
  query: CompiledQuery,
  postgres: boolean,
  title: string,
): Promise<void> {
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(
      `${postgres ? 'explain (analyze, buffers)' : 'explain query plan'} ${query.sql}`,
      [...query.parameters],
    ),
  );
  console.log(`${title}:`);
  for (const row of result.rows) {
    console.log(`  ${String(postgres ? row['QUERY PLAN'] : row.detail)}`);
  }
}
