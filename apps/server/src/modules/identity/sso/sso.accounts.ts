import { hash } from '@node-rs/argon2';
import type { SsoConfig } from '../../../config.js';
import { newId, newSecret } from '../../../lib/ids.js';
import { DISPLAY_NAME_MAX } from '../identity.account.js';
import type { IdentityServiceDeps } from '../identity.context.js';
import * as repo from '../identity.repository.js';
import type { AccountRow } from '../identity.repository.js';
import type { IdentityClaims } from './sso.provider.js';
import { SsoRefusal } from './sso.refusal.js';
import * as ssoRepo from './sso.repository.js';

/**
 * The account an identity of the provider signs in to: linked before, or found or made by its
 * verified address (and then linked).
 */
export function createSsoAccounts(deps: IdentityServiceDeps & { sso: SsoConfig }) {
  const { db, clock, sso } = deps;

  /** A new account for a verified address, without a password (a reset sets one). */
  async function createAccount(email: string, name: string): Promise<AccountRow | undefined> {
    const uid = newId();
    const inserted = await repo.insertAccount(db, {
      uid,
      email,
      // Nobody knows this password: the account signs in by single sign-on until a reset.
      password_hash: await hash(newSecret()),
      created_at: clock.now().toISOString(),
    });
    if (!inserted) return undefined;
    await repo.updateAccount(db, uid, {
      email_verified: 1,
      display_name: name ? name.slice(0, DISPLAY_NAME_MAX) : null,
    });
    return repo.findAccountByUid(db, uid);
  }

  /**
   * The provider vouches for the address of an account whose address was never confirmed here:
   * whoever made the account may not own it, so its password and sign-ins end, and the address
   * counts as confirmed (an account made in someone else's name is not taken over by them).
   */
  async function claimUnconfirmedAccount(account: AccountRow): Promise<void> {
    if (account.email_verified === 1) return;
    const now = clock.now().toISOString();
    await repo.updateAccount(db, account.uid, {
      email_verified: 1,
      password_hash: await hash(newSecret()),
      password_updated_at: now,
    });
    await repo.revokeOtherFamilies(db, account.uid, null, now);
  }

  /** The account the identity signs in to: by its link, else by its verified address. */
  async function accountFor(claims: IdentityClaims) {
    const now = clock.now().toISOString();
    const link = await ssoRepo.findLink(db, claims.issuer, claims.subject);
    if (link) {
      await ssoRepo.touchLink(db, claims.issuer, claims.subject, now);
      return repo.findAccountByUid(db, link.uid);
    }
    if (!claims.email || !claims.verified) throw new SsoRefusal('SSO_EMAIL_NOT_VERIFIED', 403);
    let account = await repo.findAccountByEmail(db, claims.email);
    if (account) {
      if (await ssoRepo.findLinkOfAccount(db, claims.issuer, account.uid)) {
        throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
      }
      await claimUnconfirmedAccount(account);
    } else if (sso.autoCreate) {
      account = await createAccount(claims.email, claims.name);
    } else {
      throw new SsoRefusal('SSO_NO_ACCOUNT', 403);
    }
    if (!account) throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
    const linked = await ssoRepo.insertLink(db, {
      issuer: claims.issuer,
      subject: claims.subject,
      uid: account.uid,
      created_at: now,
      last_used_at: now,
    });
    // A concurrent first sign-in of the same identity linked it: that link decides.
    if (!linked) {
      const winner = await ssoRepo.findLink(db, claims.issuer, claims.subject);
      if (winner?.uid !== account.uid) throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
    }
    return repo.findAccountByUid(db, account.uid);
  }

  return { accountFor };
}
