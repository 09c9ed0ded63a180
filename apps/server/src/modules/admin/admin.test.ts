import type { AdminUser, Album, AlbumSharing } from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlbumAs, errorOf, nextLink } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestUser } from '../../test/harness.js';

const TOOLKIT = '/identitytoolkit.googleapis.com/v1';

// No SMTP_URL: the server sends no e-mail, as on a server where nobody set it up.
const ctx = useTestContext();
let admin: TestUser;

beforeAll(async () => {
  // The first account made on the server.
  admin = await signUp(ctx.app, { name: 'Ada Admin' });
  ctx.clock.advance(1000);
});

function post(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, payload });
}

describe('the administrator', () => {
  it('is the first account; the next one is not, and is told who is', async () => {
    const first = (await ctx.api(admin).me()).json();
    expect(first).toMatchObject({ id: admin.uid, isAdmin: true, adminName: 'Ada Admin' });
    const second = await signUp(ctx.app, { name: 'Bob Second' });
    expect((await ctx.api(second).me()).json()).toMatchObject({
      id: second.uid,
      isAdmin: false,
      adminName: 'Ada Admin',
    });
  });

  it('lists the accounts, newest first and paged, with whether each address is verified', async () => {
    ctx.clock.advance(1000);
    const newest = await signUp(ctx.app, { name: 'Nora Newest' });
    const first = await ctx.api(admin).adminUsers('?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      {
        id: newest.uid,
        name: 'Nora Newest',
        emailAddress: newest.email,
        emailVerified: false,
        isAdmin: false,
        dateCreated: expect.any(String),
        lastSignIn: expect.any(String),
        disabled: false,
        storageUsed: 0,
        quotaBytes: null,
        photoCount: 0,
        trashBytes: 0,
      },
    ]);
    const seen: AdminUser[] = [...first.json()];
    let next = nextLink(first);
    while (next) {
      const page = await ctx.api(admin).request<AdminUser[]>({ method: 'GET', url: next });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json());
      next = nextLink(page);
    }
    expect(seen.at(-1)).toMatchObject({ id: admin.uid, isAdmin: true });
    expect(new Set(seen.map((user) => user.id)).size).toBe(seen.length);
    expect(seen.filter((user) => user.isAdmin)).toHaveLength(1);
    expect((await ctx.api(admin).adminUsers('?cursor=nonsense!')).statusCode).toBe(400);
  });

  it('is the only one who may use the administration: others get 403, no sign-in 401', async () => {
    const other = await signUp(ctx.app);
    const calls = (who: TestUser | null) => [
      ctx.api(who).adminUsers(),
      ctx.api(who).adminVerifyEmail(other.uid),
      ctx.api(who).adminPasswordLink(other.uid),
    ];
    for (const res of await Promise.all(calls(other))) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'NOT_ADMIN',
        message:
          "Only the server's administrators (its first account, and those of ADMIN_EMAILS) may do this.",
      });
    }
    for (const res of await Promise.all(calls(null))) expect(res.statusCode).toBe(401);
    // Nothing happened: the address is still unverified.
    const listed = (await ctx.api(admin).adminUsers('?limit=100'))
      .json()
      .find((user) => user.id === other.uid);
    expect(listed?.emailVerified).toBe(false);
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const res of [
      await ctx.api(admin).adminVerifyEmail('no-such-user'),
      await ctx.api(admin).adminPasswordLink('no-such-user'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('USER_NOT_FOUND');
    }
  });
});

describe('marking an address verified', () => {
  it('turns the invitations waiting for it into memberships: the invitee sees the album', async () => {
    const owner = await signUp(ctx.app, { name: 'Olga Owner' });
    const { album } = await createAlbumAs(ctx, owner, { name: 'Trip' });
    expect(
      (await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' })).statusCode,
    ).toBe(200);
    const address = `friend-${Date.now()}@example.com`;
    const invited = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: address, role: 'contributor' });
    expect(invited.json()).toMatchObject({ member: null, emailSent: false });

    // The friend signs up; no e-mail can prove the address, so the album stays hidden.
    const friend = await signUp(ctx.app, { email: address, name: 'Fred Friend' });
    expect((await ctx.api(friend).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);

    const marked = await ctx.api(admin).adminVerifyEmail(friend.uid);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      id: friend.uid,
      emailAddress: address,
      emailVerified: true,
      isAdmin: false,
    });

    // At once, with the token the friend already holds.
    const seen = await ctx.api(friend).findAlbum(`?id=${album.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Album>()).toMatchObject({ id: album.id, myRole: 'contributor' });
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.invitations).toEqual([]);
    expect(sharing.members.map((member) => [member.userId, member.role])).toEqual([
      [friend.uid, 'contributor'],
    ]);

    // The next sign-in's token says the address is verified; marking again changes nothing.
    const signIn = await post(`${TOOLKIT}/accounts:signInWithPassword?key=k`, {
      email: address,
      password: friend.password,
      returnSecureToken: true,
    });
    expect(signIn.json()).toMatchObject({ email: address });
    const lookup = await post(`${TOOLKIT}/accounts:lookup?key=k`, {
      idToken: signIn.json<{ idToken: string }>().idToken,
    });
    expect(lookup.json()).toMatchObject({ users: [{ emailVerified: true }] });
    expect((await ctx.api(admin).adminVerifyEmail(friend.uid)).statusCode).toBe(200);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().members).toHaveLength(1);
  });
});

describe('a password link', () => {
  it('sets a new password once, and ends the old one', async () => {
    const forgetful = await signUp(ctx.app, { name: 'Fay Forgetful' });
    const made = await ctx.api(admin).adminPasswordLink(forgetful.uid);
    expect(made.statusCode).toBe(201);
    const { link, emailAddress, expiresAt, emailSent } = made.json();
    expect(emailAddress).toBe(forgetful.email);
    // No SMTP_URL: the link is answered, to be passed on by hand.
    expect(emailSent).toBe(false);
    // An hour, like the e-mailed link's.
    expect(Date.parse(expiresAt) - ctx.clock.now().getTime()).toBe(3600 * 1000);
    const url = new URL(link!);
    expect(url.pathname).toBe('/auth/action');
    expect(url.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = url.searchParams.get('oobCode')!;

    // The page asks which account the link is for, then sets the new password.
    expect(
      (await post(`${TOOLKIT}/accounts:resetPassword?key=k`, { oobCode })).json(),
    ).toMatchObject({ email: forgetful.email, requestType: 'PASSWORD_RESET' });
    const reset = await post(`${TOOLKIT}/accounts:resetPassword?key=k`, {
      oobCode,
      newPassword: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    const signIn = (password: string) =>
      post(`${TOOLKIT}/accounts:signInWithPassword?key=k`, {
        email: forgetful.email,
        password,
        returnSecureToken: true,
      });
    expect((await signIn('a brand new secret')).statusCode).toBe(200);
    expect((await signIn(forgetful.password)).statusCode).toBe(400);

    // Once only.
    const again = await post(`${TOOLKIT}/accounts:resetPassword?key=k`, {
      oobCode,
      newPassword: 'yet another secret',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { message: 'INVALID_OOB_CODE' } });
    expect((await signIn('a brand new secret')).statusCode).toBe(200);
  });
});

describe('when the administrator deletes their account', () => {
  it('the earliest remaining account becomes the administrator', async () => {
    const res = await ctx.api(admin).deleteAccount({ confirmEmail: admin.email });
    expect(res.statusCode).toBe(204);
    const listed = await ctx.api(admin).adminUsers();
    expect(listed.statusCode).toBe(401);
    const users = await ctx.deps.db
      .selectFrom('users')
      .select(['id', 'is_admin'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(users[0]?.is_admin).toBe(1);
    expect(users.filter((user) => user.is_admin === 1)).toHaveLength(1);
  });
});

describe('on a new server where several people sign up at once', () => {
  const fresh = useTestContext();

  it('exactly one of them is the administrator', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(fresh.app)));
    const answers = await Promise.all(people.map((person) => fresh.api(person).me()));
    const admins = answers.filter((res) => res.json().isAdmin === true);
    expect(admins).toHaveLength(1);
    const adminName = admins[0]!.json().name;
    for (const res of answers) expect(res.json().adminName).toBe(adminName);
  });
});
