import type { Db } from '../../db/schema.js';
import { hasPendingDigestEntry } from '../activity/activity.repository.js';

export type DigestFrequencyValue = 'off' | 'hourly' | 'daily';

/** A person whose digest may be due: they want one, have a proven address and unread entries. */
export interface DigestCandidate {
  id: string;
  name: string;
  verified_email: string;
  digest: 'hourly' | 'daily';
  digest_sent_at: string | null;
  activity_read_at: string | null;
  /** The language of their e-mails; null: English. */
  locale: string | null;
}

export async function findDigestSetting(
  db: Db,
  userId: string,
): Promise<DigestFrequencyValue | undefined> {
  const row = await db
    .selectFrom('users')
    .select('digest')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.digest;
}

/** Sets how often the person gets a digest; false when there is no such person. */
export async function setDigestSetting(
  db: Db,
  userId: string,
  digest: DigestFrequencyValue,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ digest })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * People whose digest is due at `now`: hourly ones whose last digest went out an hour ago or more,
 * daily ones a day ago or more (or never), with a proven address and at least one pending entry.
 */
export async function findDueDigests(db: Db, now: Date, limit: number): Promise<DigestCandidate[]> {
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.name',
      'users.verified_email',
      'users.digest',
      'users.digest_sent_at',
      'users.activity_read_at',
      'users.locale',
    ])
    .where('users.digest', '!=', 'off')
    .where('users.verified_email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('users.digest_sent_at', 'is', null),
        eb.and([eb('users.digest', '=', 'hourly'), eb('users.digest_sent_at', '<=', hourAgo)]),
        eb.and([eb('users.digest', '=', 'daily'), eb('users.digest_sent_at', '<=', dayAgo)]),
      ]),
    )
    .where((eb) => hasPendingDigestEntry(eb))
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows as DigestCandidate[];
}

/**
 * Takes the person's digest for this run: sets digest_sent_at to `now` only if it still is what
 * the run read (`previous`) and they still want digests. Of two runs at once (two instances), one
 * changes the row and the other finds it changed: only the first sends. True when taken.
 */
export async function claimDigest(
  db: Db,
  userId: string,
  previous: string | null,
  now: string,
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set({ digest_sent_at: now })
    .where('id', '=', userId)
    .where('digest', '!=', 'off');
  query =
    previous === null
      ? query.where('digest_sent_at', 'is', null)
      : query.where('digest_sent_at', '=', previous);
  const rows = await query.returning('id').execute();
  return rows.length === 1;
}

/** Gives a claim back (its e-mail could not be sent), unless something changed the row since. */
export async function releaseDigest(
  db: Db,
  userId: string,
  claimed: string,
  previous: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ digest_sent_at: previous })
    .where('id', '=', userId)
    .where('digest_sent_at', '=', claimed)
    .execute();
}
