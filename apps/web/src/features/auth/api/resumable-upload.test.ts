import { beforeEach, describe, expect, it } from 'vitest';
import { sessionHooks } from './session';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { fakeIdToken, signInAs } from '../../../test/session';
import { fakeTusServer, testClientConfig } from '../../../test/tus';
import { connectSession } from '../../../shared/api/api-client';
import {
  KEEP_FOR_LATER,
  findUnfinishedUploads,
  uploadResumable,
} from '../../../shared/api/resumable-upload';

const settings = testClientConfig({ chunkBytes: 4 }).upload.resumable;
const refreshed = (userId: string, label: string) =>
  jsonResponse(200, {
    id_token: fakeIdToken(userId, label),
    refresh_token: 'refresh-2',
    expires_in: '3600',
    token_type: 'Bearer',
    user_id: userId,
  });

const photo = (text = 'ten bytes!', name = 'IMG_0001.HEIC') =>
  new File([text], name, { type: '', lastModified: 1_700_000_000_000 });

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

beforeEach(() => {
  connectSession(sessionHooks);
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('resumable upload', () => {
  it('sends the file in chunks of the server’s size with the idToken and XSRF headers, and answers the stored file', async () => {
    const token = signInAs('u1');
    document.cookie = 'XSRF-TOKEN=xsrf-9; path=/';
    const network = fakeNetwork();
    const tus = fakeTusServer(network);
    const progress: number[] = [];

    const stored = await uploadResumable(photo(), settings, {
      owner: 'u1',
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(stored).toMatchObject({ id: 'f-up1', url: '/api/files/show/f-up1' });
    const [create] = network.sent('POST /api/uploads');
    expect(create!.headers.get('Upload-Length')).toBe('10');
    expect(tus.uploads.get('up1')!.metadata).toEqual({ filename: 'IMG_0001.HEIC', filetype: '' });
    const patches = network.sent('PATCH /api/uploads/up1');
    expect(patches.map((patch) => patch.body)).toEqual(['ten ', 'byte', 's!']);
    for (const request of [create, ...patches]) {
      expect(request!.headers.get('idToken')).toBe(token);
      expect(request!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-9');
    }
    expect(progress.at(-1)).toBe(1);
    // Finished: nothing left to resume.
    expect(await findUnfinishedUploads(settings, 'u1')).toEqual([]);
  });

  it('refreshes an expired token and sends the request again', async () => {
    signInAs('u1');
    const network = fakeNetwork().on('POST /identity/v1/token', refreshed('u1', 'fresh'));
    fakeTusServer(network, {
      beforePatch: (_upload, request) =>
        request.headers.get('idToken') === fakeIdToken('u1', 'fresh')
          ? undefined
          : Promise.resolve(apiError(401, 'TOKEN_EXPIRED', 'expired')),
    });

    await uploadResumable(photo('four'), settings, { owner: 'u1' });

    const patches = network.sent('PATCH /api/uploads/up1');
    expect(patches).toHaveLength(2);
    expect(network.sent('POST /identity/v1/token')).toHaveLength(1);
  });

  it("reports the server's refusal of the file", async () => {
    signInAs('u1');
    fakeTusServer(fakeNetwork(), {
      finish: () =>
        apiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Only photos (JPEG, PNG, WebP, GIF, AVIF, HEIC) and videos (MP4, MOV, WebM) are accepted.',
        ),
    });
    await expect(uploadResumable(photo('nope'), settings, { owner: 'u1' })).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/^Only photos/),
    });
  });

  it('pauses while offline and goes on from what the server has when online again', async () => {
    signInAs('u1');
    const network = fakeNetwork();
    let holdSecond: ((response: Response) => void) | null = null;
    let patches = 0;
    const tus = fakeTusServer(network, {
      beforePatch: () => {
        patches += 1;
        if (patches !== 2) return;
        // The second chunk never gets its answer: the connection goes meanwhile.
        return new Promise<Response>((resolve) => (holdSecond = resolve));
      },
    });
    const events: string[] = [];
    const done = uploadResumable(photo('abcdefghijkl'), settings, {
      owner: 'u1',
      onPause: () => events.push('paused'),
      onResume: (fraction) => events.push(`resume ${fraction.toFixed(2)}`),
      onResumed: () => events.push('resumed'),
    });
    await expect.poll(() => holdSecond).not.toBeNull();

    setOnline(false);
    expect(events).toEqual(['paused']);
    holdSecond!(new Response(null, { status: 503 }));

    setOnline(true);
    const stored = await done;
    expect(stored.id).toBe('f-up1');
    expect(events).toEqual(['paused', 'resume 0.33', 'resumed']);
    // One upload, asked where it stood, and every byte received once.
    expect(network.sent('POST /api/uploads')).toHaveLength(1);
    expect(network.sent('HEAD /api/uploads/up1')).toHaveLength(1);
    expect(tus.received).toBe(12);
  });

  it('resumes an upload left for later when the same file is chosen again, and lists it meanwhile', async () => {
    signInAs('u1');
    const network = fakeNetwork();
    let patches = 0;
    const controller = new AbortController();
    const tus = fakeTusServer(network, {
      beforePatch: () => {
        patches += 1;
        if (patches !== 2) return;
        // The page is left during the second chunk, which the server never gets.
        controller.abort(KEEP_FOR_LATER);
        return Promise.resolve(new Response(null, { status: 503 }));
      },
    });
    await expect(
      uploadResumable(photo('abcdefgh', 'IMG_0003.MOV'), settings, {
        owner: 'u1',
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(tus.uploads.get('up1')?.offset).toBe(4);

    const unfinished = await findUnfinishedUploads(settings, 'u1');
    expect(unfinished).toMatchObject([{ name: 'IMG_0003.MOV', size: 8, fraction: 0.5 }]);
    // Another user of this browser does not see it.
    expect(await findUnfinishedUploads(settings, 'u2')).toEqual([]);

    const resumedAt: number[] = [];
    const stored = await uploadResumable(photo('abcdefgh', 'IMG_0003.MOV'), settings, {
      owner: 'u1',
      onResume: (fraction) => resumedAt.push(fraction),
    });
    expect(stored.id).toBe('f-up1');
    expect(resumedAt).toEqual([0.5]);
    expect(network.sent('POST /api/uploads')).toHaveLength(1);
    expect(tus.received).toBe(8);
  });
});
