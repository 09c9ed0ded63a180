import type { Db } from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';
import type { Keyset } from '../../lib/paging.js';

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
