import type { Db, UserRow } from '../../db/schema.js';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the user unless one with that id exists; never fails on a concurrent insert. */
export async function insertUserIfMissing(db: Db, user: UserRow): Promise<void> {
  await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
