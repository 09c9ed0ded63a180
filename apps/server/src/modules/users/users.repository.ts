import type { Insertable } from 'kysely';
import type { Db, UserRow, UsersTable } from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';
import { FILE_BLOB_COLUMNS, blobKeysOf } from '../files/files.blobs.js';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the user unless one with that id exists; never fails on a concurrent insert. */
export async function insertUserIfMissing(db: Db, user: Insertable<UsersTable>): Promise<void> {
  await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
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

/** A file of the user's: its id and where its bytes are. */
export interface OwnedFile {
  id: string;
  keys: string[];
}

/**
 * Deletes everything of the user's but the bytes of their files: their albums (with every photo,
 * comment and like in them), their photos in other albums, their comments and likes, their file
 * rows and their user row. Another album whose cover is one of their files takes its first other
 * photo as cover, or goes when it held only their photos; another user's picture that was one of
 * their files becomes the default avatar. Answers the files deleted (their bytes are the caller's
 * to delete once this is committed) and the other files these rows used.
 */
export async function deleteUserData(
  db: Db,
  id: string,
): Promise<{ owned: OwnedFile[]; alsoUsed: string[] }> {
  const ownedRows = await db
    .selectFrom('files')
    .select(['id', ...FILE_BLOB_COLUMNS])
    .where('owner_id', '=', id)
    .execute();
  const ownedIds = db.selectFrom('files').select('id').where('owner_id', '=', id);
  const usedRows = await db
    .selectFrom('photos')
    .select('file_id as fileId')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', id),
        eb('album_id', 'in', eb.selectFrom('albums').select('id').where('owner_id', '=', id)),
      ]),
    )
    .union(db.selectFrom('albums').select('cover_file_id as fileId').where('owner_id', '=', id))
    .execute();
  const profile = await findUserById(db, id);

  // Other albums shown with one of the user's files as cover.
  const covered = await db
    .selectFrom('albums')
    .select('id')
    .where('owner_id', '!=', id)
    .where('cover_file_id', 'in', ownedIds)
    .execute();
  for (const album of covered) {
    const next = await db
      .selectFrom('photos')
      .select('file_id')
      .where('album_id', '=', album.id)
      .where('owner_id', '!=', id)
      .where('file_id', 'not in', ownedIds)
      .orderBy('sort_date')
      .orderBy('id')
      .limit(literalLimit(1))
      .executeTakeFirst();
    if (next) {
      await db
        .updateTable('albums')
        .set({ cover_file_id: next.file_id })
        .where('id', '=', album.id)
        .execute();
    } else {
      await db.deleteFrom('albums').where('id', '=', album.id).execute();
    }
  }
  await db
    .updateTable('users')
    .set({ profile_pic_file_id: null })
    .where('id', '!=', id)
    .where('profile_pic_file_id', 'in', ownedIds)
    .execute();

  await db.deleteFrom('albums').where('owner_id', '=', id).execute();
  await db
    .deleteFrom('photos')
    .where((eb) => eb.or([eb('owner_id', '=', id), eb('file_id', 'in', ownedIds)]))
    .execute();
  await db.deleteFrom('comments').where('author_id', '=', id).execute();
  await db.deleteFrom('photo_likes').where('user_id', '=', id).execute();
  await db.updateTable('users').set({ profile_pic_file_id: null }).where('id', '=', id).execute();
  await db.deleteFrom('files').where('owner_id', '=', id).execute();
  await db.deleteFrom('users').where('id', '=', id).execute();

  const owned = ownedRows.map((row) => ({
    id: row.id,
    keys: blobKeysOf(row),
  }));
  const ownedSet = new Set(owned.map((file) => file.id));
  const alsoUsed = [
    ...usedRows.map((row) => row.fileId),
    ...(profile?.profile_pic_file_id ? [profile.profile_pic_file_id] : []),
  ].filter((fileId) => !ownedSet.has(fileId));
  return { owned, alsoUsed };
}
