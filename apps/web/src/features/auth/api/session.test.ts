import { beforeEach, describe, expect, it } from 'vitest';
import { apiJson, apiPage, connectSession, uploadFile } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { SESSION_KEYS, readSession } from '../../../shared/auth/session-store';
import {
  apiError,
  fakeNetwork,
  identityError,
  jsonResponse,
  networkFailure,
} from '../../../test/network';
import { fakeIdToken, signInAs } from '../../../test/session';
import { sessionHooks } from './session';

const refreshed = (userId: string, label: string, refreshToken: string) =>
  jsonResponse(200, {
    id_token: fakeIdToken(userId, label),
    refresh_token: refreshToken,
    expires_in: '3600',
    token_type: 'Bearer',
    user_id: userId,
  });

beforeEach(() => {
  connectSession(sessionHooks);
});

describe('API client headers', () => {
  it('sends the idToken header on every call and X-XSRF-TOKEN on non-GET calls only', async () => {
    const token = signInAs('u1');
    document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, { id: 'u1' }))
      .on('POST /api/photos/comments', jsonResponse(201, { id: 'c1' }))
      .on('PUT /api/albums', jsonResponse(200, { id: 'a1' }))
      .on('DELETE /api/photos/p1', new Response(null, { status: 204 }));

    await apiJson('/api/users/me');
    await apiJson('/api/photos/comments', { method: 'POST', json: { message: 'hi' } });
    await apiJson('/api/albums', { method: 'PUT', json: { id: 'a1' } });
    await apiJson('/api/photos/p1', { method: 'DELETE' });

    const [get, post, put, del] = network.requests;
    for (const request of [get, post, put, del]) {
      expect(request!.headers.get('idToken')).toBe(token);
    }
    expect(get!.headers.has('X-XSRF-TOKEN')).toBe(false);
    for (const request of [post, put, del]) {
      expect(request!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
    }
    expect(post!.body).toEqual({ message: 'hi' });
  });

  it('sends an empty idToken header when nobody is signed in', async () => {
    const network = fakeNetwork().on('GET /api/health', jsonResponse(200, {}));
    await apiJson('/api/health');
    expect(network.requests[0]!.headers.get('idToken')).toBe('');
  });

  it('sends a form body when asked (users/me/profilePhoto)', async () => {
    signInAs('u1');
    const network = fakeNetwork().on('PUT /api/users/me/profilePhoto', jsonResponse(200, {}));
    await apiJson('/api/users/me/profilePhoto', {
      method: 'PUT',
      form: { profilePicUrl: '/api/files/show/f1' },
    });
    const [sent] = network.requests;
    expect(sent!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(sent!.body).toBe('profilePicUrl=%2Fapi%2Ffiles%2Fshow%2Ff1');
  });
});

describe('API client errors', () => {
  it("turns the server's error body into an ApiError with its code and message", async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albums/find',
      apiError(404, 'ALBUM_NOT_FOUND', 'The album was not found.'),
    );
    const failure = apiJson('/api/albums/find?id=x');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      code: 'ALBUM_NOT_FOUND',
      message: 'The album was not found.',
    });
  });

  it('describes a network failure in words', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/users/me', networkFailure());
    await expect(apiJson('/api/users/me')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: expect.stringMatching(/could not reach the server/i),
    });
  });

  it('reads the next page from the Link header', async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albumsDb',
      jsonResponse(200, [{ id: 'a1' }], { Link: '</api/albumsDb?cursor=c2>; rel="next"' }),
    );
    await expect(apiPage('/api/albumsDb')).resolves.toEqual({
      items: [{ id: 'a1' }],
      next: '/api/albumsDb?cursor=c2',
    });
  });
});

describe('token refresh', () => {
  it('refreshes an expired token and retries the call once with the new one', async () => {
    const stale = signInAs('u1', { label: 'stale', refreshToken: 'refresh-1' });
    const network = fakeNetwork()
      .on(
        'GET /api/users/me',
        apiError(401, 'TOKEN_EXPIRED', 'The ID token has expired.'),
        jsonResponse(200, { id: 'u1', name: 'Ann' }),
      )
      .on('POST /identity/v1/token', refreshed('u1', 'fresh', 'refresh-2'));

    await expect(apiJson('/api/users/me')).resolves.toEqual({ id: 'u1', name: 'Ann' });

    const calls = network.sent('GET /api/users/me');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.get('idToken')).toBe(stale);
    expect(calls[1]!.headers.get('idToken')).toBe(fakeIdToken('u1', 'fresh'));
    expect(network.sent('POST /identity/v1/token')[0]!.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    // Refresh tokens rotate: the new one is kept.
    expect(readSession()).toMatchObject({
      idToken: fakeIdToken('u1', 'fresh'),
      refreshToken: 'refresh-2',
    });
  });

  it('retries only once: a second refusal is reported', async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on('GET /api/users/me', apiError(401, 'TOKEN_INVALID', 'The ID token is not valid.'))
      .on('POST /identity/v1/token', refreshed('u1', 'fresh', 'refresh-2'));

    await expect(apiJson('/api/users/me')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(network.sent('GET /api/users/me')).toHaveLength(2);
    expect(network.sent('POST /identity/v1/token')).toHaveLength(1);
  });

  it('signs out when the refresh is refused', async () => {
    signInAs('u1');
    sessionStorage.setItem('draft', 'kept by the app');
    const network = fakeNetwork()
      .on('GET /api/users/me', apiError(401, 'TOKEN_EXPIRED', 'The ID token has expired.'))
      .on('POST /identity/v1/token', identityError('INVALID_REFRESH_TOKEN'));

    await expect(apiJson('/api/users/me')).rejects.toMatchObject({
      code: 'SESSION_ENDED',
      message: 'Your session has ended. Please sign in again.',
    });
    expect(network.sent('GET /api/users/me')).toHaveLength(1);
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('does not refresh for a 401 that a new token cannot cure', async () => {
    signInAs('u1');
    const network = fakeNetwork().on(
      'GET /api/users/me',
      apiError(401, 'TOKEN_MISSING', 'Sign in first.'),
    );
    await expect(apiJson('/api/users/me')).rejects.toMatchObject({ code: 'TOKEN_MISSING' });
    expect(network.sent('POST /identity/v1/token')).toHaveLength(0);
  });

  it('refreshes a token about to expire before sending the call', async () => {
    signInAs('u1', { expiresInMs: 30 * 1000 });
    const network = fakeNetwork()
      .on('POST /identity/v1/token', refreshed('u1', 'fresh', 'refresh-2'))
      .on('GET /api/users/me', jsonResponse(200, { id: 'u1' }));

    await apiJson('/api/users/me');

    // The identity endpoints are read from client-config first (none here: the embedded ones).
    const calls = network.requests.filter(
      (request) => request.url.pathname !== '/api/client-config',
    );
    expect(calls.map((request) => request.url.pathname)).toEqual([
      '/identity/v1/token',
      '/api/users/me',
    ]);
    expect(calls[1]!.headers.get('idToken')).toBe(fakeIdToken('u1', 'fresh'));
    expect(Number(localStorage.getItem(SESSION_KEYS.expiresAt))).toBeGreaterThan(
      Date.now() + 50 * 60 * 1000,
    );
  });

  it('shares one refresh between calls that fail together', async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on(
        'GET /api/users/me',
        apiError(401, 'TOKEN_EXPIRED', 'expired'),
        apiError(401, 'TOKEN_EXPIRED', 'expired'),
        jsonResponse(200, { id: 'u1' }),
      )
      .on('POST /identity/v1/token', refreshed('u1', 'fresh', 'refresh-2'));

    await Promise.all([apiJson('/api/users/me'), apiJson('/api/users/me')]);
    expect(network.sent('POST /identity/v1/token')).toHaveLength(1);
  });
});

describe('upload', () => {
  it('sends the file as multipart field "file" with the idToken and XSRF headers', async () => {
    const token = signInAs('u1');
    document.cookie = 'XSRF-TOKEN=xsrf-9; path=/';
    const network = fakeNetwork().on(
      'POST /api/files/upload',
      jsonResponse(201, {
        id: 'f1',
        url: '/api/files/show/f1',
        contentType: 'image/png',
        size: 3,
        width: 1,
        height: 1,
      }),
    );
    const progress: number[] = [];
    const file = new File(['png'], 'dot.png', { type: 'image/png' });

    const uploaded = await uploadFile(file, { onProgress: (fraction) => progress.push(fraction) });

    expect(uploaded.url).toBe('/api/files/show/f1');
    const [call] = network.sent('POST /api/files/upload');
    expect(call!.headers.get('idToken')).toBe(token);
    expect(call!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-9');
    expect(((call!.body as FormData).get('file') as File).name).toBe('dot.png');
    // 0 before sending, then the request's upload progress event (MSW sends the whole body at
    // once), then 1 when it is answered.
    expect(progress).toEqual([0, 1, 1]);
  });

  it('refreshes an expired token and sends the file again', async () => {
    signInAs('u1');
    let attempt = 0;
    const network = fakeNetwork()
      .on('POST /identity/v1/token', refreshed('u1', 'fresh', 'refresh-2'))
      .on('POST /api/files/upload', () =>
        ++attempt === 1
          ? apiError(401, 'TOKEN_EXPIRED', 'expired')
          : jsonResponse(201, { id: 'f1', url: '/api/files/show/f1' }),
      );

    await uploadFile(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));

    const calls = network.sent('POST /api/files/upload');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get('idToken')).toBe(fakeIdToken('u1', 'fresh'));
  });

  it("reports the server's refusal", async () => {
    signInAs('u1');
    fakeNetwork().on(
      'POST /api/files/upload',
      apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Not an image.'),
    );
    await expect(
      uploadFile(new File(['x'], 'a.jpg', { type: 'image/jpeg' })),
    ).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Not an image.',
    });
  });
});
