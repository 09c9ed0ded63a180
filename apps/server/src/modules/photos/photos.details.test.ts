import type { Photo, ShareLink } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { fillCaptureFacts } from '../files/capture-facts.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext } from '../../test/harness.js';
import { makeJpeg, redBlueJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

/**
 * A photo's details (decision 0086): what its original's EXIF says, read at upload (or, for files
 * stored before, read again from the stored original), and the albums showing it that the caller
 * may see. A share link's visitor is told only the link's album.
 */
const ctx = useTestContext();

let shot = 0;

/** A JPEG as a camera writes it: taken 1 May 2024 at 18:30 in UTC+2, with lens and exposure. */
function cameraJpeg(): Promise<Buffer> {
  shot += 1;
  return redBlueJpeg({
    exif: {
      IFD0: { Make: 'Canon', Model: `Canon EOS R${shot}` },
      IFD2: {
        DateTimeOriginal: '2024:05:01 18:30:00',
        OffsetTimeOriginal: '+02:00',
        LensModel: 'RF 50mm F1.8 STM',
        FNumber: '18/10',
        ExposureTime: '1/250',
        ISOSpeedRatings: '400',
        FocalLength: '50/1',
        FocalLengthIn35mmFilm: '80',
      },
      // A place, so everyone but the owner gets a copy written again without it.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    },
  });
}

const CAMERA_FACTS = {
  takenOffsetMinutes: 120,
  fileName: 'IMG_0042.JPG',
  lens: 'RF 50mm F1.8 STM',
  fNumber: 1.8,
  exposureSeconds: 0.004,
  iso: 400,
  focalLength: 50,
  focalLength35mm: 80,
};

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/**
 * The owner's camera photo in "Paris" (invited: a viewer is a member) and in "Private" (the owner
 * alone), and a stranger's album of their own.
 */
async function photoInTwoAlbums() {
  const owner = await verifiedUser();
  const member = await verifiedUser();
  const image = await storeImage(ctx, owner, {
    bytes: await cameraJpeg(),
    filename: 'IMG_0042.JPG',
  });
  const { album: paris } = await createAlbumAs(ctx, owner, { name: 'Paris' });
  await ctx.api(owner).setVisibility(paris.id, { visibility: 'invited' });
  const invited = await ctx.api(owner).invite(paris.id, {
    emailAddress: member.email,
    role: 'viewer',
  });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  const { album: hidden } = await createAlbumAs(ctx, owner, { name: 'Private' });
  await ctx.api(owner).setVisibility(hidden.id, { visibility: 'owner' });
  const inParis = await addPhotoAs(ctx, owner, paris.id, image);
  const inPrivate = await addPhotoAs(ctx, owner, hidden.id, image);
  return { owner, member, paris, hidden, inParis, inPrivate };
}

describe("a photo's details", () => {
  it("answers the original's date with its time zone, file name, camera, lens and exposure", async () => {
    const { owner, paris, hidden, inParis } = await photoInTwoAlbums();
    // Lists carry no details: only the answer about one photo does.
    expect(inParis).not.toHaveProperty('details');

    const res = await ctx.api(owner).getPhoto(inParis.id);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<Photo>();
    expect(photo.dateTaken).toBe('2024-05-01T16:30:00.000Z');
    expect(photo.cameraMake).toBe('Canon');
    expect(photo.location?.latitude).toBeCloseTo(48.85, 6);
    expect(photo.details).toEqual({
      ...CAMERA_FACTS,
      // Its own album first, then the others the owner sees.
      albums: [
        { id: paris.id, name: 'Paris' },
        { id: hidden.id, name: 'Private' },
      ],
    });
  });

  it('names only the albums the caller may see, and no place but to its owner', async () => {
    const { member, paris, inParis } = await photoInTwoAlbums();
    const res = await ctx.api(member).getPhoto(inParis.id);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<Photo>();
    expect(photo).not.toHaveProperty('location');
    expect(photo.details).toEqual({ ...CAMERA_FACTS, albums: [{ id: paris.id, name: 'Paris' }] });
  });

  it("tells a share link's visitor the photo's details and the link's album alone", async () => {
    const { owner, paris, inParis, inPrivate } = await photoInTwoAlbums();
    const link = (await ctx.api(owner).createShareLink(paris.id)).json<ShareLink>();
    const res = await ctx.api().sharedPhoto(link.token, inParis.id);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<Photo>();
    expect(photo).not.toHaveProperty('location');
    expect(photo.details).toEqual({ ...CAMERA_FACTS, albums: [{ id: paris.id, name: 'Paris' }] });

    // The same file in another album is not reached through this link.
    const other = await ctx.api().sharedPhoto(link.token, inPrivate.id);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('PHOTO_NOT_FOUND');
    const unknown = await ctx.api().sharedPhoto(link.token, 'no-such-photo');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('PHOTO_NOT_FOUND');
    const stopped = await ctx.api(owner).stopShareLink(paris.id, link.id);
    expect(stopped.statusCode).toBe(204);
    const gone = await ctx.api().sharedPhoto(link.token, inParis.id);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('LINK_NOT_FOUND');
  });

  it('leaves out what a file without EXIF does not say', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner, { name: 'Plain' });
    const image = await storeImage(ctx, owner, { filename: 'scan.jpg' });
    const photo = await addPhotoAs(ctx, owner, album.id, image);
    const details = (await ctx.api(owner).getPhoto(photo.id)).json<Photo>().details;
    expect(details).toEqual({
      takenOffsetMinutes: null,
      fileName: 'scan.jpg',
      lens: null,
      fNumber: null,
      exposureSeconds: null,
      iso: null,
      focalLength: null,
      focalLength35mm: null,
      albums: [{ id: album.id, name: 'Plain' }],
    });
  });

  it('reads the facts of files stored before they were recorded from their originals', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner, { name: 'Older' });
    const image = await storeImage(ctx, owner, {
      bytes: await cameraJpeg(),
      filename: 'IMG_0042.JPG',
    });
    const plain = await storeImage(ctx, owner, { bytes: await makeJpeg() });
    const photo = await addPhotoAs(ctx, owner, album.id, image);
    // As a file stored before: its row holds none of them.
    await ctx.deps.db
      .updateTable('files')
      .set({
        taken_offset_minutes: null,
        lens: null,
        f_number_e2: null,
        exposure_ns: null,
        iso: null,
        focal_length_e2: null,
        focal_length_35mm: null,
        facts_version: 0,
      })
      .where('id', 'in', [image.id, plain.id])
      .execute();
    expect((await ctx.api(owner).getPhoto(photo.id)).json<Photo>().details?.lens).toBeNull();

    expect(await fillCaptureFacts(ctx.deps, ctx.app.log)).toBeGreaterThanOrEqual(2);
    const details = (await ctx.api(owner).getPhoto(photo.id)).json<Photo>().details;
    expect(details).toEqual({ ...CAMERA_FACTS, albums: [{ id: album.id, name: 'Older' }] });
    // Read once: nothing is left to read.
    expect(await fillCaptureFacts(ctx.deps, ctx.app.log)).toBe(0);
  });
});
