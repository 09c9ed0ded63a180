import { hash, verify } from '@node-rs/argon2';
import type { IdentityMfaRequiredResponse, IdentitySignInResponse } from '@photo/contract';
import { newId } from '../../lib/ids.js';
import type { Codes } from './identity.codes.js';
import type { IdentityServiceDeps, RequestContext } from './identity.context.js';
import { IdentityError } from './identity.errors.js';
import { readEmail, readNewPassword, readPassword } from './identity.input.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import type { Sessions } from './identity.sessions.js';

export interface Credentials {
  email?: unknown;
  password?: unknown;
}

/**
 * What a password sign-in goes through besides the password, from the parts beside the core
 * (identity.service.ts wires them in): the sign-in throttle (throttle/), which admits an attempt
 * of a client and hears how it went, and the second factor (second-factor/), which answers a
 * pending sign-in instead of tokens when the account has one.
 */
export interface PasswordSignInChecks<Client, Attempt> {
  throttle: {
    admit(email: string, client: Client): Promise<Attempt>;
    failed(attempt: Attempt): Promise<void>;
    succeeded(attempt: Attempt, uid: string): Promise<void>;
  };
  secondFactorChallenge: (account: AccountRow) => Promise<IdentityMfaRequiredResponse | null>;
}

/** Signing up and signing in with e-mail and password. */
export function createSignIn<Client, Attempt>(
  deps: IdentityServiceDeps,
  sessions: Sessions,
  codes: Codes,
  { throttle, secondFactorChallenge }: PasswordSignInChecks<Client, Attempt>,
) {
  const { db, clock } = deps;
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = hash('not-a-real-password-0123456789');

  return {
    async signUp(input: Credentials, context: RequestContext): Promise<IdentitySignInResponse> {
      const email = readEmail(input.email);
      const password = readNewPassword(input.password);
      if (await repo.findAccountByEmail(db, email)) throw new IdentityError('EMAIL_EXISTS');
      const uid = newId();
      const inserted = await repo.insertAccount(db, {
        uid,
        email,
        password_hash: await hash(password),
        created_at: clock.now().toISOString(),
      });
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      const account = await repo.findAccountByUid(db, uid);
      if (!account) throw new IdentityError('USER_NOT_FOUND');
      const answer = await sessions.signInAnswer(account);
      // The verification e-mail goes out without holding the answer back; a failure is logged.
      codes
        .sendCode(account, 'VERIFY_EMAIL', context)
        .catch((error: unknown) =>
          context.log.error({ err: error }, 'verification e-mail not sent'),
        );
      return { kind: 'identitytoolkit#SignupNewUserResponse', ...answer };
    },

    async signInWithPassword(
      input: Credentials,
      client: Client,
    ): Promise<IdentitySignInResponse | IdentityMfaRequiredResponse> {
      const email = readEmail(input.email);
      const password = readPassword(input.password);
      const admitted = await throttle.admit(email, client);
      const account = await repo.findAccountByEmail(db, email);
      const ok = account
        ? await verify(account.password_hash, password)
        : (await verify(await dummyHash, password), false);
      if (!account || !ok) {
        await throttle.failed(admitted);
        throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
      }
      await throttle.succeeded(admitted, account.uid);
      // With a second factor enrolled, no tokens yet: a pending credential (decision 0071).
      const challenge = await secondFactorChallenge(account);
      if (challenge) return challenge;
      await repo.updateAccount(db, account.uid, { last_login_at: clock.now().toISOString() });
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        registered: true,
        ...(await sessions.signInAnswer(account)),
      };
    },
  };
}
