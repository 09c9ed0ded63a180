import { describe, expect, it } from 'vitest';
import { signUp, useTestContext, type TestUser } from '../../../test/harness.js';
import { SoftAuthenticator } from '../../../test/soft-authenticator.js';

const ORIGIN = 'https://photos.example.org';
const ctx = useTestContext({ PUBLIC_URL: ORIGIN });

interface Options {
  challenge: string;
  rp: { id: string };
  rpId: string;
  user: { id: string };
  allowCredentials?: unknown[];
}

async function call(path: string, payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url: `/identity/v1/${path}`, payload });
  return res;
}

function expectRefusal(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code: status, message } });
}

async function addPasskey(user: TestUser, authenticator: SoftAuthenticator, name?: string) {
  const options = await call('passkeys:registrationOptions', { idToken: user.idToken });
  expect(options.statusCode).toBe(200);
  const response = authenticator.create(options.json<Options>());
  const res = await call('passkeys:register', { idToken: user.idToken, name, response });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>();
}

async function signInOptions() {
  const res = await call('passkeys:signInOptions', {});
  expect(res.statusCode).toBe(200);
  return res.json<Options>();
}

async function listPasskeys(user: TestUser) {
  const res = await call('passkeys:list', { idToken: user.idToken });
  expect(res.statusCode).toBe(200);
  return res.json<{ passkeys: { id: string; name: string; lastUsedAt: string | null }[] }>()
    .passkeys;
}

describe('passkeys', () => {
  it('adds a passkey, lists it, and signs in with it: the tokens work on the API', async () => {
    const user = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await call('passkeys:registrationOptions', { idToken: user.idToken });
    expect(options.json()).toMatchObject({
      rp: { id: 'photos.example.org' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const response = authenticator.create(options.json<Options>());
    const added = await call('passkeys:register', {
      idToken: user.idToken,
      name: '  Laptop  ',
      response,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Laptop', lastUsedAt: null, backedUp: false });
    expect(await listPasskeys(user)).toEqual([
      expect.objectContaining({ id: added.json<{ id: string }>().id, name: 'Laptop' }),
    ]);

    const request = await signInOptions();
    expect(request).toMatchObject({ rpId: 'photos.example.org', userVerification: 'required' });
    expect(request.allowCredentials ?? []).toEqual([]);
    const signedIn = await call('passkeys:signIn', { response: authenticator.get(request) });
    expect(signedIn.statusCode).toBe(200);
    const tokens = signedIn.json<{ idToken: string; refreshToken: string; localId: string }>();
    expect(tokens).toMatchObject({ localId: user.uid, email: user.email, expiresIn: '3600' });

    const me = await ctx.api(tokens.idToken).me();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.uid, name: user.name });
    const refreshed = await call('token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await listPasskeys(user))[0]!.lastUsedAt).toEqual(expect.any(String));
  });

  it('renames and removes a passkey; it no longer signs in', async () => {
    const user = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const passkey = await addPasskey(user, authenticator);
    expect(passkey.name).toBe('Passkey');
    const renamed = await call('passkeys:rename', {
      idToken: user.idToken,
      id: passkey.id,
      name: 'Phone',
    });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });
    expectRefusal(
      await call('passkeys:rename', { idToken: user.idToken, id: passkey.id, name: ' ' }),
      400,
      'INVALID_PASSKEY_NAME',
    );

    const removed = await call('passkeys:delete', { idToken: user.idToken, id: passkey.id });
    expect(removed.statusCode).toBe(200);
    expect(await listPasskeys(user)).toEqual([]);
    expectRefusal(
      await call('passkeys:signIn', { response: authenticator.get(await signInOptions()) }),
      400,
      'PASSKEY_NOT_FOUND',
    );
  });

  it('refuses an answer given twice (same challenge), and a counter that did not increase', async () => {
    const user = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user, authenticator);
    const response = authenticator.get(await signInOptions());
    expect((await call('passkeys:signIn', { response })).statusCode).toBe(200);
    const before = await listPasskeys(user);
    expectRefusal(await call('passkeys:signIn', { response }), 400, 'INVALID_PASSKEY_CHALLENGE');

    // A fresh challenge signed with a counter already seen: a cloned authenticator.
    const used = authenticator.credentials[0]!.counter;
    expectRefusal(
      await call('passkeys:signIn', {
        response: authenticator.get(await signInOptions(), { counter: used }),
      }),
      400,
      'PASSKEY_COUNTER_REPLAYED',
    );
    expect(await listPasskeys(user)).toEqual(before);

    // A registration answer cannot be given twice either.
    const options = await call('passkeys:registrationOptions', { idToken: user.idToken });
    const created = authenticator.create(options.json<Options>());
    expect(
      (await call('passkeys:register', { idToken: user.idToken, response: created })).statusCode,
    ).toBe(200);
    expectRefusal(
      await call('passkeys:register', { idToken: user.idToken, response: created }),
      400,
      'INVALID_PASSKEY_CHALLENGE',
    );
    expect(await listPasskeys(user)).toHaveLength(2);
  });

  it('signs in again and again with an authenticator that keeps no counter', async () => {
    const user = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator(ORIGIN, false);
    await addPasskey(user, authenticator);
    for (let i = 0; i < 2; i++) {
      const res = await call('passkeys:signIn', {
        response: authenticator.get(await signInOptions()),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses another origin or RP ID, in registration and sign-in, and changes nothing', async () => {
    const user = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const register = async (tamper: { origin?: string; rpId?: string }) => {
      const options = await call('passkeys:registrationOptions', { idToken: user.idToken });
      return call('passkeys:register', {
        idToken: user.idToken,
        response: authenticator.create(options.json<Options>(), tamper),
      });
    };
    expectRefusal(
      await register({ origin: 'https://evil.example' }),
      400,
      'PASSKEY_ORIGIN_MISMATCH',
    );
    expectRefusal(await register({ rpId: 'evil.example' }), 400, 'PASSKEY_RP_ID_MISMATCH');
    expect(await listPasskeys(user)).toEqual([]);

    authenticator.credentials.length = 0;
    await addPasskey(user, authenticator);
    const before = await listPasskeys(user);
    expectRefusal(
      await call('passkeys:signIn', {
        response: authenticator.get(await signInOptions(), { origin: 'https://evil.example' }),
      }),
      400,
      'PASSKEY_ORIGIN_MISMATCH',
    );
    expectRefusal(
      await call('passkeys:signIn', {
        response: authenticator.get(await signInOptions(), { rpId: 'evil.example' }),
      }),
      400,
      'PASSKEY_RP_ID_MISMATCH',
    );
    expect(await listPasskeys(user)).toEqual(before);
  });

  it('refuses an unknown credential, and one without user verification', async () => {
    const user = await signUp(ctx.app);
    const stranger = new SoftAuthenticator(ORIGIN);
    // A credential made for this site but never registered here.
    const options = await call('passkeys:registrationOptions', { idToken: user.idToken });
    stranger.create(options.json<Options>());
    expectRefusal(
      await call('passkeys:signIn', { response: stranger.get(await signInOptions()) }),
      400,
      'PASSKEY_NOT_FOUND',
    );

    const authenticator = new SoftAuthenticator(ORIGIN);
    const again = await call('passkeys:registrationOptions', { idToken: user.idToken });
    expectRefusal(
      await call('passkeys:register', {
        idToken: user.idToken,
        response: authenticator.create(again.json<Options>(), { unverified: true }),
      }),
      400,
      'INVALID_PASSKEY_RESPONSE',
    );
    expect(await listPasskeys(user)).toEqual([]);
  });

  it("answers 404 for someone else's passkey, and refuses calls without a sign-in", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const passkey = await addPasskey(owner, new SoftAuthenticator(ORIGIN), 'Mine');
    expectRefusal(
      await call('passkeys:delete', { idToken: other.idToken, id: passkey.id }),
      404,
      'PASSKEY_NOT_FOUND',
    );
    expectRefusal(
      await call('passkeys:rename', { idToken: other.idToken, id: passkey.id, name: 'Theirs' }),
      404,
      'PASSKEY_NOT_FOUND',
    );
    expect(await listPasskeys(owner)).toEqual([expect.objectContaining({ name: 'Mine' })]);
    expect(await listPasskeys(other)).toEqual([]);

    for (const path of ['registrationOptions', 'list', 'delete', 'rename', 'register']) {
      const res = await call(`passkeys:${path}`, {
        id: passkey.id,
        name: 'x',
        response: new SoftAuthenticator(ORIGIN).create({
          challenge: 'AAAA',
          rp: { id: 'photos.example.org' },
          user: { id: 'AAAA' },
        }),
      });
      expectRefusal(res, 400, 'INVALID_ID_TOKEN');
    }
    expectRefusal(await call('passkeys:signIn', { response: {} }), 400, 'INVALID_ARGUMENT');
    expect(await listPasskeys(owner)).toHaveLength(1);
  });
});

describe('passkeys without PUBLIC_URL', () => {
  const local = useTestContext();

  it("takes the relying party from the request's own origin", async () => {
    const res = await local.app.inject({
      method: 'POST',
      url: '/identity/v1/passkeys:signInOptions',
      headers: { host: 'photos.lan:8080' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rpId: 'photos.lan' });
  });
});
