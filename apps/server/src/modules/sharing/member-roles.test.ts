import type { AlbumMember, AlbumSharing } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { asVerified } from '../../test/verified-token.js';

const ctx = useTestContext();

/** An owner's album seen by invited people, and a verified member of it with `role`. */
async function albumWithMember(role: 'viewer' | 'contributor') {
  const owner = await asVerified(ctx, await signUp(ctx.app, { name: 'Olivia Owner' }));
  const { album } = await createAlbumAs(ctx, owner, { name: 'Family' });
  expect((await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' })).statusCode).toBe(
    200,
  );
  const member = await asVerified(ctx, await signUp(ctx.app, { name: 'Mia Member' }));
  await ctx.api(member).me();
  const invited = await ctx.api(owner).invite(album.id, { emailAddress: member.email, role });
  expect(invited.statusCode).toBe(201);
  return { owner, member, album };
}

async function addOwnPhoto(user: TestUser, albumId: string) {
  const file = await storeImage(ctx, user);
  return ctx.api(user).addPhoto(albumId, { fileId: file.id });
}

describe("changing a member's role", () => {
  it('viewer to contributor: the member can add photos at once, and the Share dialog says so', async () => {
    const { owner, member, album } = await albumWithMember('viewer');
    expect((await addOwnPhoto(member, album.id)).statusCode).toBe(403);

    const res = await ctx
      .api(owner)
      .changeMemberRole(album.id, member.uid, { role: 'contributor' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlbumMember>()).toMatchObject({
      userId: member.uid,
      name: 'Mia Member',
      role: 'contributor',
    });

    expect((await addOwnPhoto(member, album.id)).statusCode).toBe(201);
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.members.map((m) => [m.userId, m.role])).toEqual([[member.uid, 'contributor']]);
    const seen = await ctx.api(member).findAlbum(`?id=${album.id}`);
    expect(seen.json()).toMatchObject({ myRole: 'contributor' });
  });

  it('contributor to viewer: adding is refused with 403, and the photos already added stay', async () => {
    const { owner, member, album } = await albumWithMember('contributor');
    const added = await addPhotoAs(ctx, member, album.id);

    const res = await ctx.api(owner).changeMemberRole(album.id, member.uid, { role: 'viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlbumMember>().role).toBe('viewer');

    const refused = await addOwnPhoto(member, album.id);
    expect(refused.statusCode).toBe(403);
    expect((await ctx.api(member).getPhoto(added.id)).statusCode).toBe(200);
    expect((await ctx.api(owner).getPhoto(added.id)).statusCode).toBe(200);
  });

  it("is the owner's alone: a member gets 403 NOT_OWNER, someone who cannot see the album 404", async () => {
    const { owner, member, album } = await albumWithMember('contributor');
    const asMember = await ctx
      .api(member)
      .changeMemberRole(album.id, member.uid, { role: 'contributor' });
    expect(asMember.statusCode).toBe(403);
    expect(errorOf(asMember).code).toBe('NOT_OWNER');

    const stranger = await signUp(ctx.app);
    const asStranger = await ctx
      .api(stranger)
      .changeMemberRole(album.id, member.uid, { role: 'viewer' });
    expect(asStranger.statusCode).toBe(404);
    expect(errorOf(asStranger).code).toBe('ALBUM_NOT_FOUND');

    const unknownAlbum = await ctx
      .api(owner)
      .changeMemberRole(newId(), member.uid, { role: 'viewer' });
    expect(unknownAlbum.statusCode).toBe(404);
    expect(errorOf(unknownAlbum).code).toBe('ALBUM_NOT_FOUND');

    // Nothing changed.
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.members.map((m) => m.role)).toEqual(['contributor']);
  });

  it('answers 404 MEMBER_NOT_FOUND for someone who is not a member, and adds no one', async () => {
    const { owner, album } = await albumWithMember('viewer');
    const outsider = await signUp(ctx.app);
    for (const userId of [outsider.uid, newId(), owner.uid]) {
      const res = await ctx.api(owner).changeMemberRole(album.id, userId, { role: 'contributor' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('MEMBER_NOT_FOUND');
    }
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.members).toHaveLength(1);
    expect((await ctx.api(outsider).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown role', { role: 'owner' }],
    ['no role', {}],
    ['a role that is not a string', { role: 1 }],
  ])('refuses %s with 400 naming the field', async (_case, body) => {
    const { owner, member, album } = await albumWithMember('viewer');
    const res = await ctx.api(owner).changeMemberRole(album.id, member.uid, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.role' });
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.members.map((m) => m.role)).toEqual(['viewer']);
  });
});
