import type { Db, IdentitySigningKeysTable } from './schema.js';

/** Every signing key, newest generation first. */
export function listSigningKeys(db: Db): Promise<IdentitySigningKeysTable[]> {
  return db.selectFrom('identity_signing_keys').selectAll().orderBy('generation', 'desc').execute();
}

/** Adds a key unless its generation exists already (another instance made it first). */
export async function insertSigningKey(db: Db, row: IdentitySigningKeysTable): Promise<boolean> {
  const result = await db
    .insertInto('identity_signing_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes keys older than a generation (they verify nothing any more). */
export async function deleteSigningKeysBelow(db: Db, generation: number): Promise<void> {
  await db.deleteFrom('identity_signing_keys').where('generation', '<', generation).execute();
}
