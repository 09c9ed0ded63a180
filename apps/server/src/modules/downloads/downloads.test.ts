import type { Album, DownloadTicket, Photo, ShareLink } from '@photo/contract';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';
import { unzip } from '../../test/zip.js';

const ctx = useTestContext();

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/**
 * An album whose photos are these JPEGs (the first its cover), each taken at its date and
 * uploaded under its file name (photo.jpg when none is given).
 */
async function albumOf(owner: TestUser, name: string, dates: string[], filenames: string[] = []) {
  const bytes: Buffer[] = [];
  const images = [];
  for (const [index, date] of dates.entries()) {
    const jpeg = await makeJpeg({ dateTaken: date, width: 40 + index, height: 30 });
    bytes.push(jpeg);
    const filename = filenames[index];
    images.push(
      await storeImage(ctx, owner, {
        bytes: jpeg,
        ...(filename === undefined ? {} : { filename }),
      }),
    );
  }
  const { album } = await createAlbumAs(ctx, owner, { name, cover: images[0] });
  const photos: Photo[] = [];
  for (const image of images.slice(1)) photos.push(await addPhotoAs(ctx, owner, album.id, image));
  const all = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
  return { album, bytes, photos: all };
}

/** The path of a ticket's url, as a browser would navigate to it (no idToken header). */
const pathOf = (ticket: DownloadTicket) => new URL(ticket.url, 'http://localhost').pathname;

async function ticketFor(user: TestUser, body: unknown): Promise<DownloadTicket> {
  const res = await ctx.api(user).requestDownload(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('zip downloads', () => {
  it('streams the photos named as a zip of their originals, byte for byte, with no header needed', async () => {
    const owner = await signUp(ctx.app);
    const { bytes, photos } = await albumOf(
      owner,
      'Lake',
      ['2024-07-14T10:30:00.000Z', '2024-07-15T08:05:09.000Z', '2024-07-14T10:30:00.000Z'],
      ['IMG_0001.JPG', 'IMG_0002.jpg', 'img_0001.jpg'],
    );
    const ticket = await ticketFor(owner, { photoIds: photos.map((photo) => photo.id) });
    expect(ticket.url).toMatch(/^\/api\/downloads\/[^/?]+$/);
    const expires = Date.parse(ticket.expiresAt) - ctx.clock.now().getTime();
    expect(expires).toBeGreaterThan(29 * 60_000);
    expect(expires).toBeLessThanOrEqual(60 * 60_000);

    const res = await ctx.api().get(pathOf(ticket));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = ctx.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="photos-${day}.zip"; filename*=UTF-8''photos-${day}.zip`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await unzip(res.rawPayload);
    // Named as uploaded; a name met again (whatever its case) gets a number.
    expect(entries.map((entry) => entry.name.toLowerCase())).toEqual([
      'img_0001.jpg',
      'img_0001 (2).jpg',
      'img_0002.jpg',
    ]);
    // In the album's order: by date taken, then id; the bytes as uploaded, stored (not deflated).
    const byFile = new Map(photos.map((photo, index) => [photo.id, index]));
    for (const [index, entry] of entries.entries()) {
      const photo = photos[index] as Photo;
      expect(entry.method).toBe(0);
      const uploaded = (await ctx.api().get(`/api/files/show/${photo.fileId}`)).rawPayload;
      expect(entry.bytes.equals(uploaded)).toBe(true);
      expect(bytes.some((original) => original.equals(entry.bytes))).toBe(true);
      expect(byFile.has(photo.id)).toBe(true);
    }
  });

  it("states each entry's CRC-32, kept at upload or, for a file stored before, taken from its bytes", async () => {
    const owner = await signUp(ctx.app);
    const { photos } = await albumOf(owner, 'Older', [
      '2024-07-14T10:30:00.000Z',
      '2024-07-15T08:05:09.000Z',
    ]);
    const [older, newer] = photos as [Photo, Photo];
    // A file stored before CRC-32s were kept.
    await ctx.deps.db
      .updateTable('files')
      .set({ crc32: null })
      .where('id', '=', older.fileId)
      .execute();
    const kept = await ctx.deps.db
      .selectFrom('files')
      .select('crc32')
      .where('id', '=', newer.fileId)
      .executeTakeFirstOrThrow();

    const ticket = await ticketFor(owner, { photoIds: [older.id, newer.id] });
    const res = await ctx.api().get(pathOf(ticket));
    expect(res.statusCode).toBe(200);
    // unzip checks each stated CRC-32 against the entry's bytes.
    const entries = await unzip(res.rawPayload);
    expect(entries).toHaveLength(2);
    for (const [index, photo] of [older, newer].entries()) {
      const entry = entries[index]!;
      const original = (await ctx.api().get(`/api/files/show/${photo.fileId}`)).rawPayload;
      expect(entry.bytes.equals(original)).toBe(true);
      expect(entry.crc32).toBe(crc32(original));
    }
    expect(Number(kept.crc32)).toBe(entries[1]!.crc32);
  });

  it('streams an album as a zip named after it', async () => {
    const owner = await signUp(ctx.app);
    const { album, bytes } = await albumOf(owner, 'Été à Nice: "plage"', [
      '2023-08-01T12:00:00.000Z',
      '2023-08-02T12:00:00.000Z',
    ]);
    const res = await ctx.api().get(pathOf(await ticketFor(owner, { albumId: album.id })));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_t_ _ Nice_ _plage_.zip"; filename*=UTF-8''${encodeURIComponent('Été à Nice_ _plage_.zip')}`,
    );
    const entries = await unzip(res.rawPayload);
    expect(
      entries.map((entry) => entry.bytes.equals(bytes[entries.indexOf(entry)] as Buffer)),
    ).toEqual([true, true]);
  });

  it('answers 404 for an album or a photo the caller may not see, and makes nothing', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const { album, photos } = await albumOf(owner, 'Only me', ['2022-01-01T00:00:00.000Z']);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'owner' });
    const tickets = () => ctx.deps.db.selectFrom('download_tickets').select('id').execute();
    const before = (await tickets()).length;

    const hidden = await ctx.api(stranger).requestDownload({ albumId: album.id });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('ALBUM_NOT_FOUND');
    const mine = await storeImage(ctx, stranger);
    const { album: theirs } = await createAlbumAs(ctx, stranger, { cover: mine });
    const strangersPhoto = (await ctx.api(stranger).listPhotos(theirs.id)).json<Photo[]>()[0];
    const foreign = await ctx.api(stranger).requestDownload({
      photoIds: [strangersPhoto?.id, (photos[0] as Photo).id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toMatchObject({ code: 'PHOTO_NOT_FOUND', field: 'body.photoIds.1' });
    expect((await ctx.api(stranger).requestDownload({ albumId: newId() })).statusCode).toBe(404);
    expect((await ctx.api(stranger).requestDownload({})).statusCode).toBe(400);
    expect((await ctx.api().requestDownload({ albumId: album.id })).statusCode).toBe(401);
    expect((await tickets()).length).toBe(before);
  });

  it('decides access again when the zip is opened: a removed member gets 404 with their ticket', async () => {
    const owner = await verifiedUser();
    const member = await verifiedUser();
    const { album, photos } = await albumOf(owner, 'Family', ['2021-05-05T05:05:05.000Z']);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
    await ctx.api(owner).invite(album.id, { emailAddress: member.email, role: 'viewer' });
    const ofAlbum = await ticketFor(member, { albumId: album.id });
    const ofPhotos = await ticketFor(member, { photoIds: [(photos[0] as Photo).id] });
    expect((await ctx.api().get(pathOf(ofAlbum))).statusCode).toBe(200);

    expect((await ctx.api(owner).removeMember(album.id, member.uid)).statusCode).toBe(204);
    for (const ticket of [ofAlbum, ofPhotos]) {
      const res = await ctx.api().get(pathOf(ticket));
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 404 for a forged, altered or expired ticket', async () => {
    const owner = await signUp(ctx.app);
    const { album } = await albumOf(owner, 'Tickets', ['2021-05-05T05:05:05.000Z']);
    const ticket = await ticketFor(owner, { albumId: album.id });
    const path = pathOf(ticket);
    const [id, exp, sig] = path.slice('/api/downloads/'.length).split('.') as [
      string,
      string,
      string,
    ];
    for (const bad of [
      `${newId()}.${exp}.${sig}`,
      `${id}.${Number(exp) + 1800}.${sig}`,
      `${id}.${exp}.${sig.slice(1)}A`,
      'nonsense',
    ]) {
      expect((await ctx.api().get(`/api/downloads/${bad}`)).statusCode).toBe(404);
    }
    ctx.clock.advance(Date.parse(ticket.expiresAt) - ctx.clock.now().getTime() + 1000);
    expect((await ctx.api().get(path)).statusCode).toBe(404);
  });
});

describe('share link downloads', () => {
  it('offers the album as a zip only when its owner allows it; a revoked link answers 404', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const { album, bytes } = await albumOf(owner, 'Shared', [
      '2020-02-02T02:02:02.000Z',
      '2020-02-03T02:02:02.000Z',
    ]);
    const link = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    expect(link.allowDownload).toBe(false);
    expect((await ctx.api().sharedAlbum(link.token)).json<Album>().allowDownload).toBe(false);
    const refused = await ctx.api().sharedDownload(link.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('NOT_OWNER');

    expect(
      (await ctx.api(other).setLinkSettings(album.id, { allowDownload: true })).statusCode,
    ).toBe(403);
    const allowed = await ctx.api(owner).setLinkSettings(album.id, { allowDownload: true });
    expect(allowed.statusCode).toBe(200);
    // Offering the originals makes the view link a download link; it was opened (decision 0063).
    const offered = {
      ...link,
      permission: 'download',
      allowDownload: true,
      lastOpenedAt: expect.any(String) as unknown,
    };
    expect(allowed.json()).toEqual(offered);
    expect((await ctx.api(owner).sharing(album.id)).json<{ link: ShareLink }>().link).toEqual(
      offered,
    );
    expect((await ctx.api().sharedAlbum(link.token)).json<Album>().allowDownload).toBe(true);
    const zip = await ctx.api().sharedDownload(link.token);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="Shared\.zip"/);
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((entry, index) => entry.bytes.equals(bytes[index] as Buffer))).toEqual([
      true,
      true,
    ]);
    // A link made again keeps what it offers; the old one stops working.
    const again = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    expect(again.allowDownload).toBe(true);
    const old = await ctx.api().sharedDownload(link.token);
    expect(old.statusCode).toBe(404);
    expect(errorOf(old).code).toBe('LINK_NOT_FOUND');
    // Only me: the link stops working, download included.
    await ctx.api(owner).setVisibility(album.id, { visibility: 'owner' });
    expect((await ctx.api().sharedDownload(again.token)).statusCode).toBe(404);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'everyone' });

    expect((await ctx.api(owner).revokeLink(album.id)).statusCode).toBe(204);
    const revoked = await ctx.api().sharedDownload(again.token);
    expect(revoked.statusCode).toBe(404);
    expect(errorOf(revoked).code).toBe('LINK_NOT_FOUND');
    const noLink = await ctx.api(owner).setLinkSettings(album.id, { allowDownload: false });
    expect(noLink.statusCode).toBe(404);
    expect(errorOf(noLink).code).toBe('LINK_NOT_FOUND');
  });
});
