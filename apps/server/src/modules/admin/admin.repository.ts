import type { Db } from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';
import type { Keyset } from '../../lib/paging.js';
import { countFilesAndBytes } from '../files/files.service.js';
import { countAllPhotos, photosAddedBySql } from '../photos/photos.repository.js';

/** An account as the administrator's list shows it. */
export interface AccountView {
  id: string;
  name: string;
  email_address: string;
  created_at: string;
  is_admin: number;
  verified_email: string | null;
  /** The embedded identity service's flag; null with a hosted provider (no such row). */
  email_verified: number | null;
  last_sign_in_at: string | null;
  disabled_at: string | null;
  storage_used: number | string;
  quota_bytes: number | string | null;
  /** Photos they added themselves (not guests through their links). */
  photo_count: number | string | null;
}

/** Every account, as an AccountView: the profile with the identity service's flag. */
function accounts(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('identity_accounts', 'identity_accounts.uid', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email_address',
      'users.created_at',
      'users.is_admin',
      'users.verified_email',
      'identity_accounts.email_verified',
      'users.last_sign_in_at',
      'users.disabled_at',
      'users.storage_used',
      'users.quota_bytes',
      (eb) => photosAddedBySql(eb).as('photo_count'),
    ]);
}

/** The server's accounts, newest first, after the keyset (created_at, id). */
export function listAccounts(
  db: Db,
  options: { limit: number; after: Keyset | undefined },
): Promise<AccountView[]> {
  let query = accounts(db);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('users.created_at', 'users.id'), '<', eb.tuple(after.key, after.id)),
    );
  }
  return query
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(literalLimit(options.limit))
    .execute();
}

export function findAccount(db: Db, id: string): Promise<AccountView | undefined> {
  return accounts(db).where('users.id', '=', id).executeTakeFirst();
}

/** Disables (a time) or enables (null) the account; answers whether it exists. */
export async function setDisabled(db: Db, id: string, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of every disabled account (each instance reads them every few seconds). */
export async function listDisabledIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('disabled_at', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function setQuota(db: Db, id: string, quota: number | null): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ quota_bytes: quota })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** With a hosted provider: when the app last saw the person (their first request in a while). */
export async function recordSeen(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

/** How many accounts, photos and files the server holds, and the bytes of those files. */
export async function serverFigures(db: Db) {
  const [users, photos, files] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    countAllPhotos(db),
    countFilesAndBytes(db),
  ]);
  return {
    users: Number(users.n),
    photos,
    files: files.count,
    storedBytes: files.bytes,
  };
}
