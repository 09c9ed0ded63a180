/**
 * How many values one statement binds for an `in (...)` list. SQLite (as better-sqlite3 builds
 * it) takes at most 32,766 bound values per statement and PostgreSQL 65,535; a bulk action names
 * up to 10,000 photos, and a statement may bind a few values per row (an insert of photos binds
 * six). Batches of this size stay far below both limits, and 10,000 ids take 10 round trips,
 * not 10,000.
 */
export const IDS_PER_STATEMENT = 1000;

/** The items, in order, in slices of at most `size`. */
export function inBatches<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

/** Runs `count` on each batch of the items, one after another, and answers the sum of its answers. */
export async function sumOverBatches<T>(
  items: readonly T[],
  count: (batch: T[]) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (const batch of inBatches(items)) total += await count(batch);
  return total;
}
