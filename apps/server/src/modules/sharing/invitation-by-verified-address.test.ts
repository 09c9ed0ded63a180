/**
 * An invitation to an address without an account, followed to the end through the embedded
 * identity service: sign-up, the verification e-mail from a real SMTP peer, the code applied as
 * the Firebase SDK's applyActionCode does, and a fresh ID token that now says the address is
 * verified. Only then does the invitation become a membership.
 */
import type { Album, AlbumSharing } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createAlbumAs } from '../../test/fixtures.js';
import { madeBeforeAll, signUp, useTestContext } from '../../test/harness.js';
import { startSmtpPeer } from '../../test/smtp-peer.js';

const TOOLKIT = '/identitytoolkit.googleapis.com/v1';

const smtp = madeBeforeAll(startSmtpPeer);
const ctx = useTestContext(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://photos.example.org',
}));

function post(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, payload });
}

/** The code of the address-verification e-mail sent to this address. */
async function verificationCode(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of smtp.received.filter((m) => m.to.includes(address))) {
          const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          code = /\?mode=verifyEmail&oobCode=([\w-]+)/.exec(text)?.[1] ?? code;
        }
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return code!;
}

describe('an invitation to an address with no account yet', () => {
  it('becomes a membership once the new account verifies the address, not before', async () => {
    const owner = await signUp(ctx.app, { name: 'Olga Owner' });
    const { album } = await createAlbumAs(ctx, owner, { name: 'Trip' });
    expect(
      (await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' })).statusCode,
    ).toBe(200);
    const address = `newcomer-${Date.now()}@example.com`;
    const invited = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: address, role: 'viewer' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ member: null, invitation: { emailAddress: address } });

    // The newcomer signs up: the address is not proven yet, so the album stays hidden.
    const newcomer = await signUp(ctx.app, { email: address, name: 'Nina Newcomer' });
    expect((await ctx.api(newcomer).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);

    // The verification e-mail's code, applied as the SDK's applyActionCode does.
    const applied = await post(`${TOOLKIT}/accounts:update?key=k`, {
      oobCode: await verificationCode(address),
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ email: address, emailVerified: true });

    // A fresh ID token (a new sign-in) says so, and the invitation applies.
    const signIn = await post(`${TOOLKIT}/accounts:signInWithPassword?key=k`, {
      email: address,
      password: newcomer.password,
      returnSecureToken: true,
    });
    const idToken = signIn.json<{ idToken: string }>().idToken;
    const seen = await ctx.api(idToken).findAlbum(`?id=${album.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Album>()).toMatchObject({ id: album.id, myRole: 'viewer' });
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.invitations).toEqual([]);
    expect(sharing.members.map((member) => [member.userId, member.role])).toEqual([
      [newcomer.uid, 'viewer'],
    ]);
  });
});
