import type { Album, Photo, SearchResult, TimelinePage, UploadedFile } from '@photo/contract';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appleExif, withExifSegment } from '../../test/apple-exif.js';
import { createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestUser } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';
import { unzip } from '../../test/zip.js';

const ctx = useTestContext();

const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/live-photo',
);
/** The Live Photo pair (README.md there): both name this content identifier. */
const HEIC = fs.readFileSync(path.join(fixtures, 'IMG_0001.HEIC'));
const MOV = fs.readFileSync(path.join(fixtures, 'IMG_0001.MOV'));

async function upload(
  user: TestUser,
  bytes: Buffer,
  filename: string,
  contentType: string,
): Promise<UploadedFile> {
  const res = await ctx.api(user).upload(bytes, { filename, contentType });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
}

const uploadHeic = (user: TestUser) => upload(user, HEIC, 'IMG_0001.HEIC', 'image/heic');
const uploadMov = (user: TestUser) => upload(user, MOV, 'IMG_0001.MOV', 'video/quicktime');

/** An album of the user's, its cover a plain JPEG. */
async function albumOf(user: TestUser, name = 'Trip'): Promise<Album> {
  return (await createAlbumAs(ctx, user, { name })).album;
}

async function add(user: TestUser, albumId: string, fileId: string) {
  return ctx.api(user).addPhoto(albumId, { fileId });
}

async function photosOf(user: TestUser, albumId: string): Promise<Photo[]> {
  const res = await ctx.api(user).listPhotos(albumId, '?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Which of these files still have a row. */
async function rowsOf(...ids: string[]): Promise<string[]> {
  const rows = await ctx.deps.db.selectFrom('files').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id).sort();
}

/** A URL of the photo's picture asking for another size (keeps its signature, when it has one). */
function sized(photoUrl: string, query: string): string {
  const url = new URL(photoUrl, 'http://localhost');
  return `${url.pathname}${url.search ? `${url.search}&` : '?'}${query}`;
}

describe('Live Photos', () => {
  for (const order of ['movie first', 'picture first'] as const) {
    it(`pair into one photo of kind livePhoto, ${order}`, async () => {
      const owner = await signUp(ctx.app);
      const album = await albumOf(owner);
      const heic = await uploadHeic(owner);
      const mov = await uploadMov(owner);
      expect(heic.kind).toBe('photo');
      expect(mov.kind).toBe('video');

      let live: Photo;
      if (order === 'movie first') {
        const first = await add(owner, album.id, mov.id);
        expect(first.statusCode, first.body).toBe(201);
        expect(first.json().kind).toBe('video');
        const second = await add(owner, album.id, heic.id);
        // The picture's photo is new; the movie's left the album.
        expect(second.statusCode, second.body).toBe(201);
        live = second.json();
      } else {
        const first = await add(owner, album.id, heic.id);
        expect(first.statusCode, first.body).toBe(201);
        expect(first.json().kind).toBe('photo');
        const second = await add(owner, album.id, mov.id);
        // The movie joined the picture's photo, which is answered: nothing was created.
        expect(second.statusCode, second.body).toBe(200);
        live = second.json();
        expect(live.id).toBe(first.json().id);
      }
      expect(live.fileId).toBe(heic.id);
      expect(live.kind).toBe('livePhoto');
      expect(live.video).toEqual({
        durationMs: mov.durationMs,
        state: expect.stringMatching(/^(processing|ready)$/),
      });
      expect(mov.durationMs).toBeGreaterThan(500);

      // One item in the album (with its cover), in the album's count, the timeline and search.
      const photos = await photosOf(owner, album.id);
      expect(photos).toHaveLength(2);
      expect(photos.filter((photo) => photo.kind !== 'photo')).toEqual([
        expect.objectContaining({ id: live.id, fileId: heic.id, kind: 'livePhoto' }),
      ]);
      const albums = (await ctx.api(owner).listAlbums()).json<Album[]>();
      expect(albums.find((each) => each.id === album.id)?.photoCount).toBe(2);
      // Albums seen by everyone (other tests') are in the timeline too: this album's part of it.
      const timeline = (await ctx.api(owner).get<TimelinePage>('/api/timeline?limit=500')).json();
      const here = timeline.photos.filter((photo) => photo.albumId === album.id);
      expect(here).toHaveLength(2);
      expect(here.filter((photo) => photo.kind !== 'photo')).toEqual([
        expect.objectContaining({ id: live.id, kind: 'livePhoto' }),
      ]);
      const found = (await ctx.api(owner).get<SearchResult>('/api/search?q=IMG_0001&limit=500'))
        .json()
        .photos.filter((photo) => photo.albumId === album.id);
      expect(found.map((photo) => [photo.id, photo.kind])).toEqual([[live.id, 'livePhoto']]);
    });
  }

  it('pairs a JPEG picture ("Most Compatible") with its movie', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const jpeg = withExifSegment(
      await makeJpeg({ width: 48, height: 36 }),
      appleExif('1F2E3D4C-5B6A-4789-9ABC-DEF012345678'),
    );
    const still = await upload(owner, jpeg, 'IMG_0002.JPG', 'image/jpeg');
    const mov = await uploadMov(owner);
    expect((await add(owner, album.id, still.id)).statusCode).toBe(201);
    const joined = await add(owner, album.id, mov.id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ fileId: still.id, kind: 'livePhoto' });
  });

  it('plays the motion from the picture’s address with size=video, and downloads its original', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    await add(owner, album.id, heic.id);
    const live = (await add(owner, album.id, mov.id)).json<Photo>();

    // With the picture's own URL (and signature, when the album needs one).
    const played = await ctx.api().get(sized(live.photoUrl, 'size=video'));
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toMatch(/^video\//);
    const motionOriginal = await ctx.api().get(`/api/files/show/${mov.id}`);
    const rendition = played.rawPayload.equals(motionOriginal.rawPayload);
    // The motion's rendition when one is made, else its original.
    expect(rendition || played.headers['content-type'] === 'video/mp4').toBe(true);

    const saved = await ctx.api().get(sized(live.photoUrl, 'size=video&download=1'));
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.equals(MOV)).toBe(true);
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mov"$/);

    // A picture with no motion has nothing to play.
    const plain = (await photosOf(owner, album.id)).find((photo) => photo.id !== live.id);
    const none = await ctx.api().get(sized(plain?.photoUrl ?? '', 'size=video'));
    expect(none.statusCode).toBe(404);
  });

  it('puts both originals in a zip, named alike', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    await add(owner, album.id, mov.id);
    const live = (await add(owner, album.id, heic.id)).json<Photo>();
    const ticket = await ctx.api(owner).requestDownload({ photoIds: [live.id] });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const zip = await ctx.api().get(new URL(ticket.json().url, 'http://localhost').pathname);
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['IMG_0001.HEIC', 'IMG_0001.MOV']);
    expect(entries[0]?.bytes.equals(HEIC)).toBe(true);
    expect(entries[1]?.bytes.equals(MOV)).toBe(true);
  });

  it('leaves halves apart when they are in different albums, or alone', async () => {
    const owner = await signUp(ctx.app);
    const one = await albumOf(owner, 'One');
    const two = await albumOf(owner, 'Two');
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    const picture = await add(owner, one.id, heic.id);
    const movie = await add(owner, two.id, mov.id);
    expect(picture.statusCode).toBe(201);
    expect(movie.statusCode).toBe(201);
    expect(picture.json()).toMatchObject({ kind: 'photo', video: null });
    expect(movie.json()).toMatchObject({ kind: 'video', fileId: mov.id });
    expect((await ctx.api(owner).getPhoto(picture.json().id)).json().kind).toBe('photo');
  });

  it('never pairs halves of different owners', async () => {
    const owner = await asVerified(ctx, await signUp(ctx.app));
    const friend = await asVerified(ctx, await signUp(ctx.app));
    await ctx.api(friend).me();
    const album = await albumOf(owner);
    const invited = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: friend.email, role: 'contributor' });
    expect(invited.statusCode).toBeLessThan(300);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(friend);
    expect((await add(owner, album.id, heic.id)).statusCode).toBe(201);
    const movie = await add(friend, album.id, mov.id);
    expect(movie.statusCode, movie.body).toBe(201);
    expect(movie.json().kind).toBe('video');
    const kinds = (await photosOf(owner, album.id)).map((photo) => photo.kind).sort();
    expect(kinds).toEqual(['photo', 'photo', 'video']);
  });

  it('pairs the halves that bulk add brings together, counting the pair once', async () => {
    const owner = await signUp(ctx.app);
    const pictures = await albumOf(owner, 'Pictures');
    const movies = await albumOf(owner, 'Movies');
    const target = await albumOf(owner, 'Together');
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    const picture = (await add(owner, pictures.id, heic.id)).json<Photo>();
    const movie = (await add(owner, movies.id, mov.id)).json<Photo>();
    const res = await ctx.api(owner).bulkAdd({
      albumId: target.id,
      photoIds: [movie.id, picture.id],
      move: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 1 });
    const kinds = (await photosOf(owner, target.id)).map((photo) => [photo.fileId, photo.kind]);
    expect(kinds).toContainEqual([heic.id, 'livePhoto']);
    expect(kinds).toHaveLength(2);
    // Where the halves were apart, the movie is still a video; the picture is a Live Photo now.
    expect((await photosOf(owner, movies.id)).map((photo) => photo.kind).sort()).toEqual([
      'photo',
      'video',
    ]);
  });

  it('ends as one photo when both halves are added at once', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    const answers = await Promise.all([
      add(owner, album.id, heic.id),
      add(owner, album.id, mov.id),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual(
      answers[0]?.statusCode === 201 && answers[1]?.statusCode === 201 ? [201, 201] : [200, 201],
    );
    const photos = await photosOf(owner, album.id);
    expect(photos).toHaveLength(2);
    expect(
      photos.filter((photo) => photo.kind === 'livePhoto').map((photo) => photo.fileId),
    ).toEqual([heic.id]);
  });

  it('is added again as the same photo, and its movie is no new photo', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    await add(owner, album.id, heic.id);
    const live = (await add(owner, album.id, mov.id)).json<Photo>();
    const again = await add(owner, album.id, heic.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DUPLICATE_PHOTO');
    const movieAgain = await add(owner, album.id, mov.id);
    expect(movieAgain.statusCode).toBe(200);
    expect(movieAgain.json().id).toBe(live.id);
    expect(await photosOf(owner, album.id)).toHaveLength(2);
  });

  it('releases both files when its photo is deleted, and keeps the movie another album shows', async () => {
    const owner = await signUp(ctx.app);
    const album = await albumOf(owner);
    const heic = await uploadHeic(owner);
    const mov = await uploadMov(owner);
    await add(owner, album.id, heic.id);
    const live = (await add(owner, album.id, mov.id)).json<Photo>();
    // Once paired, no photo shows the movie: it is kept for its picture all the same.
    expect((await ctx.api().get(`/api/files/show/${mov.id}`)).statusCode).toBe(200);
    expect(await rowsOf(heic.id, mov.id)).toEqual([heic.id, mov.id].sort());
    expect((await ctx.api(owner).deletePhoto(live.id)).statusCode).toBe(204);
    expect(await rowsOf(heic.id, mov.id)).toEqual([]);
    expect((await ctx.api().get(`/api/files/show/${mov.id}`)).statusCode).toBe(404);

    // The movie also shown in another album stays when the Live Photo goes.
    const other = await albumOf(owner, 'Other');
    const heic2 = await uploadHeic(owner);
    const mov2 = await uploadMov(owner);
    await add(owner, album.id, heic2.id);
    const live2 = (await add(owner, album.id, mov2.id)).json<Photo>();
    expect((await add(owner, other.id, mov2.id)).statusCode).toBe(201);
    expect((await ctx.api(owner).deletePhoto(live2.id)).statusCode).toBe(204);
    expect(await rowsOf(heic2.id, mov2.id)).toEqual([mov2.id]);
    expect((await photosOf(owner, other.id)).map((photo) => photo.kind).sort()).toEqual([
      'photo',
      'video',
    ]);
  });
});
