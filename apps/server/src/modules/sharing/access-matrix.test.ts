import fs from 'node:fs';
import {
  LOCKED_SESSION_HEADER,
  type Album,
  type AlbumVisibility,
  type MapClusters,
  type Memories,
  type People,
  type Person,
  type Photo,
  type PhotoPeople,
  type SearchResult,
  type TimelinePage,
} from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX_FACES } from '../../infra/job-queue.js';
import { newId } from '../../lib/ids.js';
import type { ApiResponse } from '../../test/api-client.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg, takenAt } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

/**
 * The authorization matrix: who × what × visibility. Each cell states the status every album,
 * photo, comment, like, upload and file route answers, and whether the album shows in the lists.
 * An album someone may not see must answer exactly like an id that does not exist.
 */

const WHO = [
  'owner',
  'contributor',
  'viewer',
  'nonMember',
  'removedMember',
  'pendingInvitee',
  'linkVisitor',
  'revokedLink',
] as const;
type Who = (typeof WHO)[number];
const VISIBILITIES: AlbumVisibility[] = ['everyone', 'invited', 'owner'];

interface Fixture {
  owner: TestUser;
  users: Record<
    'contributor' | 'viewer' | 'nonMember' | 'removedMember' | 'pendingInvitee',
    TestUser
  >;
  album: Album;
  /** The owner's photo, with its picture URL as the owner got it. */
  photo: Photo;
  link: string;
  revokedLink: string;
  /** A photo of the owner's that the owner archived: theirs alone to hide (decision 0082). */
  archived: Photo;
}

// Trash on: a deleted photo waits in its deleter's Trash, and must show nowhere else.
const ctx = useTestContext({ TRASH_DAYS: '30' });

/** POST /api/favourites or /api/archive for one photo (null: no token). */
const mark = (user: TestUser | null, what: 'favourites' | 'archive', photoId: string) =>
  ctx.api(user ?? undefined).request({
    method: 'POST',
    url: `/api/${what}`,
    payload: { photoIds: [photoId] },
  });
const fixtures = new Map<AlbumVisibility, Fixture>();

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  // The first request with the verified token tells the server that the address is proven.
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

async function makeFixture(visibility: AlbumVisibility): Promise<Fixture> {
  const owner = await verifiedUser();
  const { album } = await createAlbumAs(ctx, owner, { name: `Matrix ${visibility}` });
  const users = {
    contributor: await verifiedUser(),
    viewer: await verifiedUser(),
    nonMember: await verifiedUser(),
    removedMember: await verifiedUser(),
    pendingInvitee: await signUp(ctx.app),
  };
  const invite = async (user: TestUser, role: string) =>
    expect(
      (await ctx.api(owner).invite(album.id, { emailAddress: user.email, role })).statusCode,
    ).toBe(201);
  await invite(users.contributor, 'contributor');
  await invite(users.viewer, 'viewer');
  await invite(users.removedMember, 'contributor');
  await invite(users.pendingInvitee, 'viewer');
  expect((await ctx.api(owner).removeMember(album.id, users.removedMember.uid)).statusCode).toBe(
    204,
  );
  const revokedLink = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>().token;
  const link = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>().token;
  expect((await ctx.api(owner).setVisibility(album.id, { visibility })).statusCode).toBe(200);
  const photo = await addPhotoAs(ctx, owner, album.id);
  expect(
    (await ctx.api(owner).postComment({ photoId: photo.id, message: 'First!' })).statusCode,
  ).toBe(201);
  const archived = await addPhotoAs(ctx, owner, album.id);
  expect((await mark(owner, 'archive', archived.id)).statusCode).toBe(200);
  const fresh = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
  return { owner, users, album: fresh, photo, link, revokedLink, archived };
}

beforeAll(async () => {
  for (const visibility of VISIBILITIES) fixtures.set(visibility, await makeFixture(visibility));
});

/** Whether `who` may see an album of this visibility: the rule the table below spells out. */
function sees(who: Who, visibility: AlbumVisibility): boolean {
  switch (who) {
    case 'owner':
      return true;
    case 'contributor':
    case 'viewer':
    case 'linkVisitor':
      return visibility !== 'owner';
    case 'nonMember':
    case 'removedMember':
    case 'pendingInvitee':
      return visibility === 'everyone';
    case 'revokedLink':
      return false;
  }
}

type Observed = Record<string, number | boolean>;

/** The statuses an account holder observes on every route (and what the lists show). */
function expectedForAccount(who: Who, visibility: AlbumVisibility): Observed {
  const visible = sees(who, visibility);
  const hidden = 404;
  const readable = visible ? 200 : hidden;
  const ownerOnly = who === 'owner' ? null : visible ? 403 : hidden;
  const member = who === 'contributor' || who === 'viewer';
  return {
    'GET albumsDb lists it': visible,
    'GET albumsDb?shared=true lists it': member && visible,
    'GET albumsDb?mine=true lists it': who === 'owner',
    'GET albums/find': readable,
    'GET albumsDb/{id}/photos': readable,
    'GET photos/{id}': readable,
    'GET photos/{id}/comments': readable,
    'POST photos/comments': visible ? 201 : hidden,
    'PUT photos/{id}/like': readable,
    'GET photos/{id}/likes': readable,
    'POST albumsDb/{id}/photos':
      who === 'owner' || (who === 'contributor' && visible) ? 201 : (ownerOnly ?? 201),
    "DELETE photos/{id} (the owner's)": ownerOnly ?? 204,
    'PUT albums (rename)': ownerOnly ?? 200,
    'GET albumsDb/{id}/sharing': ownerOnly ?? 200,
    'PUT albumsDb/{id}/visibility': ownerOnly ?? 200,
    'POST albumsDb/{id}/members': ownerOnly ?? 201,
    'POST albumsDb/{id}/link': ownerOnly ?? 201,
    'GET albumsDb/{id}/links': ownerOnly ?? 200,
    'POST albumsDb/{id}/links': ownerOnly ?? 201,
    'DELETE albumsDb/{id} (checked, not done)': ownerOnly ?? 204,
    'picture URL of its answer loads': visible,
    'picture URL without signature': visibility === 'everyone' ? 200 : 404,
    'POST favourites': readable,
    "POST archive (the owner's photo)": ownerOnly ?? 200,
    "a photo its owner archived is in the album's photos": visible,
  };
}

function expectedForVisitor(who: Who, visibility: AlbumVisibility): Observed {
  const visible = sees(who, visibility);
  return {
    'GET shared/{token}': visible ? 200 : 404,
    'GET shared/{token}/photos': visible ? 200 : 404,
    // The fixture's link is a view link: it shows the album, and adds nothing to it.
    'POST shared/{token}/photos (a guest)': visible ? 403 : 404,
    'picture URL of its answer loads': visible,
    'picture URL without signature': visibility === 'everyone' ? 200 : 404,
    // Every account route needs an account.
    'GET albums/find': 401,
    'GET albumsDb/{id}/photos': 401,
    'GET photos/{id}': 401,
    'GET photos/{id}/comments': 401,
    'POST photos/comments': 401,
    'PUT photos/{id}/like': 401,
    'POST albumsDb/{id}/photos': 401,
    "DELETE photos/{id} (the owner's)": 401,
    'PUT albumsDb/{id}/visibility': 401,
    'POST albumsDb/{id}/link': 401,
    'GET albumsDb/{id}/links': 401,
    'POST albumsDb/{id}/links': 401,
    'POST favourites': 401,
    "POST archive (the owner's photo)": 401,
    "a photo its owner archived is in the album's photos": visible,
  };
}

async function loads(url: string | undefined): Promise<boolean> {
  return url !== undefined && (await ctx.api().get(url)).statusCode === 200;
}

async function listsIt(user: TestUser, query: string, albumId: string): Promise<boolean> {
  let url: string | undefined = `/api/albumsDb?limit=100${query}`;
  while (url) {
    const res: ApiResponse<Album[]> = await ctx.api(user).get<Album[]>(url);
    expect(res.statusCode).toBe(200);
    if (res.json().some((album) => album.id === albumId)) return true;
    const next = /<([^>]+)>/.exec(String(res.headers.link ?? ''))?.[1];
    url = next
      ? new URL(next, 'http://local').pathname + new URL(next, 'http://local').search
      : undefined;
  }
  return false;
}

/** Whether a list of photos answered 200 and holds the photo. */
async function listsPhoto(list: Promise<ApiResponse<Photo[]>>, photoId: string) {
  const res = await list;
  return res.statusCode === 200 && res.json().some((photo) => photo.id === photoId);
}

async function observeAccount(who: Who, visibility: AlbumVisibility): Promise<Observed> {
  const f = fixtures.get(visibility)!;
  const user = who === 'owner' ? f.owner : f.users[who as keyof Fixture['users']];
  const api = ctx.api(user);
  const { album, photo } = f;
  // A photo of the owner's made for this cell, so that a delete that succeeds changes nothing else.
  const victim = await addPhotoAs(ctx, f.owner, album.id);
  const found = await api.findAlbum(`?id=${album.id}`);
  const mine = await storeImage(ctx, user);
  const added = await api.addPhoto(album.id, { fileId: mine.id });
  const observed: Observed = {
    'GET albumsDb lists it': await listsIt(user, '', album.id),
    'GET albumsDb?shared=true lists it': await listsIt(user, '&shared=true', album.id),
    'GET albumsDb?mine=true lists it': await listsIt(user, '&mine=true', album.id),
    'GET albums/find': found.statusCode,
    'GET albumsDb/{id}/photos': (await api.listPhotos(album.id)).statusCode,
    'GET photos/{id}': (await api.getPhoto(photo.id)).statusCode,
    'GET photos/{id}/comments': (await api.listComments(photo.id)).statusCode,
    'POST photos/comments': (await api.postComment({ photoId: photo.id, message: 'Hello' }))
      .statusCode,
    'PUT photos/{id}/like': (await api.like(photo.id)).statusCode,
    'GET photos/{id}/likes': (await api.listLikes(photo.id)).statusCode,
    'POST albumsDb/{id}/photos': added.statusCode,
    "DELETE photos/{id} (the owner's)": (await api.deletePhoto(victim.id)).statusCode,
    'PUT albums (rename)': (await api.updateAlbum({ id: album.id, name: album.name })).statusCode,
    'GET albumsDb/{id}/sharing': (await api.sharing(album.id)).statusCode,
    'PUT albumsDb/{id}/visibility': (await api.setVisibility(album.id, { visibility })).statusCode,
    'POST albumsDb/{id}/members': (
      await api.invite(album.id, { emailAddress: `guest-${newId()}@example.com`, role: 'viewer' })
    ).statusCode,
    'POST albumsDb/{id}/link': NaN,
    'GET albumsDb/{id}/links': (await api.listLinks(album.id)).statusCode,
    // A new link leaves the album's other links as they are.
    'POST albumsDb/{id}/links': (await api.createShareLink(album.id, { label: 'Matrix' }))
      .statusCode,
    'DELETE albumsDb/{id} (checked, not done)': NaN,
    'picture URL of its answer loads': await loads(
      found.statusCode === 200 ? found.json<Album>().coverPhotoUrl : undefined,
    ),
    'picture URL without signature': (await ctx.api().show(photo.fileId)).statusCode,
    'POST favourites': (await mark(user, 'favourites', photo.id)).statusCode,
    "POST archive (the owner's photo)": (await mark(user, 'archive', f.archived.id)).statusCode,
    "a photo its owner archived is in the album's photos": await listsPhoto(
      api.listPhotos(album.id, '?limit=100'),
      f.archived.id,
    ),
  };
  // Making a new link would revoke the one the visitors' cells use: only the owner's is checked
  // by status on another album; for everyone else the answer must be 403 or 404 and change nothing.
  if (who === 'owner') {
    const other = await createAlbumAs(ctx, f.owner);
    observed['POST albumsDb/{id}/link'] = (await api.createLink(other.album.id)).statusCode;
    observed['DELETE albumsDb/{id} (checked, not done)'] = (
      await api.deleteAlbum(other.album.id)
    ).statusCode;
  } else {
    observed['POST albumsDb/{id}/link'] = (await api.createLink(album.id)).statusCode;
    observed['DELETE albumsDb/{id} (checked, not done)'] = (
      await api.deleteAlbum(album.id)
    ).statusCode;
  }
  return observed;
}

async function observeVisitor(who: Who, visibility: AlbumVisibility): Promise<Observed> {
  const f = fixtures.get(visibility)!;
  const token = who === 'linkVisitor' ? f.link : f.revokedLink;
  const api = ctx.api();
  const { album, photo } = f;
  const shared = await api.sharedAlbum(token);
  const photos = await api.sharedPhotos(token);
  const victim = await addPhotoAs(ctx, f.owner, album.id);
  return {
    'GET shared/{token}': shared.statusCode,
    'GET shared/{token}/photos': photos.statusCode,
    'POST shared/{token}/photos (a guest)': (
      await api.guestUpload(token, await makeJpeg(), {
        remoteAddress: `192.0.2.${visibility.length}`,
      })
    ).statusCode,
    'picture URL of its answer loads':
      photos.statusCode === 200 &&
      (await loads(photos.json<Photo[]>().find((p) => p.id === photo.id)?.photoUrl)) &&
      (await loads(shared.json<Album>().coverPhotoUrl)),
    'picture URL without signature': (await api.show(photo.fileId)).statusCode,
    'GET albums/find': (await api.findAlbum(`?id=${album.id}`)).statusCode,
    'GET albumsDb/{id}/photos': (await api.listPhotos(album.id)).statusCode,
    'GET photos/{id}': (await api.getPhoto(photo.id)).statusCode,
    'GET photos/{id}/comments': (await api.listComments(photo.id)).statusCode,
    'POST photos/comments': (await api.postComment({ photoId: photo.id, message: 'Hi' }))
      .statusCode,
    'PUT photos/{id}/like': (await api.like(photo.id)).statusCode,
    'POST albumsDb/{id}/photos': (await api.addPhoto(album.id, { fileId: photo.fileId }))
      .statusCode,
    "DELETE photos/{id} (the owner's)": (await api.deletePhoto(victim.id)).statusCode,
    'PUT albumsDb/{id}/visibility': (await api.setVisibility(album.id, { visibility: 'everyone' }))
      .statusCode,
    'POST albumsDb/{id}/link': (await api.createLink(album.id)).statusCode,
    'GET albumsDb/{id}/links': (await api.listLinks(album.id)).statusCode,
    'POST albumsDb/{id}/links': (await api.createShareLink(album.id, {})).statusCode,
    'POST favourites': (await mark(null, 'favourites', photo.id)).statusCode,
    "POST archive (the owner's photo)": (await mark(null, 'archive', f.archived.id)).statusCode,
    "a photo its owner archived is in the album's photos": await listsPhoto(
      api.sharedPhotos(token, '?limit=100'),
      f.archived.id,
    ),
  };
}

describe.each(VISIBILITIES)('an album seen by %s', (visibility) => {
  it.each(WHO)('%s', async (who) => {
    const visitor = who === 'linkVisitor' || who === 'revokedLink';
    const observed = visitor
      ? await observeVisitor(who, visibility)
      : await observeAccount(who, visibility);
    const expected = visitor
      ? expectedForVisitor(who, visibility)
      : expectedForAccount(who, visibility);
    expect(observed).toEqual(expected);
  });

  it('answers a hidden album, photo and link exactly like ids that do not exist', async () => {
    const f = fixtures.get(visibility)!;
    const stranger = f.users.nonMember;
    const api = ctx.api(stranger);
    const pairs = [
      [api.findAlbum(`?id=${f.album.id}`), api.findAlbum(`?id=${newId()}`)],
      [api.listPhotos(f.album.id), api.listPhotos(newId())],
      [api.getPhoto(f.photo.id), api.getPhoto(newId())],
      [api.listComments(f.photo.id), api.listComments(newId())],
      [api.sharing(f.album.id), api.sharing(newId())],
      [ctx.api().sharedAlbum(f.revokedLink), ctx.api().sharedAlbum('A'.repeat(22))],
    ] as const;
    for (const [seen, unknown] of pairs) {
      const [a, b] = await Promise.all([seen, unknown]);
      if (visibility === 'everyone' && a.statusCode !== 404) continue;
      expect(a.statusCode).toBe(b.statusCode);
      const { requestId: _a, ...bodyA } = errorOf(a) as { requestId?: string };
      const { requestId: _b, ...bodyB } = errorOf(b) as { requestId?: string };
      expect(bodyA).toEqual(bodyB);
    }
  });
});

describe.each(VISIBILITIES)('a photo in Trash, of an album seen by %s', (visibility) => {
  it("is absent from every list and picture address but its holder's Trash", async () => {
    const f = fixtures.get(visibility)!;
    const trashed = await addPhotoAs(ctx, f.owner, f.album.id);
    expect(
      (await ctx.api(f.owner).postComment({ photoId: trashed.id, message: 'Gone soon' }))
        .statusCode,
    ).toBe(201);
    const accounts = [f.owner, ...Object.values(f.users)];
    // The addresses each one was given while the photo showed: account, link, unsigned.
    const given: string[] = [trashed.photoUrl, `/api/files/show/${trashed.fileId}`];
    for (const user of accounts) {
      const res = await ctx.api(user).getPhoto(trashed.id);
      if (res.statusCode === 200) given.push(res.json<Photo>().photoUrl);
    }
    const shared = await ctx.api().sharedPhotos(f.link, '?limit=100');
    if (shared.statusCode === 200) {
      const url = shared.json<Photo[]>().find((photo) => photo.id === trashed.id)?.photoUrl;
      if (url) given.push(url);
    }

    expect((await ctx.api(f.owner).deletePhoto(trashed.id)).statusCode).toBe(204);
    for (const user of accounts) {
      const api = ctx.api(user);
      expect((await api.getPhoto(trashed.id)).statusCode).toBe(404);
      expect((await api.listComments(trashed.id)).statusCode).toBe(404);
      expect((await api.like(trashed.id)).statusCode).toBe(404);
      const photos = await api.listPhotos(f.album.id, '?limit=100');
      if (photos.statusCode === 200) {
        expect(photos.json<Photo[]>().map((photo) => photo.id)).not.toContain(trashed.id);
      }
      for (const path of ['/api/timeline?limit=100', `/api/search?q=${trashed.id}`]) {
        expect((await api.get(path)).body).not.toContain(trashed.id);
      }
    }
    if (shared.statusCode === 200) {
      const after = await ctx.api().sharedPhotos(f.link, '?limit=100');
      expect(after.json<Photo[]>().map((photo) => photo.id)).not.toContain(trashed.id);
    }
    for (const url of given) expect(await loads(url)).toBe(false);
    const trash = (await ctx.api(f.owner).get('/api/trash?limit=500')).json<{
      photos: { id: string; photoUrl: string }[];
    }>();
    const held = trash.photos.find((photo) => photo.id === trashed.id);
    expect(await loads(held?.photoUrl)).toBe(true);
    // A Trash address, bound to its holder: no other kind of signature loads the file now.
    expect(held?.photoUrl).toContain('sig=trash~');
  });
});

describe.each(VISIBILITIES)(
  "a photo in its owner's locked place, of an album seen by %s",
  (visibility) => {
    it('is absent from every list and picture address but the locked page of an open session', async () => {
      const f = fixtures.get(visibility)!;
      const locked = await addPhotoAs(ctx, f.owner, f.album.id);
      const accounts = [f.owner, ...Object.values(f.users)];
      const given: string[] = [locked.photoUrl, `/api/files/show/${locked.fileId}`];
      for (const user of accounts) {
        const res = await ctx.api(user).getPhoto(locked.id);
        if (res.statusCode === 200) given.push(res.json<Photo>().photoUrl);
      }
      const shared = await ctx.api().sharedPhotos(f.link, '?limit=100');
      if (shared.statusCode === 200) {
        const url = shared.json<Photo[]>().find((photo) => photo.id === locked.id)?.photoUrl;
        if (url) given.push(url);
      }

      const moved = await ctx.api(f.owner).request({
        method: 'POST',
        url: '/api/locked/photos',
        payload: { photoIds: [locked.id] },
      });
      expect(moved.statusCode).toBe(200);
      for (const user of accounts) {
        const api = ctx.api(user);
        expect((await api.getPhoto(locked.id)).statusCode).toBe(404);
        expect((await api.listComments(locked.id)).statusCode).toBe(404);
        expect((await api.like(locked.id)).statusCode).toBe(404);
        const photos = await api.listPhotos(f.album.id, '?limit=100');
        if (photos.statusCode === 200) {
          expect(photos.json<Photo[]>().map((photo) => photo.id)).not.toContain(locked.id);
        }
        for (const path of [
          '/api/timeline?limit=100',
          `/api/search?q=${locked.id}`,
          '/api/activity',
        ]) {
          expect((await api.get(path)).body).not.toContain(locked.id);
        }
      }
      if (shared.statusCode === 200) {
        const after = await ctx.api().sharedPhotos(f.link, '?limit=100');
        expect(after.json<Photo[]>().map((photo) => photo.id)).not.toContain(locked.id);
      }
      for (const url of given) expect(await loads(url)).toBe(false);
      // Its owner opens the locked place (a fresh sign-in) and sees it there, through a session.
      const fresh = await asVerified(ctx, f.owner);
      const session = (
        await ctx
          .api(fresh)
          .request<{ session: string }>({ method: 'POST', url: '/api/locked/session' })
      ).json().session;
      const page = await ctx
        .api(fresh)
        .get<{ photos: { id: string; photoUrl: string }[] }>('/api/locked?limit=500', {
          [LOCKED_SESSION_HEADER]: session,
        });
      const held = page.json().photos.find((photo) => photo.id === locked.id);
      expect(await loads(held?.photoUrl)).toBe(true);
      expect(held?.photoUrl).toContain('sig=locked~');
    });
  },
);

describe('picture URLs', () => {
  it('stop working once they expire (at most an hour), and a tampered signature is refused', async () => {
    const f = fixtures.get('invited')!;
    const url = f.photo.photoUrl;
    const exp = Number(new URL(url, 'http://local').searchParams.get('exp'));
    const now = ctx.clock.now().getTime() / 1000;
    expect(exp - now).toBeGreaterThan(0);
    expect(exp - now).toBeLessThanOrEqual(3600);
    const res = await ctx.api().get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(now));
    expect((await ctx.api().get(`${url}&size=thumb`)).statusCode).toBe(200);
    // Change the signature's first character to one it is not, so the URL is always tampered.
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    expect(tampered).not.toBe(url);
    expect((await ctx.api().get(tampered)).statusCode).toBe(404);
    expect((await ctx.api().get(url.replace(/exp=\d+/, `exp=${exp + 1}`))).statusCode).toBe(404);
    const skip = (exp - now + 1) * 1000;
    ctx.clock.advance(skip);
    try {
      expect((await ctx.api().get(url)).statusCode).toBe(404);
    } finally {
      ctx.clock.advance(-skip);
    }
  });

  it('are the same within a window, so caches keep them', async () => {
    const f = fixtures.get('invited')!;
    const first = (await ctx.api(f.owner).getPhoto(f.photo.id)).json<Photo>().photoUrl;
    const again = (await ctx.api(f.owner).getPhoto(f.photo.id)).json<Photo>().photoUrl;
    expect(again).toBe(first);
  });
});

/**
 * The addresses of people, places, memories and search (decisions 0102, 0105, 0106, 0107): a
 * photo in Trash or in the locked place is in none of them, an archived one only in its owner's
 * Archive, on the map with its toggle and in its own info panel; and nobody else is told of the
 * owner's faces, people or places. Faces are found by the real model, on pictures of one face.
 */
describe('people, places, memories and search', () => {
  const face = useTestContext({ TRASH_DAYS: '30', ML_ENABLED: 'true' });
  /** The model loads on the first job: slow on a busy machine. */
  const FACE_TEST_MS = 180_000;
  const astronaut = fs.readFileSync(
    new URL('../../test/fixtures/faces/astronaut.jpg', import.meta.url),
  );
  const coffee = fs.readFileSync(new URL('../../test/fixtures/faces/coffee.jpg', import.meta.url));
  const LISBON = { latitude: 38.7223, longitude: -9.1393 };
  /** The astronaut at this width, taken in Lisbon on 14 March 2024. */
  const astronautInLisbon = (width: number) =>
    takenAt(astronaut, width, { ...LISBON, dateTaken: '2024-03-14T10:00:00Z' });

  type State = 'shown' | 'archived' | 'trashed' | 'locked';
  const STATES: State[] = ['shown', 'archived', 'trashed', 'locked'];
  let owner: TestUser;
  let other: TestUser;
  let personId: string;
  const photos = {} as Record<State, Photo>;
  /** Each photo's face, as its owner's info panel gave it while the photo showed. */
  const faces = {} as Record<State, { id: string; faceUrl: string }>;

  const WORLD = 'west=-180&south=-85&east=180&north=85';
  const LISBON_BOX = 'west=-9.5&south=38.5&east=-8.9&north=39';
  const ids = (list: { id: string }[]) => list.map((one) => one.id).sort();
  const idsOf = (...states: State[]) => states.map((state) => photos[state].id).sort();

  beforeAll(async () => {
    const verified = async () => {
      const user = await asVerified(face, await signUp(face.app));
      expect((await face.api(user).me()).statusCode).toBe(200);
      return user;
    };
    owner = await verified();
    other = await verified();
    // Seen by everyone signed in (the default): the other account sees the photos, not their faces.
    const cover = await storeImage(face, owner, { bytes: coffee });
    const { album } = await createAlbumAs(face, owner, { name: 'Lisbon', cover });
    for (const [index, state] of STATES.entries()) {
      const image = await storeImage(face, owner, {
        bytes: await astronautInLisbon(512 - index * 24),
      });
      photos[state] = await addPhotoAs(face, owner, album.id, image);
    }
    await face.deps.jobQueue.settled(INDEX_FACES, { timeoutMs: FACE_TEST_MS });
    await face.deps.jobQueue.send('name-places', {});
    await face.deps.jobQueue.settled('name-places');
    const people = (await face.api(owner).get<People>('/api/people')).json().people;
    expect(people.map((person) => person.count)).toEqual([4]);
    personId = people[0]!.id;
    const named = await face.api(owner).request({
      method: 'PATCH',
      url: `/api/people/${personId}`,
      payload: { name: 'Ann Matrix' },
    });
    expect(named.statusCode).toBe(200);
    for (const state of STATES) {
      const res = await face.api(owner).get<PhotoPeople>(`/api/photos/${photos[state].id}/people`);
      expect(res.json().faces).toHaveLength(1);
      faces[state] = res.json().faces[0]!;
      expect(await loads(faces[state].faceUrl)).toBe(true);
    }
    const api = face.api(owner);
    expect((await mark(owner, 'archive', photos.archived.id)).statusCode).toBe(200);
    expect((await api.deletePhoto(photos.trashed.id)).statusCode).toBe(204);
    const locked = await api.request({
      method: 'POST',
      url: '/api/locked/photos',
      payload: { photoIds: [photos.locked.id] },
    });
    expect(locked.statusCode).toBe(200);
  }, FACE_TEST_MS);

  /** loads() and mark() of the album matrix, on this context. */
  async function loads(url: string | undefined): Promise<boolean> {
    return url !== undefined && (await face.api().get(url)).statusCode === 200;
  }
  const mark = (user: TestUser, what: 'favourites' | 'archive', photoId: string) =>
    face
      .api(user)
      .request({ method: 'POST', url: `/api/${what}`, payload: { photoIds: [photoId] } });

  it("its owner: people, a person's page, the map, memories and search hold the shown photo only", async () => {
    const api = face.api(owner);
    const people = (await api.get<People>('/api/people')).json().people;
    expect(people.map((person) => [person.id, person.count])).toEqual([[personId, 1]]);
    expect((await api.get<Person>(`/api/people/${personId}`)).json().count).toBe(1);
    const page = await api.get<TimelinePage>(`/api/people/${personId}/photos`);
    expect(ids(page.json().photos)).toEqual(idsOf('shown'));

    const world = (await api.get<MapClusters>(`/api/map/clusters?${WORLD}&zoom=1`)).json();
    expect(world.total).toBe(1);
    expect(world.clusters.map((cluster) => cluster.cover.id)).toEqual(idsOf('shown'));
    const withArchive = (
      await api.get<MapClusters>(`/api/map/clusters?${WORLD}&zoom=1&archived=true`)
    ).json();
    expect(withArchive.total).toBe(2);
    const mapPhotos = await api.get<TimelinePage>(`/api/map/photos?${LISBON_BOX}`);
    expect(ids(mapPhotos.json().photos)).toEqual(idsOf('shown'));
    const mapWithArchive = await api.get<TimelinePage>(
      `/api/map/photos?${LISBON_BOX}&archived=true`,
    );
    expect(ids(mapWithArchive.json().photos)).toEqual(idsOf('shown', 'archived'));

    const memories = (await api.get<Memories>('/api/memories?day=2026-03-14')).json().memories;
    expect(memories.flatMap((memory) => ids(memory.photos))).toEqual(idsOf('shown'));

    for (const q of ['lisbon', 'portugal', 'march 2024', 'ann matrix']) {
      const res = await api.get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const found = res.json();
      expect(found.photos.map((photo) => photo.id)).not.toEqual(
        expect.arrayContaining([photos.archived.id]),
      );
      for (const state of ['trashed', 'locked'] as const) {
        expect(res.body).not.toContain(photos[state].id);
        expect(res.body).not.toContain(faces[state].id);
      }
      if (q !== 'ann matrix') expect(ids(found.photos)).toEqual(idsOf('shown'));
      else expect(found.people.map((person) => [person.id, person.count])).toEqual([[personId, 1]]);
    }
  });

  it("its owner: a trashed or locked photo's faces and people answer 404, their crops no longer load; an archived one's info panel still names them", async () => {
    const api = face.api(owner);
    for (const state of ['trashed', 'locked'] as const) {
      expect((await api.get(`/api/photos/${photos[state].id}/people`)).statusCode).toBe(404);
      expect(await loads(faces[state].faceUrl)).toBe(false);
    }
    const archived = await api.get<PhotoPeople>(`/api/photos/${photos.archived.id}/people`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().faces.map((one) => one.personId)).toEqual([personId]);
    expect(await loads(faces.shown.faceUrl)).toBe(true);
    expect(await loads(faces.archived.faceUrl)).toBe(true);
  });

  it('another account: no people, 404 for the person, its photos and its faces, nothing on the map, in memories or in search', async () => {
    const api = face.api(other);
    expect((await api.get<People>('/api/people?hidden=true')).json().people).toEqual([]);
    expect((await api.get(`/api/people/${personId}`)).statusCode).toBe(404);
    expect((await api.get(`/api/people/${personId}/photos`)).statusCode).toBe(404);
    for (const state of STATES) {
      const res = await api.get<PhotoPeople>(`/api/photos/${photos[state].id}/people`);
      // The album shows them the shown and the archived photo, never whose face is in it.
      if (state === 'shown' || state === 'archived') {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ people: [], faces: [] });
      } else {
        expect(res.statusCode).toBe(404);
      }
      const moved = await api.request({
        method: 'PUT',
        url: `/api/faces/${faces[state].id}/person`,
        payload: { personId: null },
      });
      expect(moved.statusCode).toBe(404);
      expect(await loads(faces[state].faceUrl.split('?')[0])).toBe(false);
    }
    const world = (
      await api.get<MapClusters>(`/api/map/clusters?${WORLD}&zoom=1&archived=true`)
    ).json();
    expect(world.total).toBe(0);
    const mapPhotos = await api.get<TimelinePage>(`/api/map/photos?${LISBON_BOX}&archived=true`);
    expect(mapPhotos.json().photos).toEqual([]);
    expect((await api.get<Memories>('/api/memories?day=2026-03-14')).json().memories).toEqual([]);
    for (const q of ['lisbon', 'portugal', 'ann matrix']) {
      const res = await api.get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.json().photos).toEqual([]);
      expect(res.json().people).toEqual([]);
    }
  });
});
