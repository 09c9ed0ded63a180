import fs from 'node:fs';
import type { People, Person, PhotoPeople, SearchResult, TimelinePage } from '@photo/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX_FACES } from '../../infra/job-queue.js';
import { addPhotoAs, createAlbumAs, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestContext, type TestUser } from '../../test/harness.js';
import { takenAt } from '../../test/images.js';

/**
 * Faces found on the server in real pictures: public-domain photographs from scikit-image's data
 * (test/fixtures/faces/README.md). Finding faces takes a second or more a picture on two cores,
 * so each test here uploads few of them.
 */
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../test/fixtures/faces/${name}.jpg`, import.meta.url));
const astronaut = fixture('astronaut');
const cameraman = fixture('camera');
const coffee = fixture('coffee');

/** The model loads on the first job: slower than the suite's 30 s on a busy machine. */
const FACE_TEST_MS = 180_000;

const settledFaces = (ctx: TestContext) =>
  ctx.deps.jobQueue.settled(INDEX_FACES, { timeoutMs: FACE_TEST_MS });

/** Uploads the picture as the owner's photo in their album, and waits for its faces to be found. */
async function addPicture(ctx: TestContext, owner: TestUser, albumId: string, bytes: Buffer) {
  const image = await storeImage(ctx, owner, { bytes });
  const photo = await addPhotoAs(ctx, owner, albumId, image);
  await settledFaces(ctx);
  return photo;
}

async function peopleOf(ctx: TestContext, user: TestUser, query = ''): Promise<Person[]> {
  const res = await ctx.api(user).get<People>(`/api/people${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().people;
}

describe('people found in the photos one uploads', () => {
  const ctx = useTestContext({ TRASH_DAYS: '30', ML_ENABLED: 'true' });
  let owner: TestUser;
  let other: TestUser;
  let albumId: string;
  let firstPhotoId: string;
  let flippedPhotoId: string;

  beforeAll(async () => {
    owner = await signUp(ctx.app);
    other = await signUp(ctx.app);
    const cover = await storeImage(ctx, owner, { bytes: coffee });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    albumId = album.id;
    await settledFaces(ctx);
  }, FACE_TEST_MS);

  it('a picture without a face gives no one', async () => {
    expect(await peopleOf(ctx, owner)).toEqual([]);
  });

  it(
    'a face makes a person; the same face, flipped and smaller, joins them; another face is someone else',
    async () => {
      firstPhotoId = (await addPicture(ctx, owner, albumId, astronaut)).id;
      let people = await peopleOf(ctx, owner);
      expect(people).toHaveLength(1);
      expect(people[0]).toMatchObject({ name: null, count: 1, hidden: false });

      const flipped = await sharp(astronaut).flop().resize(200).jpeg({ quality: 80 }).toBuffer();
      flippedPhotoId = (await addPicture(ctx, owner, albumId, flipped)).id;
      people = await peopleOf(ctx, owner);
      expect(people).toHaveLength(1);
      expect(people[0]!.count).toBe(2);

      await addPicture(ctx, owner, albumId, cameraman);
      people = await peopleOf(ctx, owner);
      expect(people.map((person) => person.count).sort()).toEqual([1, 2]);
    },
    FACE_TEST_MS,
  );

  it("a person's page is their photos in the grid of Photos, and their face's crop a picture", async () => {
    const [person] = await peopleOf(ctx, owner);
    const page = await ctx.api(owner).get<TimelinePage>(`/api/people/${person!.id}/photos`);
    expect(page.statusCode).toBe(200);
    expect(
      page
        .json()
        .photos.map((photo) => photo.id)
        .sort(),
    ).toEqual([firstPhotoId, flippedPhotoId].sort());
    const crop = await ctx.api().get(person!.faceUrl);
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(crop.rawPayload).metadata();
    expect([width, height]).toEqual([160, 160]);
  });

  it('the info panel of a photo names the people in it, with where their faces are', async () => {
    const [person] = await peopleOf(ctx, owner);
    const res = await ctx.api(owner).get<PhotoPeople>(`/api/photos/${firstPhotoId}/people`);
    expect(res.statusCode).toBe(200);
    const { people, faces } = res.json();
    expect(people.map((one) => one.id)).toEqual([person!.id]);
    expect(faces).toHaveLength(1);
    expect(faces[0]!.personId).toBe(person!.id);
    expect(faces[0]!.box.width).toBeGreaterThan(0.1);
  });

  it('named, a person is found by the search of the top bar', async () => {
    const [person] = await peopleOf(ctx, owner);
    const named = await ctx.api(owner).request<Person>({
      method: 'PATCH',
      url: `/api/people/${person!.id}`,
      payload: { name: 'Eileen Collins' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().name).toBe('Eileen Collins');
    const found = await ctx.api(owner).get<SearchResult>('/api/search?q=eileen');
    expect(found.statusCode).toBe(200);
    expect(found.json().people.map((one) => one.name)).toEqual(['Eileen Collins']);
    const none = await ctx.api(other).get<SearchResult>('/api/search?q=eileen');
    expect(none.json().people).toEqual([]);
  });

  it('someone else sees none of it: no people, 404 for the person and the crop, no faces in a photo they see', async () => {
    const [person] = await peopleOf(ctx, owner);
    expect(await peopleOf(ctx, other, '?hidden=true')).toEqual([]);
    const api = ctx.api(other);
    expect((await api.get(`/api/people/${person!.id}`)).statusCode).toBe(404);
    expect((await api.get(`/api/people/${person!.id}/photos`)).statusCode).toBe(404);
    const rename = await api.request({
      method: 'PATCH',
      url: `/api/people/${person!.id}`,
      payload: { name: 'Someone' },
    });
    expect(rename.statusCode).toBe(404);
    // The album is seen by everyone signed in (the default): the photo is theirs to see, not its faces.
    const seen = await api.get<PhotoPeople>(`/api/photos/${firstPhotoId}/people`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ people: [], faces: [] });
    const unsigned = person!.faceUrl.split('?')[0]!;
    expect((await api.get(unsigned)).statusCode).toBe(404);
    const faceId = /\/faces\/([^/]+)\/crop/.exec(person!.faceUrl)![1]!;
    const moved = await api.request({
      method: 'PUT',
      url: `/api/faces/${faceId}/person`,
      payload: { personId: null },
    });
    expect(moved.statusCode).toBe(404);
  });

  it("a photo in Trash leaves its person's count and page", async () => {
    const [person] = await peopleOf(ctx, owner);
    expect(person!.count).toBe(2);
    const faces = await ctx.api(owner).get<PhotoPeople>(`/api/photos/${flippedPhotoId}/people`);
    const [face] = faces.json().faces;
    expect((await ctx.api(owner).get(face!.faceUrl)).statusCode).toBe(200);
    const deleted = await ctx
      .api(owner)
      .request({ method: 'DELETE', url: `/api/photos/${flippedPhotoId}` });
    expect(deleted.statusCode).toBe(204);
    // Its face's crop is no picture while no photo shows it.
    expect((await ctx.api(owner).get(face!.faceUrl)).statusCode).toBe(404);
    const after = (await peopleOf(ctx, owner)).find((one) => one.id === person!.id);
    expect(after!.count).toBe(1);
    const page = await ctx.api(owner).get<TimelinePage>(`/api/people/${person!.id}/photos`);
    expect(page.json().photos.map((photo) => photo.id)).toEqual([firstPhotoId]);

    // Back from Trash, it counts again.
    const restored = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { photoIds: [flippedPhotoId] },
    });
    expect(restored.statusCode).toBe(200);
    expect((await peopleOf(ctx, owner)).find((one) => one.id === person!.id)!.count).toBe(2);
    expect((await ctx.api(owner).get(face!.faceUrl)).statusCode).toBe(200);
    const again = await ctx
      .api(owner)
      .request({ method: 'DELETE', url: `/api/photos/${flippedPhotoId}` });
    expect(again.statusCode).toBe(204);
    expect((await peopleOf(ctx, owner)).find((one) => one.id === person!.id)!.count).toBe(1);
  });

  it(
    'a face found before any photo shows its file counts once a photo does, and no longer once none does',
    async () => {
      const before = await peopleOf(ctx, owner);
      const image = await storeImage(ctx, owner, {
        bytes: await sharp(astronaut).resize(320).jpeg({ quality: 85 }).toBuffer(),
      });
      await settledFaces(ctx);
      expect(await peopleOf(ctx, owner)).toEqual(before);

      const photo = await addPhotoAs(ctx, owner, albumId, image);
      const counted = await peopleOf(ctx, owner);
      const astronautOf = (people: Person[]) =>
        people.find((one) => one.id === before.find((person) => person.count === 1)!.id)!.count;
      expect(astronautOf(counted)).toBe(2);

      const removed = await ctx
        .api(owner)
        .request({ method: 'DELETE', url: `/api/photos/${photo.id}` });
      expect(removed.statusCode).toBe(204);
      expect(astronautOf(await peopleOf(ctx, owner))).toBe(1);
    },
    FACE_TEST_MS,
  );

  it('a face moved out stays out; two people merged are one; a hidden person leaves People', async () => {
    const people = await peopleOf(ctx, owner);
    const named = people.find((one) => one.name === 'Eileen Collins')!;
    const otherPerson = people.find((one) => one.id !== named.id)!;
    const api = ctx.api(owner);
    const merged = await api.request<Person>({
      method: 'POST',
      url: `/api/people/${named.id}/merge`,
      payload: { personId: otherPerson.id },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ name: 'Eileen Collins', count: 2 });
    expect((await api.get(`/api/people/${otherPerson.id}`)).statusCode).toBe(404);

    const self = await api.request({
      method: 'POST',
      url: `/api/people/${named.id}/merge`,
      payload: { personId: named.id },
    });
    expect(self.statusCode).toBe(400);

    const hidden = await api.request<Person>({
      method: 'PATCH',
      url: `/api/people/${named.id}`,
      payload: { hidden: true },
    });
    expect(hidden.json().hidden).toBe(true);
    expect(await peopleOf(ctx, owner)).toEqual([]);
    expect((await peopleOf(ctx, owner, '?hidden=true')).map((one) => one.id)).toEqual([named.id]);
    // Still theirs by address: the page says hidden and offers to show them again.
    const page = await api.get<Person>(`/api/people/${named.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ hidden: true, count: 2 });
    expect((await api.get(`/api/people/${named.id}/photos`)).statusCode).toBe(200);
    expect((await ctx.api(other).get(`/api/people/${named.id}`)).statusCode).toBe(404);
    const shown = await api.request({
      method: 'PATCH',
      url: `/api/people/${named.id}`,
      payload: { hidden: false },
    });
    expect(shown.statusCode).toBe(200);

    const faces = (await api.get<PhotoPeople>(`/api/photos/${firstPhotoId}/people`)).json().faces;
    const out = await api.request({
      method: 'PUT',
      url: `/api/faces/${faces[0]!.id}/person`,
      payload: { personId: null },
    });
    expect(out.statusCode).toBe(200);
    expect((await peopleOf(ctx, owner)).map((one) => one.count)).toEqual([1]);
  });

  it('faces taken out as a new person make one; the person they left is gone once empty; nobody else may', async () => {
    const api = ctx.api(owner);
    const [named] = await peopleOf(ctx, owner);
    const loose = (await api.get<PhotoPeople>(`/api/photos/${firstPhotoId}/people`)).json();
    expect(loose.faces.map((one) => one.personId)).toEqual([null]);
    const someoneElse = await api.request<Person>({
      method: 'POST',
      url: '/api/people',
      payload: { faceIds: [loose.faces[0]!.id] },
    });
    expect(someoneElse.statusCode).toBe(201);
    expect(someoneElse.json()).toMatchObject({ name: null, count: 1, hidden: false });
    expect((await peopleOf(ctx, owner)).map((one) => one.id).sort()).toEqual(
      [named!.id, someoneElse.json().id].sort(),
    );

    const namedFace = /\/faces\/([^/]+)\/crop/.exec(named!.faceUrl)![1]!;
    const refused = await ctx.api(other).request({
      method: 'POST',
      url: '/api/people',
      payload: { faceIds: [namedFace] },
    });
    expect(refused.statusCode).toBe(404);
    const taken = await api.request<Person>({
      method: 'POST',
      url: '/api/people',
      payload: { faceIds: [namedFace, namedFace] },
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().count).toBe(1);
    expect((await api.get(`/api/people/${named!.id}`)).statusCode).toBe(404);
    for (const faceIds of [[], 'x', Array.from({ length: 201 }, (_, n) => `f${n}`)]) {
      const bad = await api.request({ method: 'POST', url: '/api/people', payload: { faceIds } });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('bad input is refused with 400', async () => {
    const [person] = await peopleOf(ctx, owner);
    const api = ctx.api(owner);
    const empty = await api.request({
      method: 'PATCH',
      url: `/api/people/${person!.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const long = await api.request({
      method: 'PATCH',
      url: `/api/people/${person!.id}`,
      payload: { name: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect((await api.get('/api/people?hidden=maybe')).statusCode).toBe(400);
  });
});

describe("the search box reads the names of one's people with a place and a date", () => {
  const ctx = useTestContext({ ML_ENABLED: 'true' });
  const LISBON = { latitude: 38.7223, longitude: -9.1393 };
  let owner: TestUser;
  const ids: Record<'lisbon2024' | 'lisbon2023' | 'nowhere2024' | 'bobLisbon2024', string> = {
    lisbon2024: '',
    lisbon2023: '',
    nowhere2024: '',
    bobLisbon2024: '',
  };

  beforeAll(async () => {
    owner = await signUp(ctx.app);
    const pictures = {
      lisbon2024: await takenAt(astronaut, 512, { ...LISBON, dateTaken: '2024-05-01T10:00:00Z' }),
      lisbon2023: await takenAt(astronaut, 480, { ...LISBON, dateTaken: '2023-05-01T10:00:00Z' }),
      nowhere2024: await takenAt(astronaut, 448, { dateTaken: '2024-06-01T10:00:00Z' }),
      bobLisbon2024: await takenAt(cameraman, 512, {
        ...LISBON,
        dateTaken: '2024-07-01T10:00:00Z',
      }),
    };
    const cover = await storeImage(ctx, owner, { bytes: coffee });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    for (const [key, bytes] of Object.entries(pictures)) {
      const image = await storeImage(ctx, owner, { bytes });
      ids[key as keyof typeof ids] = (await addPhotoAs(ctx, owner, album.id, image)).id;
    }
    await settledFaces(ctx);
    await ctx.deps.jobQueue.send('name-places', {});
    await ctx.deps.jobQueue.settled('name-places');
    const people = await peopleOf(ctx, owner);
    expect(people.map((person) => person.count)).toEqual([3, 1]);
    for (const [person, name] of [
      [people[0]!, 'Ann Collins'],
      [people[1]!, 'Bob'],
    ] as const) {
      const res = await ctx.api(owner).request({
        method: 'PATCH',
        url: `/api/people/${person.id}`,
        payload: { name },
      });
      expect(res.statusCode).toBe(200);
    }
  }, FACE_TEST_MS);

  const search = async (q: string, user = owner) => {
    const res = await ctx.api(user).get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const photosOf = (found: SearchResult) => found.photos.map((photo) => photo.id).sort();

  it('"Ann Lisbon 2024": photos of Ann, taken in Lisbon, in 2024, all three at once', async () => {
    const found = await search('Ann Lisbon 2024');
    expect(photosOf(found)).toEqual([ids.lisbon2024]);
    expect(found.people.map((person) => person.name)).toEqual(['Ann Collins']);
    expect(photosOf(await search('ann collins 2023'))).toEqual([ids.lisbon2023]);
    expect(photosOf(await search('2024 ann'))).toEqual([ids.lisbon2024, ids.nowhere2024].sort());
    expect(photosOf(await search('lisbon 2024'))).toEqual(
      [ids.lisbon2024, ids.bobLisbon2024].sort(),
    );
    expect(photosOf(await search('bob lisbon'))).toEqual([ids.bobLisbon2024]);
  });

  it("two names ask for both in one photo; a name not of one's people is text as before", async () => {
    expect(photosOf(await search('ann bob'))).toEqual([]);
    expect(photosOf(await search('carol lisbon 2024'))).toEqual([]);
    const other = await signUp(ctx.app);
    const theirs = await search('ann lisbon 2024', other);
    expect(theirs.photos).toEqual([]);
    expect(theirs.people).toEqual([]);
  });
});
