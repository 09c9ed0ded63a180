import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_AVATAR_URL, type User } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newFileId } from '../../lib/ids.js';
import { errorOf, showStatus, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext } from '../../test/harness.js';

const ctx = useTestContext();

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

describe('users', () => {
  describe('POST /api/users/addNewUser', () => {
    it('binds the profile to the token: the e-mail address and id come from it, not the body', async () => {
      const account = await identityOnly(`bind-${Date.now()}@example.com`);
      const res = await ctx.api(account).addNewUser({
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
        // The caller's own profile says who the server's administrator is.
        isAdmin: expect.any(Boolean),
        adminName: expect.any(String),
      });
      expect((await ctx.api(account).me()).json()).toEqual(user);
    });

    it('is idempotent: a second call sets the name and picture of the same profile', async () => {
      const user = await signUp(ctx.app, { name: 'First Name' });
      const first = (await ctx.api(user).me()).json<User>();
      const picture = await storeImage(ctx, user);
      ctx.clock.advance(60_000);
      const res = await ctx.api(user).addNewUser({
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
      await ctx.api(user).addNewUser({ name: 'With Picture', profilePicUrl: picture.url });
      const res = await ctx.api(user).addNewUser({ name: 'Renamed' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Renamed', profilePicUrl: picture.url });
    });

    it('takes the default avatar, relative or absolute on this origin, as "no picture"', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await ctx.api(user).addNewUser({ name: 'Pic', profilePicUrl: picture.url });
      const res = await ctx.api(user).addNewUser({
        name: 'Pic',
        profilePicUrl: `http://localhost:80${DEFAULT_AVATAR_URL}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
    });

    it('accepts a picture URL absolute on this origin and answers the relative one', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      const res = await ctx.api(user).addNewUser({
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
      const res = await ctx.api(user).addNewUser(payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.name' });
    });

    it('accepts a name of 100 characters once trimmed', async () => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).addNewUser({ name: `  ${'n'.repeat(100)}  ` });
      expect(res.statusCode).toBe(200);
      expect(res.json<User>().name).toBe('n'.repeat(100));
    });

    it("takes the spec's exact sign-up payload, with its public blank-avatar URL, and keeps the name", async () => {
      // The spec's client sends a fixed blank-avatar image of another site. That server is played
      // here by a local one, which must never be asked for anything.
      const requests: string[] = [];
      const avatarHost = http.createServer((req, res) => {
        requests.push(req.url ?? '');
        res.end();
      });
      await new Promise<void>((resolve) => avatarHost.listen(0, '127.0.0.1', resolve));
      const { port } = avatarHost.address() as AddressInfo;
      try {
        const email = `spec-client-${Date.now()}@example.com`;
        const account = await identityOnly(email);
        const res = await ctx.api(account).addNewUser({
          emailAddress: email,
          id: '',
          name: 'Grace Hopper',
          profilePicUrl: `http://127.0.0.1:${port}/images/blank-avatar.png`,
        });
        expect(res.statusCode).toBe(200);
        const profile = await ctx.api(account).me();
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toMatchObject({
          id: account.localId,
          emailAddress: email,
          name: 'Grace Hopper',
          profilePicUrl: DEFAULT_AVATAR_URL,
        });
        expect(requests).toEqual([]);
      } finally {
        await new Promise((resolve) => avatarHost.close(resolve));
      }
    });

    it.each([
      ['empty', ''],
      ['null', null],
      ['absent', undefined],
      ['another site', 'https://evil.example/api/files/show/AAAAAAAAAAAAAAAAAAAAAA'],
      ['not a file address', '/api/albumsDb'],
      ['a file address with a query', '/api/files/show/AAAAAAAAAAAAAAAAAAAAAA?x=1'],
      ['a protocol-relative address', '//evil.example/api/files/show/AAAAAAAAAAAAAAAAAAAAAA'],
      ['a script', 'javascript:alert(1)'],
      ['a file that is not stored', `/api/files/show/${newFileId()}`],
      ['very long', `https://images.example.com/${'a'.repeat(5000)}.png`],
    ])('signs up with a picture URL that is %s as the default avatar', async (_case, url) => {
      const email = `avatar-${Date.now()}-${Math.random()}@example.com`;
      const account = await identityOnly(email);
      const res = await ctx.api(account).addNewUser({
        emailAddress: email,
        id: '',
        name: 'Spec Client',
        profilePicUrl: url,
      });
      expect(res.statusCode).toBe(200);
      expect((await ctx.api(account).me()).json()).toMatchObject({
        name: 'Spec Client',
        profilePicUrl: DEFAULT_AVATAR_URL,
      });
    });

    it('a later sign-up call with a foreign picture URL sets the default avatar and releases the old picture', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await ctx.api(user).addNewUser({ name: 'Pic', profilePicUrl: picture.url });
      const res = await ctx.api(user).addNewUser({
        name: 'Pic',
        profilePicUrl: 'https://images.example.com/blank-avatar.png',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
      expect(await showStatus(ctx, picture.url)).toBe(404);
    });

    it('needs a token', async () => {
      const res = await ctx.api().addNewUser({ name: 'Nobody' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('TOKEN_MISSING');
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the profile of a signed-in user who never called addNewUser', async () => {
      const account = await identityOnly(`fresh.person-${Date.now()}@example.com`);
      const res = await ctx.api(account).me();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: account.localId,
        emailAddress: expect.stringMatching(/^fresh\.person-\d+@example\.com$/),
        name: expect.stringMatching(/^fresh\.person-\d+$/),
        profilePicUrl: DEFAULT_AVATAR_URL,
        dateCreated: ctx.clock.now().toISOString(),
        isAdmin: expect.any(Boolean),
        adminName: expect.any(String),
      });
    });

    it("answers each caller's own profile", async () => {
      const a = await signUp(ctx.app, { name: 'Alice' });
      const b = await signUp(ctx.app, { name: 'Bob' });
      expect((await ctx.api(a).me()).json()).toMatchObject({
        id: a.uid,
        name: 'Alice',
        emailAddress: a.email,
      });
      expect((await ctx.api(b).me()).json()).toMatchObject({
        id: b.uid,
        name: 'Bob',
        emailAddress: b.email,
      });
    });

    it('needs a valid token', async () => {
      expect((await ctx.api().me()).statusCode).toBe(401);
      const res = await ctx.api('not-a-token').me();
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('TOKEN_INVALID');
    });
  });

  describe('PUT /api/users/me/profilePhoto', () => {
    it('takes the form field profilePicUrl (urlencoded), as the web client sends it', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      const res = await ctx
        .api(user)
        .setProfilePhoto(`profilePicUrl=${encodeURIComponent(picture.url)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.uid, profilePicUrl: picture.url });
      expect((await ctx.api(user).me()).json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it('takes JSON too, and any stored image (a photo seen in another user\u2019s album)', async () => {
      const owner = await signUp(ctx.app);
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, owner);
      const res = await ctx.api(user).setProfilePhoto({ profilePicUrl: picture.url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it('goes back to the default avatar, and deletes the previous picture nothing else uses', async () => {
      const user = await signUp(ctx.app);
      const picture = await storeImage(ctx, user);
      await ctx.api(user).setProfilePhoto({ profilePicUrl: picture.url });
      const res = await ctx
        .api(user)
        .setProfilePhoto(`profilePicUrl=${encodeURIComponent(DEFAULT_AVATAR_URL)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profilePicUrl: DEFAULT_AVATAR_URL });
      expect(await showStatus(ctx, picture.url)).toBe(404);
    });

    it('keeps the previous picture while another user still shows it', async () => {
      const a = await signUp(ctx.app);
      const b = await signUp(ctx.app);
      const picture = await storeImage(ctx, a);
      await ctx.api(a).setProfilePhoto({ profilePicUrl: picture.url });
      await ctx.api(b).setProfilePhoto({ profilePicUrl: picture.url });
      await ctx.api(a).setProfilePhoto({ profilePicUrl: DEFAULT_AVATAR_URL });
      expect(await showStatus(ctx, picture.url)).toBe(200);
      expect((await ctx.api(b).me()).json()).toMatchObject({ profilePicUrl: picture.url });
    });

    it.each([
      ['missing', ''],
      ['empty', 'profilePicUrl='],
    ])('refuses a field that is %s with 400 on body.profilePicUrl', async (_case, body) => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).setProfilePhoto(body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.profilePicUrl',
      });
    });

    it('refuses a field given twice, or too long, with 400', async () => {
      const user = await signUp(ctx.app);
      const twice = await ctx.api(user).setProfilePhoto('profilePicUrl=a&profilePicUrl=b');
      expect(twice.statusCode).toBe(400);
      const long = await ctx.api(user).setProfilePhoto({
        profilePicUrl: `/${'a'.repeat(3000)}`,
      });
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).field).toBe('body.profilePicUrl');
    });

    it('refuses an address that is not a file stored here with 400 INVALID_PICTURE_URL', async () => {
      const user = await signUp(ctx.app);
      const res = await ctx
        .api(user)
        .setProfilePhoto(
          `profilePicUrl=${encodeURIComponent('https://images.example.com/cat.jpg')}`,
        );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'INVALID_PICTURE_URL',
        field: 'body.profilePicUrl',
      });
      expect((await ctx.api(user).me()).json()).toMatchObject({
        profilePicUrl: DEFAULT_AVATAR_URL,
      });
    });

    it('answers 404 FILE_NOT_FOUND for an unknown file, and for an id of the wrong shape 400', async () => {
      const user = await signUp(ctx.app);
      const unknown = await ctx.api(user).setProfilePhoto({
        profilePicUrl: `/api/files/show/${newFileId()}`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).code).toBe('FILE_NOT_FOUND');
      const wrongShape = await ctx.api(user).setProfilePhoto({
        profilePicUrl: '/api/files/show/11',
      });
      expect(wrongShape.statusCode).toBe(400);
      expect(errorOf(wrongShape).code).toBe('INVALID_PICTURE_URL');
    });

    it('needs a token', async () => {
      const res = await ctx.api().setProfilePhoto('profilePicUrl=%2Fdefault-avatar.png');
      expect(res.statusCode).toBe(401);
    });
  });
});
