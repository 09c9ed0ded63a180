import type { AdminUser, ServerStats } from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DERIVE_IMAGES } from '../../infra/job-queue.js';
import { addPhotoAs, createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestContext, type TestUser } from '../../test/harness.js';

const TOOLKIT = '/identitytoolkit.googleapis.com/v1';
const CHIEF = 'Chief@Example.com';

function post(context: TestContext, url: string, payload: object) {
  return context.app.inject({ method: 'POST', url, payload });
}

function signIn(context: TestContext, user: TestUser) {
  return post(context, `${TOOLKIT}/accounts:signInWithPassword?key=k`, {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
}

function refresh(context: TestContext, refreshToken: string) {
  return context.app.inject({
    method: 'POST',
    url: '/identity/v1/token',
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
}

async function listed(context: TestContext, admin: TestUser, id: string) {
  const all = (await context.api(admin).adminUsers('?limit=100')).json<AdminUser[]>();
  return all.find((user) => user.id === id);
}

describe('administrators', () => {
  // ADMIN_EMAILS in another case than the address signed up with.
  const ctx = useTestContext({
    ADMIN_EMAILS: ` someone@example.org , ${CHIEF.toUpperCase()}`,
    DEFAULT_QUOTA_BYTES: '5000000',
  });
  let first: TestUser;

  beforeAll(async () => {
    first = await signUp(ctx.app, { name: 'Ada First' });
  });

  it('are the first account and, once their address is proven, those of ADMIN_EMAILS', async () => {
    const chief = await signUp(ctx.app, { email: CHIEF.toLowerCase(), name: 'Carl Chief' });
    // Not yet: anyone may sign up with any address until it is proven.
    expect((await ctx.api(chief).adminUsers()).statusCode).toBe(403);
    expect((await ctx.api(first).adminVerifyEmail(chief.uid)).statusCode).toBe(200);
    // The next sign-in's token says the address is verified.
    const again = await signIn(ctx, chief);
    const token = again.json<{ idToken: string }>().idToken;
    const res = await ctx.api(token).adminUsers('?limit=100');
    expect(res.statusCode).toBe(200);
    const admins = res.json<AdminUser[]>().filter((user) => user.isAdmin);
    expect(admins.map((user) => user.id).sort()).toEqual([first.uid, chief.uid].sort());
    expect((await ctx.api(token).me()).json()).toMatchObject({ isAdmin: true });
  });

  it('give new accounts the default quota (DEFAULT_QUOTA_BYTES)', async () => {
    const person = await signUp(ctx.app);
    expect(await listed(ctx, first, person.uid)).toMatchObject({
      quotaBytes: 5_000_000,
      storageUsed: 0,
    });
  });

  it('record the last sign-in of each account', async () => {
    const person = await signUp(ctx.app);
    ctx.clock.advance(60_000);
    expect((await signIn(ctx, person)).statusCode).toBe(200);
    const seen = await listed(ctx, first, person.uid);
    expect(seen?.lastSignIn).toBe(ctx.clock.now().toISOString());
  });
});

describe('disabling an account', () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
  });

  it('stops its sign-ins, refresh tokens and ID tokens; enabling lets it sign in again', async () => {
    const person = await signUp(ctx.app);
    expect((await ctx.api(person).me()).statusCode).toBe(200);
    const res = await ctx.api(admin).adminDisable(person.uid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: person.uid, disabled: true });

    // Its ID token: refused at once on this instance, with a code the web app knows.
    const refused = await ctx.api(person).me();
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('ACCOUNT_DISABLED');
    // Signing in, refreshing: USER_DISABLED, as the hosted provider answers.
    const signingIn = await signIn(ctx, person);
    expect(signingIn.statusCode).toBe(400);
    expect(signingIn.json()).toMatchObject({ error: { message: 'USER_DISABLED' } });
    const refreshing = await refresh(ctx, person.refreshToken);
    expect(refreshing.statusCode).toBe(400);
    expect(refreshing.json()).toMatchObject({ error: { message: 'USER_DISABLED' } });

    const enabled = await ctx.api(admin).adminDisable(person.uid, false);
    expect(enabled.json()).toMatchObject({ disabled: false });
    // Its refresh tokens stay ended; a new sign-in works.
    expect((await refresh(ctx, person.refreshToken)).statusCode).toBe(400);
    const back = await signIn(ctx, person);
    expect(back.statusCode).toBe(200);
    expect((await ctx.api(back.json<{ idToken: string }>().idToken).me()).statusCode).toBe(200);
  });

  it('is refused for oneself, for an unknown account, and for anyone but an administrator', async () => {
    const self = await ctx.api(admin).adminDisable(admin.uid);
    expect(self.statusCode).toBe(409);
    expect((await ctx.api(admin).me()).statusCode).toBe(200);
    const unknown = await ctx.api(admin).adminDisable('no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('USER_NOT_FOUND');

    const other = await signUp(ctx.app);
    const target = await signUp(ctx.app);
    const calls = [
      ctx.api(other).adminDisable(target.uid),
      ctx.api(other).adminDisable(target.uid, false),
      ctx.api(other).adminSetQuota(target.uid, { quotaBytes: 5 }),
      ctx.api(other).adminDeleteUser(target.uid, { confirmEmail: target.email }),
      ctx.api(other).adminStats(),
      ctx.api(other).adminRetryJobs(),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_ADMIN');
    }
    // Nothing changed.
    expect(await listed(ctx, admin, target.uid)).toMatchObject({
      disabled: false,
      quotaBytes: null,
    });
    expect((await ctx.api(target).me()).statusCode).toBe(200);
  });
});

describe('deleting an account', () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
  });

  it('removes it with all it owns, once its address is typed again', async () => {
    const person = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, person);
    await addPhotoAs(ctx, person, album.id);
    const wrong = await ctx.api(admin).adminDeleteUser(person.uid, { confirmEmail: 'x@y.z' });
    expect(wrong.statusCode).toBe(400);
    expect(await listed(ctx, admin, person.uid)).toBeDefined();

    const res = await ctx.api(admin).adminDeleteUser(person.uid, { confirmEmail: person.email });
    expect(res.statusCode).toBe(204);
    expect(await listed(ctx, admin, person.uid)).toBeUndefined();
    const files = await ctx.deps.db
      .selectFrom('files')
      .select('id')
      .where('owner_id', '=', person.uid)
      .execute();
    expect(files).toEqual([]);
    const albums = await ctx.deps.db
      .selectFrom('albums')
      .select('id')
      .where('owner_id', '=', person.uid)
      .execute();
    expect(albums).toEqual([]);
    // Its sign-in account too.
    expect((await signIn(ctx, person)).statusCode).toBe(400);
  });

  it('is refused for oneself and for an unknown account', async () => {
    const self = await ctx.api(admin).adminDeleteUser(admin.uid, { confirmEmail: admin.email });
    expect(self.statusCode).toBe(409);
    expect((await ctx.api(admin).me()).statusCode).toBe(200);
    const unknown = await ctx.api(admin).adminDeleteUser('no-such-user', { confirmEmail: 'a@b.c' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the server's figures", () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
  });

  it('count accounts, photos, files and stored bytes, and the jobs; failed jobs can be retried', async () => {
    const { album } = await createAlbumAs(ctx, admin);
    await addPhotoAs(ctx, admin, album.id);
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const res = await ctx.api(admin).adminStats();
    expect(res.statusCode).toBe(200);
    const stats = res.json<ServerStats>();
    expect(stats).toMatchObject({
      users: 1,
      // The album's cover is one of its photos.
      photos: 2,
      files: 2,
      jobs: { waiting: 0, active: 0, failed: 0 },
    });
    const used = (await listed(ctx, admin, admin.uid))?.storageUsed;
    expect(stats.storedBytes).toBe(used);
    const retried = await ctx.api(admin).adminRetryJobs();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ retried: 0 });
  });
});
