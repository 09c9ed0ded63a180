/** Limits of the HTTP layer, seen by a client on a real socket: oversized headers and bodies. */
import http from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';

const ctx = useTestContext();
let user: TestUser;
let port: number;

beforeAll(async () => {
  user = await signUp(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});

const hugeToken = 'x'.repeat(100 * 1024);

/** Sends raw bytes on a new connection; answers everything the server sent until it closed. */
function rawExchange(request: string): Promise<{ response: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ response, error: error.code }));
    socket.on('close', () => resolve({ response }));
    socket.write(request);
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/** One request through a keep-alive agent; rejects with the socket's error (ECONNRESET…). */
function request(
  agent: http.Agent,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body,
            reusedSocket: req.reusedSocket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('a request whose headers are too large', () => {
  it('gets 431 in the API error shape with Connection: close, then the server closes cleanly', async () => {
    const { response, error } = await rawExchange(
      `GET /api/users/me HTTP/1.1\r\nHost: localhost\r\nidToken: ${hugeToken}\r\n\r\n`,
    );
    expect(error).toBeUndefined();
    const [head, body] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(body!)).toMatchObject({
      error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String) },
    });
  });

  it('does not break the next request of a keep-alive client', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await request(agent, { path: '/api/health' });
      expect(first.status).toBe(200);
      const second = await request(agent, { path: '/api/health' });
      expect(second.reusedSocket).toBe(true);

      const refused = await request(agent, {
        path: '/api/users/me',
        headers: { idToken: hugeToken },
      });
      expect(refused.status).toBe(431);
      expect(refused.headers.connection).toBe('close');

      // The agent knows the connection is closing, and opens a new one: no ECONNRESET.
      for (let i = 0; i < 3; i += 1) {
        const next = await request(agent, {
          path: '/api/users/me',
          headers: { idToken: user.idToken },
        });
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('is answered the same on the identity service and the web app', async () => {
    for (const target of ['POST /identity/v1/token', 'GET /']) {
      const { response, error } = await rawExchange(
        `${target} HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${hugeToken}\r\n\r\n`,
      );
      expect(error, target).toBeUndefined();
      expect(response, target).toMatch(/^HTTP\/1\.1 431 [^]*\r\nConnection: close\r\n/i);
    }
  });

  it('answers a request that is not HTTP with 400 and Connection: close', async () => {
    const { response, error } = await rawExchange('HELLO WORLD\r\n\r\n');
    expect(error).toBeUndefined();
    expect(response).toMatch(/^HTTP\/1\.1 400 [^]*\r\nConnection: close\r\n/i);
  });
});

describe('a body that is too large', () => {
  const twoMegabytes = JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) });

  it('gets 413 from the identity service, over a keep-alive connection that keeps working', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const path of [
        '/identity/v1/token',
        '/identity/v1/accounts:signUp',
        '/identity/v1/accounts:signInWithPassword',
        '/identity/v1/accounts:signOut',
      ]) {
        const res = await request(agent, {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body: twoMegabytes,
        });
        expect(res.status, path).toBe(413);
        expect(JSON.parse(res.body), path).toMatchObject({ error: { code: 413 } });
      }
      const health = await request(agent, { path: '/api/health' });
      expect(health.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('gets 413 from every API route that takes a body', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, 'some-id');
        for (const contentType of ['application/json', 'application/x-www-form-urlencoded']) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { idToken: user.idToken, 'content-type': contentType },
            payload:
              contentType === 'application/json'
                ? twoMegabytes
                : `a=${'x'.repeat(2 * 1024 * 1024)}`,
          });
          // A route that parses no form bodies refuses the type (415) before reading the body.
          const expected = contentType === 'application/json' ? [413] : [413, 415];
          expect(expected, `${method} ${path} ${contentType}: ${res.body.slice(0, 200)}`).toContain(
            res.statusCode,
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
