import { sql, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import { literalLimit } from './literal-limit.js';

/**
 * A page of a list ordered newest first by (`at`, `id`): the rows after `before` (the last row
 * of the page before, when there was one: lib/paging.ts's Keyset), at most `limit` of them.
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { at: StringReference<DB, TB>; id: StringReference<DB, TB> },
  before: { key: string; id: string } | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  const after = before
    ? query.where(
        sql<SqlBool>`(${at} < ${before.key} or (${at} = ${before.key} and ${id} < ${before.id}))`,
      )
    : query;
  return after.orderBy(at, 'desc').orderBy(id, 'desc').limit(literalLimit(limit));
}
