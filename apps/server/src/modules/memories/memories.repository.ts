import type { Db } from '../../db/schema.js';

/** Which of these memories (by key) this person hid. */
export async function findHiddenMemoryKeys(
  db: Db,
  ownerId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('hidden_memories')
    .select('memory_key')
    .where('owner_id', '=', ownerId)
    .where('memory_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.memory_key));
}

/** Hides a memory from this person (hidden already: stays so). */
export async function insertHiddenMemory(
  db: Db,
  ownerId: string,
  key: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('hidden_memories')
    .values({ owner_id: ownerId, memory_key: key, created_at: now })
    .onConflict((oc) => oc.columns(['owner_id', 'memory_key']).doNothing())
    .execute();
}

/** Shows a hidden memory again (not hidden: nothing changes). */
export async function deleteHiddenMemory(db: Db, ownerId: string, key: string): Promise<void> {
  await db
    .deleteFrom('hidden_memories')
    .where('owner_id', '=', ownerId)
    .where('memory_key', '=', key)
    .execute();
}
