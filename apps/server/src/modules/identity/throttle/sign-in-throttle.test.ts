import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp, useTestContext } from '../../../test/harness.js';
import { DEVICE_COOKIE, SIGN_IN_POLICY, addressScope } from './sign-in-throttle.js';

const ctx = useTestContext();
let counter = 0;
let addressCounter = 0;
const uniqueEmail = () => `owner${++counter}-${Date.now()}@example.com`;
/** A fresh IPv4 address each call, as a botnet would have. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

interface SignInOptions {
  address: string;
  device?: string;
  app?: FastifyInstance;
}

function signIn(email: string, password: string, options: SignInOptions) {
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email, password, returnSecureToken: true },
    remoteAddress: options.address,
    ...(options.device ? { cookies: { [DEVICE_COOKIE]: options.device } } : {}),
  });
}

/** The device cookie an answer sets, if any. */
function deviceCookieOf(res: Awaited<ReturnType<typeof signIn>>) {
  return res.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
}

async function newAccount() {
  const email = uniqueEmail();
  const password = 'the owner password';
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signUp',
    payload: { email, password, returnSecureToken: true },
  });
  expect(res.statusCode).toBe(200);
  return { email, password };
}

const messageOf = (res: { json: () => unknown }) =>
  (res.json() as { error?: { message?: string } }).error?.message;

describe('sign-in throttling', () => {
  it('a stranger guessing from six addresses does not lock the owner out', async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 6; i += 1) {
      const res = await signIn(email, 'wrong password', { address: freshAddress() });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    // The owner, on a device never used before, from a seventh address.
    expect((await signIn(email, password, { address: freshAddress() })).statusCode).toBe(200);
  });

  it('an attacker spreading guesses over many addresses does not stop the owner, and gets a bounded number of guesses per hour', async () => {
    const { email, password } = await newAccount();
    // The owner signed in once on their laptop: it holds a device cookie.
    const first = await signIn(email, password, { address: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const laptop = deviceCookieOf(first)!.value;

    // For one hour, every minute, ten guesses, each from a new address.
    let evaluated = 0;
    let refused = 0;
    for (let minute = 0; minute < 60; minute += 1) {
      for (let i = 0; i < 10; i += 1) {
        const res = await signIn(email, `guess ${minute}-${i}`, { address: freshAddress() });
        if (res.statusCode === 400) evaluated += 1;
        else if (res.statusCode === 429) refused += 1;
        else throw new Error(`unexpected answer ${res.statusCode}`);
      }
      if (minute % 20 === 10) {
        // Meanwhile the owner signs in with the laptop, from wherever they are.
        const owner = await signIn(email, password, { address: freshAddress(), device: laptop });
        expect(owner.statusCode).toBe(200);
      }
      ctx.clock.advance(60_000);
    }
    // Slowed down, not shut: guesses keep being tried at the budget's pace, and no faster.
    expect(evaluated).toBeLessThanOrEqual(
      SIGN_IN_POLICY.accountBurst + SIGN_IN_POLICY.accountPerHour,
    );
    expect(evaluated).toBeGreaterThan(SIGN_IN_POLICY.accountBurst);
    expect(refused).toBe(600 - evaluated);
    // The attacker takes the next slot as soon as it frees...
    let taken = false;
    for (let i = 0; i < 10 && !taken; i += 1) {
      taken =
        (await signIn(email, `late guess ${i}`, { address: freshAddress() })).statusCode === 400;
    }
    // ...and a refused attempt says nothing about the password: the right one is refused alike.
    const blocked = await signIn(email, password, { address: freshAddress() });
    expect(blocked.statusCode).toBe(429);
    expect(messageOf(blocked)).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    // Once the attack pauses for one interval, the owner gets in from a new device too.
    ctx.clock.advance(3600_000 / SIGN_IN_POLICY.accountPerHour);
    expect((await signIn(email, password, { address: freshAddress() })).statusCode).toBe(200);
  });

  it('the bound holds across server instances sharing the database', async () => {
    const { email } = await newAccount();
    const other = await buildApp(ctx.deps, { logger: false });
    try {
      let evaluated = 0;
      for (let i = 0; i < 30; i += 1) {
        const res = await signIn(email, `guess ${i}`, {
          address: freshAddress(),
          app: i % 2 === 0 ? ctx.app : other,
        });
        if (res.statusCode === 400) evaluated += 1;
      }
      expect(evaluated).toBe(SIGN_IN_POLICY.accountBurst);
    } finally {
      await other.close();
    }
  });

  it('limits failures from one address on one account; the owner elsewhere is not affected', async () => {
    const { email, password } = await newAccount();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_POLICY.perAccountAndAddress; i += 1) {
      expect((await signIn(email, 'wrong password', { address })).statusCode).toBe(400);
    }
    // Even the right password waits here: the guesser cannot learn it is right.
    expect((await signIn(email, password, { address })).statusCode).toBe(429);
    expect((await signIn(email, password, { address: freshAddress() })).statusCode).toBe(200);
    ctx.clock.advance(SIGN_IN_POLICY.windowMs + 1000);
    expect((await signIn(email, password, { address })).statusCode).toBe(200);
  });

  it('limits failures from one address across accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_POLICY.perAddress; i += 1) {
      await signIn(uniqueEmail(), 'wrong password', { address });
    }
    const { email, password } = await newAccount();
    expect((await signIn(email, password, { address })).statusCode).toBe(429);
    expect((await signIn(email, password, { address: freshAddress() })).statusCode).toBe(200);
  });

  it('takes the addresses of one IPv6 /64 as one client', async () => {
    expect(addressScope('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressScope('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressScope('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const { email, password } = await newAccount();
    for (let i = 1; i <= SIGN_IN_POLICY.perAccountAndAddress; i += 1) {
      const res = await signIn(email, 'wrong password', { address: `2001:db8:7:7::${i}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(email, password, { address: '2001:db8:7:7::99' })).statusCode).toBe(429);
    expect((await signIn(email, password, { address: '2001:db8:7:8::1' })).statusCode).toBe(200);
  });

  it('gives a browser that signed in a device cookie: HttpOnly, SameSite=Strict, for a year', async () => {
    const { email, password } = await newAccount();
    const res = await signIn(email, password, { address: freshAddress() });
    const cookie = deviceCookieOf(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: SIGN_IN_POLICY.deviceLifetimeMs / 1000,
    });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed only.
    const rows = await ctx.deps.db.selectFrom('identity_trusted_devices').selectAll().execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(cookie?.value);
    // Signing in again with it keeps the same cookie.
    const again = await signIn(email, password, { address: freshAddress(), device: cookie!.value });
    expect(deviceCookieOf(again)?.value).toBe(cookie?.value);
  });

  it('a device cookie helps only its own account, and not after too many failures', async () => {
    const attacker = await newAccount();
    const victim = await newAccount();
    const own = await signIn(attacker.email, attacker.password, { address: freshAddress() });
    const device = deviceCookieOf(own)!.value;
    // The attacker's own device cookie is no pass to the victim's account.
    let evaluated = 0;
    for (let i = 0; i < 2 * SIGN_IN_POLICY.accountBurst; i += 1) {
      const res = await signIn(victim.email, `guess ${i}`, { address: freshAddress(), device });
      if (res.statusCode === 400) evaluated += 1;
    }
    expect(evaluated).toBe(SIGN_IN_POLICY.accountBurst);

    // A stolen device cookie of the account is worth a few guesses only.
    const owner = await newAccount();
    const laptop = deviceCookieOf(
      await signIn(owner.email, owner.password, { address: freshAddress() }),
    )!.value;
    for (let i = 0; i < SIGN_IN_POLICY.accountBurst; i += 1) {
      await signIn(owner.email, `spent ${i}`, { address: freshAddress() });
    }
    for (let i = 0; i < SIGN_IN_POLICY.perDevice; i += 1) {
      const res = await signIn(owner.email, `stolen ${i}`, {
        address: freshAddress(),
        device: laptop,
      });
      expect(res.statusCode).toBe(400);
    }
    const after = await signIn(owner.email, owner.password, {
      address: freshAddress(),
      device: laptop,
    });
    expect(after.statusCode).toBe(429);
  });
});
