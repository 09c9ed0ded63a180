import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { newSecret } from '../../../lib/ids.js';
import { IdentityError } from '../identity.errors.js';
import * as repo from './sign-in-throttle.repository.js';

/**
 * How password guessing is throttled without handing strangers a way to lock owners out
 * (docs/decisions/0006-sign-in-throttling.md). Failures are counted per client address and per
 * (account, address); sign-ins to an account from devices it has not seen draw on a budget that
 * refills slowly; a browser that signed in to the account before (its device cookie) skips all of
 * that, within a failure limit of its own.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins from one address (an IPv6 /64), to any accounts, per window. */
  perAddress: 50,
  /** Failed sign-ins to one account from one address, per window. */
  perAccountAndAddress: 5,
  /** Sign-ins to one account from unknown devices, all addresses together: at once... */
  accountBurst: 10,
  /** ...and then per hour. So no more than burst + perHour guesses in any hour. */
  accountPerHour: 10,
  /** Failed sign-ins with one device cookie, per window, past which it is trusted no more. */
  perDevice: 10,
  /** How long a device stays known after its last sign-in. */
  deviceLifetimeMs: 365 * 24 * 3600 * 1000,
} as const;

export const DEVICE_COOKIE = 'identity-device';

const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The client making a sign-in attempt. */
export interface SignInClient {
  address: string;
  /** The device cookie it sent, if any. */
  deviceToken: string | undefined;
  /** Gives the client its device cookie after a successful sign-in. */
  remember(deviceToken: string): void;
}

/** The client of a sign-in request: its address, and its device cookie in and out. */
export function signInClient(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
): SignInClient {
  return {
    address: request.ip,
    deviceToken: request.cookies[DEVICE_COOKIE],
    remember: (deviceToken) => {
      // Path=/: the identity service answers under more than one prefix.
      void reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: (config.publicUrl ?? '').startsWith('https://'),
        maxAge: Math.floor(SIGN_IN_POLICY.deviceLifetimeMs / 1000),
      });
    },
  };
}

/**
 * The part of an address one client is taken to hold: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber gets a whole /64, and could otherwise take a new address per guess).
 */
export function addressScope(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const parts = [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return `${parts
    .slice(0, 4)
    .map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A sign-in attempt let through, to be told how it ended. */
export interface Admitted {
  email: string;
  client: SignInClient;
  /** Counters a failure adds to. */
  failureKeys: string[];
  /** Counter a success clears. */
  clearKey: string;
  deviceHash: string | undefined;
}

export interface SignInThrottleDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export function createSignInThrottle({ db, clock }: SignInThrottleDeps) {
  const policy = SIGN_IN_POLICY;
  const interval = 3600_000 / policy.accountPerHour;
  let prunedAt = 0;

  const tooMany = () => new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429);
  const windowStartsAfter = (now: Date) => new Date(now.getTime() - policy.windowMs).toISOString();

  /**
   * Takes one sign-in from the account's budget for unknown devices (GCRA: the budget is whole
   * again at `full_at`; an attempt fits while that is at most burst - 1 intervals ahead). A
   * compare-and-set keeps the bound exact across requests and instances.
   */
  async function takeFromAccountBudget(email: string, now: Date): Promise<boolean> {
    const key = `account:${email}`;
    const tolerance = (policy.accountBurst - 1) * interval;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await repo.findBudget(db, key);
      const fullAt = row ? Date.parse(row.full_at) : now.getTime();
      const from = Math.max(fullAt, now.getTime());
      if (from - now.getTime() > tolerance) return false;
      const next = new Date(from + interval).toISOString();
      if (await repo.moveBudget(db, key, row?.full_at, next)) return true;
    }
    // Others kept moving it: many attempts at once on this account; this one waits.
    return false;
  }

  async function pruneNowAndThen(now: Date) {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await repo.pruneThrottle(db, {
      windowStartsAfter: windowStartsAfter(now),
      now: now.toISOString(),
      devicesUsedAfter: new Date(now.getTime() - policy.deviceLifetimeMs).toISOString(),
    });
  }

  return {
    /**
     * Before the password is checked: throws TOO_MANY_ATTEMPTS_TRY_LATER (429) when this attempt
     * may not be made now, whatever the password (so the answer never tells a guess was right).
     */
    async admit(email: string, client: SignInClient): Promise<Admitted> {
      const now = clock.now();
      await pruneNowAndThen(now);
      const since = windowStartsAfter(now);
      const token = client.deviceToken;
      const deviceHash = token && DEVICE_TOKEN_PATTERN.test(token) ? sha256(token) : undefined;

      if (deviceHash) {
        const deviceKey = `device:${deviceHash}`;
        const known = await repo.isTrustedDevice(
          db,
          deviceHash,
          email,
          new Date(now.getTime() - policy.deviceLifetimeMs).toISOString(),
        );
        const failures = known
          ? (await repo.countFailures(db, [deviceKey], since)).get(deviceKey)
          : 0;
        if (known && (failures ?? 0) < policy.perDevice) {
          return { email, client, failureKeys: [deviceKey], clearKey: deviceKey, deviceHash };
        }
      }

      const scope = addressScope(client.address);
      const addressKey = `ip:${scope}`;
      const pairKey = `account-ip:${email} ${scope}`;
      const counts = await repo.countFailures(db, [addressKey, pairKey], since);
      if (
        (counts.get(addressKey) ?? 0) >= policy.perAddress ||
        (counts.get(pairKey) ?? 0) >= policy.perAccountAndAddress
      ) {
        throw tooMany();
      }
      if (!(await takeFromAccountBudget(email, now))) throw tooMany();
      return { email, client, failureKeys: [addressKey, pairKey], clearKey: pairKey, deviceHash };
    },

    /** The password was wrong (or the account unknown). */
    async failed(admitted: Admitted): Promise<void> {
      const now = clock.now();
      for (const key of admitted.failureKeys) {
        await repo.recordFailure(db, key, now.toISOString(), windowStartsAfter(now));
      }
    },

    /** The password was right: this browser is known for the account from now on. */
    async succeeded(admitted: Admitted, uid: string): Promise<void> {
      await repo.clearFailures(db, admitted.clearKey);
      const token =
        admitted.deviceHash && admitted.client.deviceToken
          ? admitted.client.deviceToken
          : newSecret();
      await repo.rememberDevice(db, sha256(token), uid, clock.now().toISOString());
      admitted.client.remember(token);
    },
  };
}
