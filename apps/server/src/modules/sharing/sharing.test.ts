import { ALBUM_MEMBERS_MAX, type Album, type AlbumSharing, type Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { madeBeforeAll, signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { startSmtpPeer } from '../../test/smtp-peer.js';
import { asVerified, verifiedToken } from '../../test/verified-token.js';

const ctx = useTestContext();

/** A verified owner with an album of the given visibility. */
async function sharedAlbum(visibility: 'everyone' | 'invited' | 'owner' = 'invited') {
  const owner = await asVerified(ctx, await signUp(ctx.app, { name: 'Olivia Owner' }));
  const { album } = await createAlbumAs(ctx, owner, { name: 'Family' });
  const res = await ctx.api(owner).setVisibility(album.id, { visibility });
  expect(res.statusCode).toBe(200);
  return { owner, album };
}

async function invite(owner: TestUser, albumId: string, email: string, role = 'contributor') {
  return ctx.api(owner).invite(albumId, { emailAddress: email, role });
}

async function allAlbumIds(user: TestUser, query = '') {
  const ids: string[] = [];
  let url: string | undefined = `/api/albumsDb?limit=2${query}`;
  while (url) {
    const res = await ctx.api(user).get<Album[]>(url);
    expect(res.statusCode).toBe(200);
    ids.push(...res.json().map((album) => album.id));
    const link = res.headers.link as string | undefined;
    url = link ? /<([^>]+)>/.exec(link)?.[1] : undefined;
    if (url) url = new URL(url, 'http://x').pathname + new URL(url, 'http://x').search;
  }
  return ids;
}

describe('visibility', () => {
  it('starts as everyone: every signed-in user sees a new album', async () => {
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    expect(album.visibility).toBe('everyone');
    const other = await signUp(ctx.app);
    expect((await ctx.api(other).findAlbum(`?id=${album.id}`)).statusCode).toBe(200);
  });

  it.each(['invited', 'owner'] as const)(
    'an album seen by %s is absent from every list of a non-member and its addresses answer like a nonexistent id',
    async (visibility) => {
      const { owner, album } = await sharedAlbum(visibility);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const stranger = await signUp(ctx.app);
      expect(await allAlbumIds(stranger)).not.toContain(album.id);
      expect(await allAlbumIds(stranger, '&shared=true')).not.toContain(album.id);
      const unknownAlbum = await ctx.api(stranger).findAlbum(`?id=${newId()}`);
      const hidden = await ctx.api(stranger).findAlbum(`?id=${album.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(errorOf(hidden).code).toBe(errorOf(unknownAlbum).code);
      expect(errorOf(hidden).message).toBe(errorOf(unknownAlbum).message);
      expect((await ctx.api(stranger).listPhotos(album.id)).statusCode).toBe(404);
      for (const res of [
        await ctx.api(stranger).getPhoto(photo.id),
        await ctx.api(stranger).listComments(photo.id),
        await ctx.api(stranger).postComment({ photoId: photo.id, message: 'hi' }),
        await ctx.api(stranger).like(photo.id),
        await ctx.api(stranger).listLikes(photo.id),
        await ctx.api(stranger).deletePhoto(photo.id),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
      for (const res of [
        await ctx.api(stranger).sharing(album.id),
        await ctx.api(stranger).setVisibility(album.id, { visibility: 'everyone' }),
        await invite(stranger, album.id, 'x@example.com'),
        await ctx.api(stranger).createLink(album.id),
        await ctx
          .api(stranger)
          .addPhoto(album.id, { fileId: (await storeImage(ctx, stranger)).id }),
        await ctx.api(stranger).deleteAlbum(album.id),
        await ctx.api(stranger).updateAlbum({ id: album.id, name: 'Mine' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
      }
      // Its pictures load only through the signed URLs its answers carry.
      expect((await ctx.api().get(`/api/files/show/${photo.fileId}`)).statusCode).toBe(404);
      expect(photo.photoUrl).toMatch(/\?exp=\d+&sig=[\w-]+$/);
      expect((await ctx.api().get(photo.photoUrl)).statusCode).toBe(200);
      // The owner still sees it everywhere.
      expect(await allAlbumIds(owner)).toContain(album.id);
      expect(await allAlbumIds(owner, '&mine=true')).toContain(album.id);
    },
  );

  it('lets only the owner change it: 403 for a signed-in user who sees the album', async () => {
    const { owner, album } = await sharedAlbum('everyone');
    const other = await signUp(ctx.app);
    const res = await ctx.api(other).setVisibility(album.id, { visibility: 'owner' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_OWNER');
    expect((await ctx.api(other).sharing(album.id)).statusCode).toBe(403);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().visibility).toBe(
      'everyone',
    );
  });

  it('refuses an unknown visibility with 400', async () => {
    const { owner, album } = await sharedAlbum();
    const res = await ctx.api(owner).setVisibility(album.id, { visibility: 'friends' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('body.visibility');
  });
});

describe('invitations and members', () => {
  it('makes a verified account a member at once; it finds the album under Shared with me and on Recent Albums', async () => {
    const { owner, album } = await sharedAlbum();
    const friend = await asVerified(ctx, await signUp(ctx.app, { name: 'Fred Friend' }));
    await ctx.api(friend).me(); // the provider's word on the address reaches the server
    const res = await invite(owner, album.id, friend.email.toUpperCase(), 'viewer');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      member: { userId: friend.uid, name: 'Fred Friend', role: 'viewer' },
      invitation: null,
      emailSent: false,
    });
    expect(await allAlbumIds(friend, '&shared=true')).toEqual([album.id]);
    expect(await allAlbumIds(friend)).toContain(album.id);
    const seen = await ctx.api(friend).findAlbum(`?id=${album.id}`);
    expect(seen.json()).toMatchObject({ id: album.id, myRole: 'viewer', visibility: 'invited' });
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.members.map((m) => [m.userId, m.role])).toEqual([[friend.uid, 'viewer']]);
    expect(sharing.invitations).toEqual([]);
  });

  it('keeps an invitation pending until an account proves the address, never for an unverified one', async () => {
    const { owner, album } = await sharedAlbum();
    const email = `later-${Date.now()}@example.com`;
    const res = await invite(owner, album.id, email, 'contributor');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ member: null, invitation: { emailAddress: email } });

    // Someone signs up with the address but has not verified it: nothing.
    const claimant = await signUp(ctx.app, { email });
    expect((await ctx.api(claimant).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    expect(await allAlbumIds(claimant)).not.toContain(album.id);
    // A token for the same account vouching for another address: nothing either.
    const otherAddress = await verifiedToken(ctx, claimant, { email: `other-${email}` });
    expect((await ctx.api(otherAddress).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    let sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.invitations.map((i) => i.emailAddress)).toEqual([email]);
    expect(sharing.members).toEqual([]);

    // Once verified, the next request makes it a membership; again changes nothing.
    const verified = await verifiedToken(ctx, claimant);
    const seen = await ctx.api(verified).findAlbum(`?id=${album.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Album>().myRole).toBe('contributor');
    expect(
      (await ctx.api(await verifiedToken(ctx, claimant)).findAlbum(`?id=${album.id}`)).statusCode,
    ).toBe(200);
    sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.invitations).toEqual([]);
    expect(sharing.members.map((m) => [m.userId, m.role])).toEqual([[claimant.uid, 'contributor']]);
  });

  it('keeps an invitation to an existing but unverified account pending', async () => {
    const { owner, album } = await sharedAlbum();
    const unverified = await signUp(ctx.app);
    const res = await invite(owner, album.id, unverified.email);
    expect(res.json()).toMatchObject({
      member: null,
      invitation: { emailAddress: unverified.email },
    });
    expect((await ctx.api(unverified).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
  });

  it('lets a contributor add photos and delete their own, not others; the owner deletes any', async () => {
    const { owner, album } = await sharedAlbum();
    const ownerPhoto = await addPhotoAs(ctx, owner, album.id);
    const friend = await asVerified(ctx, await signUp(ctx.app));
    await ctx.api(friend).me();
    await invite(owner, album.id, friend.email, 'contributor');
    const mine = await addPhotoAs(ctx, friend, album.id);
    const another = await addPhotoAs(ctx, friend, album.id);
    expect(mine.createdById).toBe(friend.uid);
    const refused = await ctx.api(friend).deletePhoto(ownerPhoto.id);
    expect(refused.statusCode).toBe(403);
    expect((await ctx.api(friend).deletePhoto(mine.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).deletePhoto(another.id)).statusCode).toBe(204);
    const left = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>().map((p) => p.id);
    expect(left).toContain(ownerPhoto.id);
    expect(left).not.toContain(mine.id);
    // Contributors do not rename, share or delete the album.
    expect((await ctx.api(friend).updateAlbum({ id: album.id, name: 'x' })).statusCode).toBe(403);
    expect((await ctx.api(friend).createLink(album.id)).statusCode).toBe(403);
    expect((await ctx.api(friend).deleteAlbum(album.id)).statusCode).toBe(403);
  });

  it('lets a viewer read and comment, not add photos', async () => {
    const { owner, album } = await sharedAlbum();
    const photo = await addPhotoAs(ctx, owner, album.id);
    const viewer = await asVerified(ctx, await signUp(ctx.app));
    await ctx.api(viewer).me();
    await invite(owner, album.id, viewer.email, 'viewer');
    expect(
      (await ctx.api(viewer).postComment({ photoId: photo.id, message: 'Nice' })).statusCode,
    ).toBe(201);
    expect((await ctx.api(viewer).listComments(photo.id)).json()).toHaveLength(1);
    const file = await storeImage(ctx, viewer);
    const res = await ctx.api(viewer).addPhoto(album.id, { fileId: file.id });
    expect(res.statusCode).toBe(403);
  });

  it('removing a member or leaving hides the album from them at once; their photos stay', async () => {
    const { owner, album } = await sharedAlbum();
    const [ann, ben] = await Promise.all([
      signUp(ctx.app).then((u) => asVerified(ctx, u)),
      signUp(ctx.app).then((u) => asVerified(ctx, u)),
    ]);
    for (const user of [ann, ben]) {
      await ctx.api(user).me();
      await invite(owner, album.id, user.email, 'contributor');
    }
    const annPhoto = await addPhotoAs(ctx, ann, album.id);
    expect((await ctx.api(ann).removeMember(album.id, ben.uid)).statusCode).toBe(403);
    expect((await ctx.api(owner).removeMember(album.id, ann.uid)).statusCode).toBe(204);
    expect((await ctx.api(ann).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    expect((await ctx.api(ann).getPhoto(annPhoto.id)).statusCode).toBe(404);
    expect(await allAlbumIds(ann)).not.toContain(album.id);
    expect((await ctx.api(owner).getPhoto(annPhoto.id)).statusCode).toBe(200);
    // Leaving.
    expect((await ctx.api(ben).removeMember(album.id, ben.uid)).statusCode).toBe(204);
    expect((await ctx.api(ben).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    expect((await ctx.api(owner).removeMember(album.id, ben.uid)).statusCode).toBe(404);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().members).toEqual([]);
  });

  it('withdraws a pending invitation', async () => {
    const { owner, album } = await sharedAlbum();
    const res = await invite(owner, album.id, 'someone@example.com');
    const id = res.json<{ invitation: { id: string } }>().invitation.id;
    expect((await ctx.api(owner).cancelInvitation(album.id, id)).statusCode).toBe(204);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().invitations).toEqual([]);
    expect((await ctx.api(owner).cancelInvitation(album.id, id)).statusCode).toBe(404);
  });

  describe('bad input', () => {
    it.each([
      ['not an address', { emailAddress: 'not-an-address', role: 'viewer' }, 'body.emailAddress'],
      ['missing address', { role: 'viewer' }, 'body.emailAddress'],
      ['unknown role', { emailAddress: 'a@example.com', role: 'admin' }, 'body.role'],
      ['missing role', { emailAddress: 'a@example.com' }, 'body.role'],
    ])('refuses %s with 400', async (_case, body, field) => {
      const { owner, album } = await sharedAlbum();
      const res = await ctx.api(owner).invite(album.id, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('says which field is wrong in words, without the request path', async () => {
      const { owner, album } = await sharedAlbum();
      const res = await ctx
        .api(owner)
        .invite(album.id, { emailAddress: 'not-an-address', role: 'viewer' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        field: 'body.emailAddress',
        message: 'E-mail address: must be an e-mail address',
      });
      expect(errorOf(res).message).not.toMatch(/body\.|querystring\.|params\./);
    });

    it('refuses inviting oneself, the owner, with 400 INVALID_INVITATION', async () => {
      const { owner, album } = await sharedAlbum();
      const res = await invite(owner, album.id, ` ${owner.email.toUpperCase()} `);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'INVALID_INVITATION',
        field: 'body.emailAddress',
      });
    });

    it(`refuses more than ${ALBUM_MEMBERS_MAX} members and invitations with 409 TOO_MANY_MEMBERS`, async () => {
      const { owner, album } = await sharedAlbum();
      const now = ctx.clock.now().toISOString();
      // The first 199 go straight into the table; the API adds the 200th and refuses the 201st.
      await ctx.deps.db
        .insertInto('album_invitations')
        .values(
          Array.from({ length: ALBUM_MEMBERS_MAX - 1 }, (_, i) => ({
            id: newId(),
            album_id: album.id,
            email: `guest${i}@example.com`,
            role: 'viewer' as const,
            created_at: now,
          })),
        )
        .execute();
      expect((await invite(owner, album.id, 'last@example.com')).statusCode).toBe(201);
      const res = await invite(owner, album.id, 'one-too-many@example.com');
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('TOO_MANY_MEMBERS');
      // Inviting an address already invited only changes its role.
      expect((await invite(owner, album.id, 'last@example.com', 'viewer')).statusCode).toBe(201);
    });
  });
});

describe('invitation e-mail', () => {
  const peer = madeBeforeAll(startSmtpPeer);
  const mailCtx = useTestContext(() => ({
    SMTP_URL: peer.url,
    PUBLIC_URL: 'https://photos.example.org',
  }));

  it("sends the album's address to the invited address when SMTP_URL is set", async () => {
    const owner = await signUp(mailCtx.app, { name: 'Olivia Owner' });
    const { album } = await createAlbumAs(mailCtx, owner, { name: 'Beach' });
    const res = await mailCtx.api(owner).invite(album.id, {
      emailAddress: 'guest@example.com',
      role: 'contributor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ emailSent: true });
    const mail = await peer.waitFor('guest@example.com');
    // The body is quoted-printable: undo its soft line breaks and escapes.
    const text = mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain('Beach');
    expect(text).toContain(`https://photos.example.org/album/${album.id}`);
    expect((await mailCtx.api(owner).sharing(album.id)).json()).toMatchObject({
      mailConfigured: true,
    });
  });
});

describe('share links', () => {
  it('opens the album, its photos and full-size images without an account; Stop sharing ends it at once', async () => {
    const { owner, album } = await sharedAlbum('invited');
    const photo = await addPhotoAs(ctx, owner, album.id);
    const created = await ctx.api(owner).createLink(album.id);
    expect(created.statusCode).toBe(201);
    const link = created.json<{ token: string; url: string }>();
    // 128 random bits, base64url.
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`/shared/${link.token}`);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().link?.token).toBe(
      link.token,
    );

    const shown = await ctx.api().sharedAlbum(link.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Album>()).toMatchObject({ id: album.id, name: 'Family' });
    expect(shown.json<Album>().myRole).toBeUndefined();
    const photos = await ctx.api().sharedPhotos(link.token);
    expect(photos.json<Photo[]>().map((p) => p.id)).toContain(photo.id);
    const full = photos.json<Photo[]>().find((p) => p.id === photo.id)!.photoUrl;
    expect((await ctx.api().get(full)).statusCode).toBe(200);

    expect((await ctx.api(owner).revokeLink(album.id)).statusCode).toBe(204);
    const gone = await ctx.api().sharedAlbum(link.token);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('LINK_NOT_FOUND');
    expect((await ctx.api().sharedPhotos(link.token)).statusCode).toBe(404);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().link).toBeNull();
  });

  it('keeps one active link per album: a new one revokes the old', async () => {
    const { owner, album } = await sharedAlbum('everyone');
    const first = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>().token;
    const second = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>().token;
    expect(second).not.toBe(first);
    expect((await ctx.api().sharedAlbum(first)).statusCode).toBe(404);
    expect((await ctx.api().sharedAlbum(second)).statusCode).toBe(200);
  });

  it('does not open an album its owner keeps to themselves', async () => {
    const { owner, album } = await sharedAlbum('invited');
    const token = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>().token;
    await ctx.api(owner).setVisibility(album.id, { visibility: 'owner' });
    expect((await ctx.api().sharedAlbum(token)).statusCode).toBe(404);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
    expect((await ctx.api().sharedAlbum(token)).statusCode).toBe(200);
  });
});

describe('profile pictures', () => {
  it("do not publish a photo of an album not everyone sees: a member may not take someone else's", async () => {
    const { owner, album } = await sharedAlbum('invited');
    const photo = await addPhotoAs(ctx, owner, album.id);
    const viewer = await asVerified(ctx, await signUp(ctx.app));
    await ctx.api(viewer).me();
    await invite(owner, album.id, viewer.email, 'viewer');
    const seen = (await ctx.api(viewer).getPhoto(photo.id)).json<Photo>();
    const res = await ctx.api(viewer).setProfilePhoto({ profilePicUrl: seen.photoUrl });
    // The same answer as for a file that does not exist.
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'FILE_NOT_FOUND', field: 'body.profilePicUrl' });
    expect((await ctx.api().show(photo.fileId)).statusCode).toBe(404);
    // The owner may: the picture is theirs.
    const own = await ctx.api(owner).setProfilePhoto({ profilePicUrl: photo.photoUrl });
    expect(own.statusCode).toBe(200);
  });
});
