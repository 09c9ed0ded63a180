import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { mailLocale, type MailLocale } from '../../lib/mail-texts/mail-texts.js';

/**
 * The language of an e-mail to an account: the one the request names (the hosted protocol's
 * X-Firebase-Locale header: the language the person is reading now), else the one stored for the
 * person (users.locale), else English.
 */
export async function accountMailLocale(
  db: Kysely<Database>,
  uid: string,
  requested: string | undefined,
): Promise<MailLocale> {
  if (requested) return mailLocale(requested);
  const row = await db
    .selectFrom('users')
    .select('locale')
    .where('id', '=', uid)
    .executeTakeFirst();
  return mailLocale(row?.locale);
}
