import {
  LINKS_PER_ALBUM_MAX,
  type Album,
  type AlbumSharing,
  type Photo,
  type ShareLink,
  type UnlockLinkResult,
} from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, useTestContext } from '../../test/harness.js';
import { UNLOCK_ATTEMPTS_MAX } from './share-links.service.js';

const ctx = useTestContext();

async function albumWithPhoto(visibility: 'everyone' | 'invited' = 'invited') {
  const owner = await signUp(ctx.app, { name: 'Olivia Owner' });
  const { album } = await createAlbumAs(ctx, owner, { name: 'Wedding' });
  expect((await ctx.api(owner).setVisibility(album.id, { visibility })).statusCode).toBe(200);
  const photo = await addPhotoAs(ctx, owner, album.id);
  return { owner, album, photo };
}

async function makeLink(
  owner: Parameters<typeof ctx.api>[0],
  albumId: string,
  body: Record<string, unknown> = {},
): Promise<ShareLink> {
  const res = await ctx.api(owner).createShareLink(albumId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('several links per album', () => {
  it('each with its label and permission, listed newest first; stopping one leaves the others', async () => {
    const { owner, album } = await albumWithPhoto();
    const family = await makeLink(owner, album.id, { label: ' Family ', permission: 'download' });
    ctx.clock.advance(1000);
    const guests = await makeLink(owner, album.id, {
      label: 'Guests',
      permission: 'addPhotos',
      password: 'secret words',
    });
    expect(family).toMatchObject({ label: 'Family', permission: 'download', allowDownload: true });
    expect(family.hasPassword).toBe(false);
    expect(guests).toMatchObject({ hasPassword: true, guestPhotoCount: 0, guestBytes: 0 });
    expect(guests.guestLimits).toEqual({ maxPhotos: 500, maxBytes: 5 * 1024 ** 3 });
    expect(JSON.stringify(guests)).not.toContain('secret words');

    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.links.map((link) => link.id)).toEqual([guests.id, family.id]);
    expect(sharing.link?.id).toBe(guests.id);
    const listed = (await ctx.api(owner).listLinks(album.id)).json<ShareLink[]>();
    expect(listed.map((link) => link.label)).toEqual(['Guests', 'Family']);

    expect((await ctx.api(owner).stopShareLink(album.id, family.id)).statusCode).toBe(204);
    const stopped = await ctx.api().sharedAlbum(family.token);
    expect(stopped.statusCode).toBe(404);
    expect(errorOf(stopped).code).toBe('LINK_NOT_FOUND');
    // The other link still asks for its password: it works.
    expect((await ctx.api().sharedAlbum(guests.token)).statusCode).toBe(401);
    const again = await ctx.api(owner).stopShareLink(album.id, family.id);
    expect(again.statusCode).toBe(404);
  });

  it('only the owner sees and changes them; an album one may not see answers 404', async () => {
    const { owner, album } = await albumWithPhoto('everyone');
    const link = await makeLink(owner, album.id);
    const other = await signUp(ctx.app);
    expect((await ctx.api(other).listLinks(album.id)).statusCode).toBe(403);
    expect((await ctx.api(other).createShareLink(album.id, {})).statusCode).toBe(403);
    expect(
      (await ctx.api(other).updateShareLink(album.id, link.id, { label: 'x' })).statusCode,
    ).toBe(403);
    expect((await ctx.api(other).stopShareLink(album.id, link.id)).statusCode).toBe(403);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'owner' });
    const hidden = await ctx.api(other).listLinks(album.id);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('ALBUM_NOT_FOUND');
    expect((await ctx.api().listLinks(album.id)).statusCode).toBe(401);
  });

  it(`refuses more than ${LINKS_PER_ALBUM_MAX} links with 409`, async () => {
    const { owner, album } = await albumWithPhoto();
    for (let i = 0; i < LINKS_PER_ALBUM_MAX; i += 1) await makeLink(owner, album.id);
    const res = await ctx.api(owner).createShareLink(album.id, {});
    expect(res.statusCode).toBe(409);
    expect((await ctx.api(owner).listLinks(album.id)).json<ShareLink[]>()).toHaveLength(
      LINKS_PER_ALBUM_MAX,
    );
  });

  it('the earlier routes act on the newest link; DELETE albumsDb/{id}/link stops them all', async () => {
    const { owner, album } = await albumWithPhoto();
    const old = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    expect(old.permission).toBe('view');
    const put = await ctx.api(owner).setLinkSettings(album.id, { allowDownload: true });
    expect(put.json<ShareLink>()).toMatchObject({ id: old.id, permission: 'download' });
    ctx.clock.advance(1000);
    // A new link in place of the newest, offering what it offered.
    const renewed = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    expect(renewed).toMatchObject({ permission: 'download', allowDownload: true });
    expect((await ctx.api().sharedAlbum(old.token)).statusCode).toBe(404);
    ctx.clock.advance(1000);
    const guests = await makeLink(owner, album.id, { permission: 'addPhotos' });
    const sharing = (await ctx.api(owner).sharing(album.id)).json<AlbumSharing>();
    expect(sharing.links.map((link) => link.id)).toEqual([guests.id, renewed.id]);
    const off = await ctx.api(owner).setLinkSettings(album.id, { allowDownload: false });
    expect(off.json<ShareLink>()).toMatchObject({ id: guests.id, permission: 'view' });
    expect((await ctx.api().sharedAlbum(renewed.token)).statusCode).toBe(200);
    expect((await ctx.api(owner).revokeLink(album.id)).statusCode).toBe(204);
    expect((await ctx.api().sharedAlbum(guests.token)).statusCode).toBe(404);
    expect((await ctx.api().sharedAlbum(renewed.token)).statusCode).toBe(404);
    expect((await ctx.api(owner).sharing(album.id)).json<AlbumSharing>().links).toEqual([]);
  });

  it('says what the link offers, and the zip only by download and addPhotos links', async () => {
    const { owner, album } = await albumWithPhoto();
    const view = await makeLink(owner, album.id);
    const download = await makeLink(owner, album.id, { permission: 'download' });
    const shown = (await ctx.api().sharedAlbum(view.token)).json<Album>();
    expect(shown).toMatchObject({ allowDownload: false, linkPermission: 'view' });
    expect((await ctx.api().sharedDownload(view.token)).statusCode).toBe(403);
    const offered = (await ctx.api().sharedAlbum(download.token)).json<Album>();
    expect(offered).toMatchObject({ allowDownload: true, linkPermission: 'download' });
    const zip = await ctx.api().sharedDownload(download.token);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  });

  it('records when it was last opened, at most once a minute', async () => {
    const { owner, album } = await albumWithPhoto();
    const link = await makeLink(owner, album.id);
    expect(link.lastOpenedAt).toBeNull();
    const opened = ctx.clock.now().toISOString();
    await ctx.api().sharedAlbum(link.token);
    const lastOpened = async () =>
      (await ctx.api(owner).listLinks(album.id)).json<ShareLink[]>()[0]?.lastOpenedAt;
    expect(await lastOpened()).toBe(opened);
    ctx.clock.advance(30_000);
    await ctx.api().sharedAlbum(link.token);
    expect(await lastOpened()).toBe(opened);
    ctx.clock.advance(31_000);
    await ctx.api().sharedAlbum(link.token);
    expect(await lastOpened()).toBe(ctx.clock.now().toISOString());
  });
});

describe('expiry', () => {
  it('an expired link answers 404 everywhere, and its picture URLs expire with it', async () => {
    const { owner, album } = await albumWithPhoto();
    const expiresAt = new Date(ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const link = await makeLink(owner, album.id, { expiresAt, permission: 'download' });
    expect(link.expiresAt).toBe(expiresAt);
    const photos = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    const url = new URL(photos[0]!.photoUrl, 'http://x');
    expect(Number(url.searchParams.get('exp'))).toBeLessThanOrEqual(
      new Date(expiresAt).getTime() / 1000,
    );
    expect((await ctx.api().get(photos[0]!.photoUrl)).statusCode).toBe(200);

    ctx.clock.advance(10 * 60_000);
    for (const res of [
      await ctx.api().sharedAlbum(link.token),
      await ctx.api().sharedPhotos(link.token),
      await ctx.api().sharedDownload(link.token),
      await ctx.api().unlockLink(link.token, { password: 'anything' }),
      await ctx.api().get(photos[0]!.photoUrl),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(errorOf(await ctx.api().sharedAlbum(link.token)).code).toBe('LINK_NOT_FOUND');
  });

  it('refuses an expiry in the past with 400 on the field; PATCH can lift it', async () => {
    const { owner, album } = await albumWithPhoto();
    const past = new Date(ctx.clock.now().getTime() - 1000).toISOString();
    const res = await ctx.api(owner).createShareLink(album.id, { expiresAt: past });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('body.expiresAt');
    const soon = new Date(ctx.clock.now().getTime() + 1000).toISOString();
    const link = await makeLink(owner, album.id, { expiresAt: soon });
    const patched = await ctx.api(owner).updateShareLink(album.id, link.id, { expiresAt: null });
    expect(patched.json<ShareLink>().expiresAt).toBeNull();
    ctx.clock.advance(5000);
    expect((await ctx.api().sharedAlbum(link.token)).statusCode).toBe(200);
  });
});

describe('a stopped link', () => {
  it('stops its picture URLs at once (an album not everyone sees)', async () => {
    const { owner, album } = await albumWithPhoto('invited');
    const link = await makeLink(owner, album.id);
    const shown = (await ctx.api().sharedAlbum(link.token)).json<Album>();
    const photos = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    const urls = [shown.coverPhotoUrl, photos[0]!.photoUrl, `${photos[0]!.photoUrl}&size=thumb`];
    for (const url of urls) expect((await ctx.api().get(url)).statusCode).toBe(200);
    // Bound to the link: the same signature does not open another file.
    const other = await addPhotoAs(ctx, owner, album.id);
    const forged = photos[0]!.photoUrl.replace(photos[0]!.fileId, other.fileId);
    expect((await ctx.api().get(forged)).statusCode).toBe(404);

    await ctx.api(owner).stopShareLink(album.id, link.id);
    for (const url of urls) expect((await ctx.api().get(url)).statusCode).toBe(404);
    // The owner's own picture URLs are not bound to the link.
    const own = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
    expect((await ctx.api().get(own[0]!.photoUrl)).statusCode).toBe(200);
  });
});

describe('a password', () => {
  it('hides the album until it is given; the key opens it; a new password voids the key', async () => {
    const { owner, album } = await albumWithPhoto();
    const link = await makeLink(owner, album.id, { password: 'open sesame' });
    const locked = await ctx.api().sharedAlbum(link.token);
    expect(locked.statusCode).toBe(401);
    expect(errorOf(locked).code).toBe('LINK_PASSWORD_REQUIRED');
    expect(locked.body).not.toContain('Wedding');
    expect(locked.body).not.toContain('/api/files/show');
    expect((await ctx.api().sharedPhotos(link.token)).statusCode).toBe(401);

    const wrong = await ctx.api().unlockLink(link.token, { password: 'open barley' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('WRONG_LINK_PASSWORD');
    const right = await ctx.api().unlockLink(link.token, { password: 'open sesame' });
    expect(right.statusCode).toBe(200);
    const { linkKey, expiresAt } = right.json<UnlockLinkResult>();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    const opened = await ctx.api().sharedAlbumWithKey(link.token, linkKey);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<Album>().name).toBe('Wedding');
    expect((await ctx.api().sharedPhotos(link.token, '', linkKey)).statusCode).toBe(200);
    // A key of one link does not open another.
    const other = await makeLink(owner, album.id, { password: 'open sesame' });
    expect((await ctx.api().sharedAlbumWithKey(other.token, linkKey)).statusCode).toBe(401);
    expect((await ctx.api().sharedAlbumWithKey(link.token, `${linkKey}x`)).statusCode).toBe(401);

    // The owner changes the password (even to the same words): the key stops working.
    await ctx.api(owner).updateShareLink(album.id, link.id, { password: 'open sesame' });
    expect((await ctx.api().sharedAlbumWithKey(link.token, linkKey)).statusCode).toBe(401);
    // The key expires.
    const fresh = (
      await ctx.api().unlockLink(link.token, { password: 'open sesame' })
    ).json<UnlockLinkResult>();
    ctx.clock.set(new Date(new Date(fresh.expiresAt).getTime() + 1000));
    expect((await ctx.api().sharedAlbumWithKey(link.token, fresh.linkKey)).statusCode).toBe(401);
    // Removing the password opens the link to everyone who holds it.
    await ctx.api(owner).updateShareLink(album.id, link.id, { password: null });
    expect((await ctx.api().sharedAlbum(link.token)).statusCode).toBe(200);
    // The owner never needs it.
    expect((await ctx.api(owner).listPhotos(album.id)).statusCode).toBe(200);
  });

  it("limits guesses per client address and link: a stranger's guesses do not lock out a friend", async () => {
    const { owner, album } = await albumWithPhoto();
    const link = await makeLink(owner, album.id, { password: 'correct horse' });
    const stranger = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < UNLOCK_ATTEMPTS_MAX; i += 1) {
      const res = await ctx.api().unlockLink(link.token, { password: `guess ${i}` }, stranger);
      expect(res.statusCode).toBe(401);
    }
    const limited = await ctx.api().unlockLink(link.token, { password: 'correct horse' }, stranger);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const friend = await ctx
      .api()
      .unlockLink(link.token, { password: 'correct horse' }, { remoteAddress: '198.51.100.2' });
    expect(friend.statusCode).toBe(200);
    // The stranger may guess again once the window has passed.
    ctx.clock.advance(Number(limited.headers['retry-after']) * 1000);
    const later = await ctx.api().unlockLink(link.token, { password: 'correct horse' }, stranger);
    expect(later.statusCode).toBe(200);
  });
});
