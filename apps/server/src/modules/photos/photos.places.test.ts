import type { Album, DownloadTicket, Photo, ShareLink } from '@photo/contract';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { sha256 } from '../../test/hash.js';
import { redBlueJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';
import { unzip } from '../../test/zip.js';

/**
 * Originals are kept as uploaded, their location included (decision 0081): the file's owner gets
 * them back byte for byte, with the place in their photo answers; everyone else gets a copy
 * without the location, unless the album's owner shows places to the people it is shared with.
 */
const ctx = useTestContext();

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

let camera = 0;

/** A JPEG taken at 51°30'N 0°7'W, 35 m up; each call gives other bytes (another camera name). */
function jpegWithPlace(): Promise<Buffer> {
  camera += 1;
  return redBlueJpeg({
    exif: {
      IFD0: { Make: 'Acme', Model: `Acme Cam ${camera}` },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
        GPSAltitudeRef: '0',
        GPSAltitude: '35/1',
      },
    },
  });
}

const PLACE = { latitude: 51.5, longitude: -0.1166667, altitude: 35 };

/** Whether these image bytes carry a location in their EXIF (a GPS block or a pointer to one). */
async function carriesPlace(bytes: Buffer): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return false;
  const read = exifReader(exif);
  return read.GPSInfo !== undefined || read.Image?.GPSTag !== undefined;
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** What a browser saves from a photo's download link (download=1), with no header. */
async function download(photo: Photo): Promise<Buffer> {
  const res = await ctx.api().get(withQuery(photo.photoUrl, 'download=1'));
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

async function zipOf(user: TestUser, albumId: string): Promise<Buffer[]> {
  const ticket = await ctx.api(user).requestDownload({ albumId });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const url = new URL(ticket.json<DownloadTicket>().url, 'http://localhost').pathname;
  const res = await ctx.api().get(url);
  expect(res.statusCode).toBe(200);
  return (await unzip(res.rawPayload)).map((entry) => entry.bytes);
}

/** An invited album of the owner's with one photo that carries a place, and a viewer of it. */
async function sharedAlbumWithPlace() {
  const owner = await verifiedUser();
  const member = await verifiedUser();
  const bytes = await jpegWithPlace();
  const image = await storeImage(ctx, owner, { bytes });
  const { album } = await createAlbumAs(ctx, owner, { name: 'Trip', cover: image });
  await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
  const invited = await ctx.api(owner).invite(album.id, {
    emailAddress: member.email,
    role: 'viewer',
  });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  const photoOf = async (user: TestUser) =>
    (await ctx.api(user).listPhotos(album.id)).json<Photo[]>()[0] as Photo;
  return { owner, member, bytes, album, photoOf };
}

describe('originals kept with their place', () => {
  it('gives the owner back the exact bytes and the place; a member gets neither', async () => {
    const { owner, member, bytes, album, photoOf } = await sharedAlbumWithPlace();
    expect(await carriesPlace(bytes)).toBe(true);

    const own = await photoOf(owner);
    expect(own.location?.latitude).toBeCloseTo(PLACE.latitude, 6);
    expect(own.location?.longitude).toBeCloseTo(PLACE.longitude, 6);
    expect(own.location?.altitude).toBe(PLACE.altitude);
    expect((await ctx.api(owner).getPhoto(own.id)).json<Photo>().location).toEqual(own.location);
    expect(sha256(await download(own))).toBe(sha256(bytes));

    const theirs = await photoOf(member);
    expect(theirs).not.toHaveProperty('location');
    expect((await ctx.api(member).getPhoto(theirs.id)).json<Photo>()).not.toHaveProperty(
      'location',
    );
    expect(theirs.photoUrl).not.toBe(own.photoUrl);
    const copy = await download(theirs);
    expect(sha256(copy)).not.toBe(sha256(bytes));
    expect(await carriesPlace(copy)).toBe(false);
    expect((await sharp(copy).metadata()).format).toBe('jpeg');

    // The zips: the owner's holds the original, a member's the copy without place.
    expect((await zipOf(owner, album.id)).map(sha256)).toEqual([sha256(bytes)]);
    const [memberEntry] = await zipOf(member, album.id);
    expect(memberEntry && (await carriesPlace(memberEntry))).toBe(false);

    // No derived size carries the place, whoever asks for it.
    for (const photo of [own, theirs]) {
      for (const size of ['thumb', 'preview', 'card']) {
        const res = await ctx.api().get(withQuery(photo.photoUrl, `size=${size}`));
        expect(res.statusCode).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).exif).toBeUndefined();
      }
    }
  });

  it("refuses a member's signature passed off as one that names the place", async () => {
    const { member, photoOf } = await sharedAlbumWithPlace();
    const theirs = await photoOf(member);
    const forged = theirs.photoUrl.replace('sig=', 'sig=place~');
    expect((await ctx.api().get(withQuery(forged, 'download=1'))).statusCode).toBe(404);
  });

  it("gives a share link's visitor the copy without place, in pictures and in the zip", async () => {
    const { owner, album, bytes } = await sharedAlbumWithPlace();
    const link = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    expect(
      (await ctx.api(owner).setLinkSettings(album.id, { allowDownload: true })).statusCode,
    ).toBe(200);
    const [visited] = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    expect(visited).toBeDefined();
    expect(visited).not.toHaveProperty('location');
    expect(await carriesPlace(await download(visited as Photo))).toBe(false);
    const zip = await ctx.api().sharedDownload(link.token);
    expect(zip.statusCode).toBe(200);
    const [entry] = await unzip(zip.rawPayload);
    expect(entry && sha256(entry.bytes)).not.toBe(sha256(bytes));
    expect(entry && (await carriesPlace(entry.bytes))).toBe(false);
  });

  it('shows places to the people of an album whose owner turns it on, and tells them so', async () => {
    const { owner, member, album, bytes, photoOf } = await sharedAlbumWithPlace();
    const albumOf = async (user: TestUser) =>
      (await ctx.api(user).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(await albumOf(owner)).not.toHaveProperty('showPlaces');
    expect(await albumOf(member)).not.toHaveProperty('showPlaces');
    expect((await ctx.api(member).updateAlbum({ id: album.id, showPlaces: true })).statusCode).toBe(
      403,
    );
    const bad = await ctx.api(owner).updateAlbum({ id: album.id, showPlaces: 'yes' });
    expect(bad.statusCode).toBe(400);

    const turned = await ctx.api(owner).updateAlbum({ id: album.id, showPlaces: true });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json<Album>().showPlaces).toBe(true);
    expect(await albumOf(member)).toMatchObject({ showPlaces: true });

    const theirs = await photoOf(member);
    expect(theirs.location?.latitude).toBeCloseTo(PLACE.latitude, 6);
    expect(sha256(await download(theirs))).toBe(sha256(bytes));
    expect((await zipOf(member, album.id)).map(sha256)).toEqual([sha256(bytes)]);

    const link = (await ctx.api(owner).createLink(album.id)).json<ShareLink>();
    await ctx.api(owner).setLinkSettings(album.id, { allowDownload: true });
    const [visited] = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    expect(visited?.location?.longitude).toBeCloseTo(PLACE.longitude, 6);
    expect(sha256(await download(visited as Photo))).toBe(sha256(bytes));
    const [entry] = await unzip((await ctx.api().sharedDownload(link.token)).rawPayload);
    expect(entry && sha256(entry.bytes)).toBe(sha256(bytes));

    // Turned off again, the member is back to the copy without place.
    const off = await ctx.api(owner).updateAlbum({ id: album.id, showPlaces: false });
    expect(off.json<Album>()).not.toHaveProperty('showPlaces');
    const again = await photoOf(member);
    expect(again).not.toHaveProperty('location');
    expect(await carriesPlace(await download(again))).toBe(false);
  });

  it("keeps the place its file's owner's: a photo saved into another's album showing places shows none", async () => {
    const { owner, member, bytes, photoOf } = await sharedAlbumWithPlace();
    const { album: own } = await createAlbumAs(ctx, member, { name: 'Mine' });
    await ctx.api(member).updateAlbum({ id: own.id, showPlaces: true });
    const saved = await ctx.api(member).savePhoto((await photoOf(member)).id, { albumId: own.id });
    expect(saved.statusCode, saved.body).toBe(201);
    await ctx.api(member).setVisibility(own.id, { visibility: 'invited' });
    await ctx.api(member).invite(own.id, { emailAddress: owner.email, role: 'viewer' });

    // The member sees no place; the file's owner, visiting the member's album, does.
    const photos = (await ctx.api(member).listPhotos(own.id)).json<Photo[]>();
    const savedPhoto = photos.find((photo) => photo.id === saved.json<Photo>().id) as Photo;
    expect(savedPhoto).not.toHaveProperty('location');
    expect(await carriesPlace(await download(savedPhoto))).toBe(false);
    const asOwner = (await ctx.api(owner).listPhotos(own.id))
      .json<Photo[]>()
      .find((photo) => photo.id === savedPhoto.id) as Photo;
    expect(asOwner.location?.latitude).toBeCloseTo(PLACE.latitude, 6);
    expect(sha256(await download(asOwner))).toBe(sha256(bytes));
    // A photo of the member's own in that album has no place to show: none is made up.
    const plain = await addPhotoAs(ctx, member, own.id);
    expect(plain).not.toHaveProperty('location');
  });
});
