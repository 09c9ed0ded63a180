import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLog, Mailer } from '../../infra/mailer.js';
import type { SigningKeys } from '../../infra/signing-keys.js';

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  keys: SigningKeys;
  config: Pick<Config, 'auth' | 'publicUrl'>;
  mailer: Mailer;
}

/** Who asks: where their log goes, and the origin the links in e-mails point at. */
export interface RequestContext {
  log: MailLog & { error(details: object, message: string): void };
  linkOrigin: string;
  /** The language the person reads (X-Firebase-Locale), for the e-mails this request sends. */
  locale?: string;
}

/** Secrets handed out (refresh tokens, e-mail codes) are stored only as this hash. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
