import { DEFAULT_AVATAR_URL } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf, showStatus, storeImage } from '../../test/fixtures.js';
import type { Database } from '../../db/schema.js';
import { signUp, useTestContext } from '../../test/harness.js';
import { asVerified } from '../../test/verified-token.js';

const ctx = useTestContext();

describe('PATCH users/me', () => {
  it("changes the caller's name, trimmed", async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.api(user).updateProfile({ name: '  Grace Hopper ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.uid, name: 'Grace Hopper' });
    expect((await ctx.api(user).me()).json().name).toBe('Grace Hopper');
  });

  it('refuses an empty or too long name, and a caller without a token', async () => {
    const user = await signUp(ctx.app);
    for (const name of ['   ', 'x'.repeat(101)]) {
      const res = await ctx.api(user).updateProfile({ name });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('body.name');
    }
    expect((await ctx.api().updateProfile({ name: 'Nobody' })).statusCode).toBe(401);
  });
});

describe('DELETE users/me', () => {
  it('refuses without the e-mail address typed again', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.api(user).deleteAccount({ confirmEmail: 'someone-else@example.com' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('body.confirmEmail');
    expect((await ctx.api(user).deleteAccount({})).statusCode).toBe(400);
    expect((await ctx.api(user).me()).statusCode).toBe(200);
  });

  it("removes the user's albums, photos, comments, likes, files and sign-in, and nothing of others'", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    // Alice's album with two photos, which Bob comments on and likes.
    const { album } = await createAlbumAs(ctx, alice);
    const photo = await addPhotoAs(ctx, alice, album.id);
    const second = await addPhotoAs(ctx, alice, album.id);
    // Alice's picture; Bob's picture is one of Alice's photos.
    const alicePicture = await storeImage(ctx, alice);
    expect(
      (await ctx.api(alice).setProfilePhoto({ profilePicUrl: alicePicture.url })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.api(bob).setProfilePhoto({ profilePicUrl: second.photoUrl })).statusCode,
    ).toBe(200);
    // Bob's album, which Alice comments on and likes.
    const bobs = await createAlbumAs(ctx, bob);
    const bobPhoto = await addPhotoAs(ctx, bob, bobs.album.id);
    for (const [who, target] of [
      [bob, photo.id],
      [alice, bobPhoto.id],
    ] as const) {
      expect(
        (await ctx.api(who).postComment({ photoId: target, message: 'Nice' })).statusCode,
      ).toBe(201);
      expect((await ctx.api(who).like(target)).statusCode).toBe(200);
    }
    const aliceFiles = await ctx.deps.db
      .selectFrom('files')
      .selectAll()
      .where('owner_id', '=', alice.uid)
      .execute();
    expect(aliceFiles.length).toBeGreaterThanOrEqual(3);
    const aliceKeys = aliceFiles.flatMap((file) =>
      [file.blob_key, file.thumb_key, file.preview_key, file.card_key, file.card3x_key].filter(
        (key): key is string => Boolean(key),
      ),
    );

    const res = await ctx
      .api(alice)
      .deleteAccount({ confirmEmail: ` ${alice.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(204);

    const db = ctx.deps.db;
    const count = async (table: 'albums' | 'photos' | 'files', column: 'owner_id') =>
      (await db.selectFrom(table).select('id').where(column, '=', alice.uid).execute()).length;
    expect(await count('albums', 'owner_id')).toBe(0);
    expect(await count('photos', 'owner_id')).toBe(0);
    expect(await count('files', 'owner_id')).toBe(0);
    const rowsWhere = (table: keyof Database, column: string, value: string) =>
      db.selectFrom(table).selectAll().where(db.dynamic.ref(column), '=', value).execute();
    expect(await rowsWhere('comments', 'author_id', alice.uid)).toHaveLength(0);
    expect(await rowsWhere('comments', 'photo_id', photo.id)).toHaveLength(0);
    expect(await rowsWhere('photo_likes', 'user_id', alice.uid)).toHaveLength(0);
    expect(await rowsWhere('photo_likes', 'photo_id', photo.id)).toHaveLength(0);
    expect(await rowsWhere('users', 'id', alice.uid)).toHaveLength(0);
    expect(await rowsWhere('identity_accounts', 'uid', alice.uid)).toHaveLength(0);
    // The bytes are gone too.
    for (const key of aliceKeys) expect(await ctx.deps.blobStore.exists(key)).toBe(false);
    expect(await showStatus(ctx, alicePicture.url)).toBe(404);
    expect(await showStatus(ctx, second.photoUrl)).toBe(404);

    // Bob keeps his album, photo and files; his picture (Alice's photo) is the default avatar now.
    expect((await ctx.api(bob).listPhotos(bobs.album.id)).json()).toContainEqual(
      expect.objectContaining({ id: bobPhoto.id }),
    );
    expect(await showStatus(ctx, bobs.cover.url)).toBe(200);
    expect((await ctx.api(bob).me()).json().profilePicUrl).toBe(DEFAULT_AVATAR_URL);
    expect((await ctx.api(bob).listAlbums()).json()).not.toContainEqual(
      expect.objectContaining({ id: album.id }),
    );

    // The ID token Alice still holds does not bring the account back.
    const stale = await ctx.api(alice).me();
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale).code).toBe('TOKEN_INVALID');
    expect(
      (await ctx.api(alice).createAlbum({ name: 'Back', coverPhotoUrl: alicePicture.url }))
        .statusCode,
    ).toBe(401);
    expect(
      await db.selectFrom('users').select('id').where('id', '=', alice.uid).execute(),
    ).toHaveLength(0);

    // The password no longer signs in.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email: alice.email, password: alice.password },
    });
    expect(signIn.statusCode).toBe(400);
  });

  it("gives another's album whose cover was theirs its first other photo, or deletes it when only theirs were left", async () => {
    const owner = await asVerified(ctx, await signUp(ctx.app));
    const friend = await asVerified(ctx, await signUp(ctx.app));
    await ctx.api(friend).me();
    const kept = await createAlbumAs(ctx, owner, { name: 'Kept' });
    const emptied = await createAlbumAs(ctx, owner, { name: 'Emptied' });
    for (const { album } of [kept, emptied]) {
      const invited = await ctx
        .api(owner)
        .invite(album.id, { emailAddress: friend.email, role: 'contributor' });
      expect(invited.statusCode).toBeLessThan(300);
    }
    const keptTheirs = await addPhotoAs(ctx, friend, kept.album.id);
    await addPhotoAs(ctx, friend, kept.album.id);
    const emptiedTheirs = await addPhotoAs(ctx, friend, emptied.album.id);
    for (const [albumId, cover] of [
      [kept.album.id, keptTheirs],
      [emptied.album.id, emptiedTheirs],
    ] as const) {
      const res = await ctx.api(owner).updateAlbum({ id: albumId, coverPhotoUrl: cover.photoUrl });
      expect(res.statusCode).toBe(200);
    }
    // The owner's own photo of the second album goes: only the friend's is left in it.
    const ownPhoto = (await ctx.api(owner).listPhotos(emptied.album.id))
      .json()
      .find((photo) => photo.createdById === owner.uid);
    expect((await ctx.api(owner).deletePhoto(ownPhoto!.id)).statusCode).toBe(204);

    const res = await ctx.api(friend).deleteAccount({ confirmEmail: friend.email });
    expect(res.statusCode).toBe(204);

    const album = (await ctx.api(owner).findAlbum(`?id=${kept.album.id}`)).json();
    expect(album.coverPhotoUrl).toContain(kept.cover.id);
    expect((await ctx.api(owner).listPhotos(kept.album.id)).json()).toHaveLength(1);
    expect((await ctx.api(owner).findAlbum(`?id=${emptied.album.id}`)).statusCode).toBe(404);
  });
});
