import { sql, type Insertable } from 'kysely';
import type { Db, UserRow, UsersTable } from '../../db/schema.js';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts the user unless one with that id exists; never fails on a concurrent insert. The first
 * user of the server becomes an administrator: the one row of first_account names them, so when
 * two first users arrive at once exactly one of them takes it. A new user starts with the default
 * quota, and signed in when made.
 */
export async function insertUserIfMissing(
  db: Db,
  user: Insertable<UsersTable>,
  quotaBytes: number | null = null,
): Promise<void> {
  const inserted = await db
    .insertInto('users')
    .values({ ...user, is_admin: 0, quota_bytes: quotaBytes, last_sign_in_at: user.created_at })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return;
  const first = await db
    .insertInto('first_account')
    .values({ slot: 1, user_id: user.id })
    .onConflict((oc) => oc.column('slot').doNothing())
    .executeTakeFirst();
  if (Number(first.numInsertedOrUpdatedRows ?? 0n) === 1) await markAdmin(db, user.id);
}

/** Makes the user an administrator (the first account, or an address of ADMIN_EMAILS). */
export async function markAdmin(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: 1 })
    .where('id', '=', id)
    .where('is_admin', '=', 0)
    .execute();
}

/** The server's first administrator (the earliest account among them), if there is one. */
export function findAdmin(db: Db): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('is_admin', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * When the server has no administrator (theirs has just been deleted), the earliest remaining
 * account becomes it.
 */
export async function promoteEarliestUserIfNoAdmin(db: Db): Promise<void> {
  await sql`
    update users set is_admin = 1
    where id = (select id from users order by created_at, id limit 1)
      and not exists (select 1 from users where is_admin = 1)
  `.execute(db);
}

/** Creates the user, or sets the e-mail address, name and picture of the existing one. */
export async function upsertUserProfile(db: Db, user: Insertable<UsersTable>): Promise<void> {
  await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        email_address: user.email_address,
        name: user.name,
        profile_pic_file_id: user.profile_pic_file_id,
      }),
    )
    .execute();
}

export async function setProfilePicture(db: Db, id: string, fileId: string | null): Promise<void> {
  await db.updateTable('users').set({ profile_pic_file_id: fileId }).where('id', '=', id).execute();
}

export async function setUserName(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', id).execute();
}

/** Every profile picture that is one of the files of `fileOwnerId` becomes the default avatar. */
export async function unsetPicturesOfFilesOf(db: Db, fileOwnerId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ profile_pic_file_id: null })
    .where('profile_pic_file_id', 'in', (eb) =>
      eb.selectFrom('files').select('id').where('owner_id', '=', fileOwnerId),
    )
    .execute();
}

export async function deleteUserRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The language of the user's e-mails; undefined: no such user. */
export async function findUserLocale(db: Db, id: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', id).executeTakeFirst();
  return row ? row.locale : undefined;
}

/** Sets the language of the user's e-mails; false when there is no such user. */
export async function setUserLocale(db: Db, id: string, locale: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ locale })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The address the person has proven (a verified ID token's), or null when none is. */
export async function setVerifiedEmail(db: Db, userId: string, email: string | null) {
  await db.updateTable('users').set({ verified_email: email }).where('id', '=', userId).execute();
}
