import { DEFAULT_AVATAR_URL, type User } from '@photo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileId } from '../../lib/ids.js';
import { createTestContext, inject, signUp, type TestContext } from '../../test/harness.js';
import { errorOf, showStatus, storeImage } from '../photos/test-support.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** An identity-service account that has not called users/addNewUser yet. */
async function identityOnly(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signUp',
    payload: { email, password: 'correct horse battery', returnSecureToken: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ idToken: string; localId: string }>();
}

const addNewUser = (token: string | null, payload: unknown) =>
  inject(ctx.app, token, {
    method: 'POST',
    url: '/api/users/addNewUser',
    payload: payload as object,
  });
const me = (token: string | null) =>
  inject(ctx.app, token, { method: 'GET', url: '/api/users/me' });
const putProfilePhotoJson = (token: string | null, payload: unknown) =>
  inject(ctx.app, token, {
    method: 'PUT',
    url: '/api/users/me/profilePhoto',
    payload: payload as object,
  });
const putProfilePhotoForm = (token: string | null, body: string) =>
  inject(ctx.app, token, {
    method: 'PUT',
    url: '/api/users/me/profilePhoto',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

describe('users', () => {
  describe('POST /api/users/addNewUser', () => {
    it('binds the profile to the token: the e-mail address and id come from it, not the body', async () => {
      const account = await identityOnly(`bind-${Date.now()}@example.com`);
      const res = await addNewUser(account.idToken, {
        emailAddress: 'someone-else@example.com',
        id: 'chosen-by-client',
        name: '  Ada Lovelace  ',
        profilePicUrl: DEFAULT_AVATAR_URL,
      });
      expect(res.statusCode).toBe(200);
      const user = res.json<User>();
      expect(user).toEqual({
        id: account.localId,
        emailAddress: expect.stringMatching(/^bind-\d+@example\.com$/),
        name: 'Ada Lovelace',
        profilePicUrl: DEFAULT_AVATAR_URL,
        dateCreated: expect.any(String),
      });
      expect((await me(account.idToken)).json()).toEqual(user);
    });

    it('is idempotent: a second call sets the name and picture of the same profile', async () => {
      const user = await signUp(ctx.app, { name: 'First Name' });
      const first = (await me(user.idToken)).json<User>();
      const picture = await storeImage(ctx, user);
      ctx.clock.advance(60_000);
      const res = await addNewUser(user.idToken, {
        name: 'Second Name',
        profilePicUrl: picture.url,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...first,
        name: 'Second Name',
        profilePicUrl: picture.url,
      });
      const rows = await ctx.deps.db
        .selectFrom('users')
        .select('id')
        .where('email_address', '=', user.email)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('keeps the picture when the body has none', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await addNewUser(user.idToken, { name: 'With Picture', profilePicUrl: picture.url });
      const res = await addNewUser(user.idToken, { name: 'Renamed' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Renamed', profilePicUrl: picture.url });
    });

    it('takes the default avatar, relative or absolute on this origin, as "no picture"', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await addNewUser(user.idToken, { name: 'Pic', profilePicUrl: picture.url });
      const res = await addNewUser(user.idToken, {
        name: 'Pic',
        profilePicUrl: `http://localhost:80${DEFAULT_AVATAR_URL}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
    });

    it('accepts a picture URL absolute on this origin and answers the relative one', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      const res = await addNewUser(user.idToken, {
        name: 'Abs',
        profilePicUrl: `http://localhost:80${picture.url}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it.each([
      ['missing', {}],
      ['empty', { name: '' }],
      ['only spaces', { name: '   \t ' }],
      ['too long', { name: 'n'.repeat(101) }],
      ['huge', { name: 'n'.repeat(200_000) }],
      ['not text', { name: 42 }],
    ])('refuses a name that is %s with 400 on body.name', async (_case, payload) => {
      const user = await signUp(ctx.app);
      const res = await addNewUser(user.idToken, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.name' });
    });

    it('accepts a name of 100 characters once trimmed', async () => {
      const user = await signUp(ctx.app);
      const res = await addNewUser(user.idToken, { name: `  ${'n'.repeat(100)}  ` });
      expect(res.statusCode).toBe(200);
      expect(res.json<User>().name).toBe('n'.repeat(100));
    });

    it.each([
      ['another site', 'https://evil.example/api/files/show/AAAAAAAAAAAAAAAAAAAAAA'],
      ['not a file address', '/api/albumsDb'],
      ['a file address with a query', '/api/files/show/AAAAAAAAAAAAAAAAAAAAAA?x=1'],
      ['a protocol-relative address', '//evil.example/api/files/show/AAAAAAAAAAAAAAAAAAAAAA'],
      ['a script', 'javascript:alert(1)'],
    ])('refuses a picture URL of %s with 400 INVALID_PICTURE_URL', async (_case, url) => {
      const user = await signUp(ctx.app);
      const res = await addNewUser(user.idToken, { name: 'X', profilePicUrl: url });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'INVALID_PICTURE_URL',
        field: 'body.profilePicUrl',
      });
    });

    it('answers 404 FILE_NOT_FOUND for a picture that is not stored', async () => {
      const user = await signUp(ctx.app);
      const res = await addNewUser(user.idToken, {
        name: 'X',
        profilePicUrl: `/api/files/show/${newFileId()}`,
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('FILE_NOT_FOUND');
    });

    it('needs a token', async () => {
      const res = await addNewUser(null, { name: 'Nobody' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('TOKEN_MISSING');
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the profile of a signed-in user who never called addNewUser', async () => {
      const account = await identityOnly(`fresh.person-${Date.now()}@example.com`);
      const res = await me(account.idToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: account.localId,
        emailAddress: expect.stringMatching(/^fresh\.person-\d+@example\.com$/),
        name: expect.stringMatching(/^fresh\.person-\d+$/),
        profilePicUrl: DEFAULT_AVATAR_URL,
        dateCreated: ctx.clock.now().toISOString(),
      });
    });

    it("answers each caller's own profile", async () => {
      const a = await signUp(ctx.app, { name: 'Alice' });
      const b = await signUp(ctx.app, { name: 'Bob' });
      expect((await me(a.idToken)).json()).toMatchObject({
        id: a.uid,
        name: 'Alice',
        emailAddress: a.email,
      });
      expect((await me(b.idToken)).json()).toMatchObject({
        id: b.uid,
        name: 'Bob',
        emailAddress: b.email,
      });
    });

    it('needs a valid token', async () => {
      expect((await me(null)).statusCode).toBe(401);
      const res = await me('not-a-token');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('TOKEN_INVALID');
    });
  });

  describe('PUT /api/users/me/profilePhoto', () => {
    it('takes the form field profilePicUrl (urlencoded), as the web client sends it', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      const res = await putProfilePhotoForm(
        user.idToken,
        `profilePicUrl=${encodeURIComponent(picture.url)}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.uid, profilePicUrl: picture.url });
      expect((await me(user.idToken)).json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it('takes JSON too, and any stored image (a photo seen in another user\u2019s album)', async () => {
      const owner = await signUp(ctx.app);
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, owner);
      const res = await putProfilePhotoJson(user.idToken, { profilePicUrl: picture.url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it('goes back to the default avatar, and deletes the previous picture nothing else uses', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await putProfilePhotoJson(user.idToken, { profilePicUrl: picture.url });
      const res = await putProfilePhotoForm(
        user.idToken,
        `profilePicUrl=${encodeURIComponent(DEFAULT_AVATAR_URL)}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
      expect(await showStatus(ctx, picture.url)).toBe(404);
    });

    it('keeps the previous picture while another user still shows it', async () => {
      const a = await signUp(ctx.app);
      const b = await signUp(ctx.app);
      const picture = await storeImage(ctx, a);
      await putProfilePhotoJson(a.idToken, { profilePicUrl: picture.url });
      await putProfilePhotoJson(b.idToken, { profilePicUrl: picture.url });
      await putProfilePhotoJson(a.idToken, { profilePicUrl: DEFAULT_AVATAR_URL });
      expect(await showStatus(ctx, picture.url)).toBe(200);
      expect((await me(b.idToken)).json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it.each([
      ['missing', ''],
      ['empty', 'profilePicUrl='],
    ])('refuses a field that is %s with 400 on body.profilePicUrl', async (_case, body) => {
      const user = await signUp(ctx.app);
      const res = await putProfilePhotoForm(user.idToken, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.profilePicUrl',
      });
    });

    it('refuses a field given twice, or too long, with 400', async () => {
      const user = await signUp(ctx.app);
      const twice = await putProfilePhotoForm(user.idToken, 'profilePicUrl=a&profilePicUrl=b');
      expect(twice.statusCode).toBe(400);
      const long = await putProfilePhotoJson(user.idToken, {
        profilePicUrl: `/${'a'.repeat(3000)}`,
      });
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).field).toBe('body.profilePicUrl');
    });

    it('refuses an address that is not a file stored here with 400 INVALID_PICTURE_URL', async () => {
      const user = await signUp(ctx.app);
      const res = await putProfilePhotoForm(
        user.idToken,
        `profilePicUrl=${encodeURIComponent('https://images.example.com/cat.jpg')}`,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'INVALID_PICTURE_URL',
        field: 'body.profilePicUrl',
      });
      expect((await me(user.idToken)).json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
    });

    it('answers 404 FILE_NOT_FOUND for an unknown file, and for an id of the wrong shape 400', async () => {
      const user = await signUp(ctx.app);
      const unknown = await putProfilePhotoJson(user.idToken, {
        profilePicUrl: `/api/files/show/${newFileId()}`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).code).toBe('FILE_NOT_FOUND');
      const wrongShape = await putProfilePhotoJson(user.idToken, {
        profilePicUrl: '/api/files/show/11',
      });
      expect(wrongShape.statusCode).toBe(400);
      expect(errorOf(wrongShape).code).toBe('INVALID_PICTURE_URL');
    });

    it('needs a token', async () => {
      const res = await putProfilePhotoForm(null, 'profilePicUrl=%2Fdefault-avatar.png');
      expect(res.statusCode).toBe(401);
    });
  });
});
