/** Text with a NUL character: refused alike on SQLite and PostgreSQL (which cannot store one). */
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../test/api-client.js';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
});

describe('a NUL character', () => {
  it.each([
    ['in a path', { method: 'GET', url: '/api/photos/%00' }, 'params.photoId'],
    ['in a query', { method: 'GET', url: '/api/albums/find?id=a%00b' }, 'querystring.id'],
    [
      'in a body',
      {
        method: 'POST',
        url: '/api/photos/comments',
        payload: { photoId: 'x', message: 'a\u0000b' },
      },
      'body.message',
    ],
    [
      'in a form body',
      {
        method: 'PUT',
        url: '/api/users/me/profilePhoto',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'profilePicUrl=%00',
      },
      'body.profilePicUrl',
    ],
  ] as const)('%s is refused with 400, naming the field', async (_what, request, field) => {
    const res = await inject(ctx.app, alice.idToken, request);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field } });
  });

  it('is refused by the identity service in its own error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: {
        email: 'a\u0000@example.com',
        password: 'whatever password',
        returnSecureToken: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 400, message: 'INVALID_ARGUMENT' } });
  });
});
