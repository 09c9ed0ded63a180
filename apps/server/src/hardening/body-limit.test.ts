/**
 * A body over the limit gets its 413, read by the client, even when the client is still sending
 * the body as the server answers (decision 0079): on a real socket, on every identity route.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERSIZED_BODY_DRAIN } from '../plugins/body-limit.js';
import { createTestContext, signUp, type TestContext } from '../test/harness.js';
import { listOperations } from '../test/openapi-routes.js';
import { freePort } from '../test/ports.js';

/** Over the 1 MiB limit by a fifth. */
const BODY_BYTES = Math.round(1.2 * 1024 * 1024);
const CHUNK_BYTES = 64 * 1024;
/** Between two chunks (a timer's turn): the server answers long before the last one is written. */
const CHUNK_PAUSE_MS = 0;
const TIMES_EACH = 4;

/** Where the identity service answers: its own prefixes and the hosted services' mirrored ones. */
const IDENTITY_PREFIXES = [
  '/identity/',
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
];

const body = Buffer.from(`{"padding":"${'x'.repeat(BODY_BYTES - 14)}"}`);

interface Outcome {
  status?: number;
  body: string;
  /** The socket error the client saw (EPIPE, ECONNRESET…), if any. */
  error?: string;
}

/**
 * POSTs the oversized body in chunks with a pause between them, over a connection of its own
 * (`Connection: close`, as a client without keep-alive sends); with a Content-Length, or chunked.
 * Resolves once the answer was read and the request is over, or the socket failed.
 */
function sendSlowly(
  port: number,
  target: { method: string; path: string; headers?: Record<string, string> },
  declared: boolean,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { body: '' };
    let answered = false;
    let closed = false;
    const settle = () => {
      if ((answered && closed) || outcome.error) resolve(outcome);
    };
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: target.method,
      path: target.path,
      agent: false,
      headers: {
        ...target.headers,
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(body.length) } : {}),
      },
    });
    req.on('response', (res) => {
      outcome.status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (outcome.body += chunk));
      res.on('end', () => {
        answered = true;
        settle();
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        outcome.error = error.code ?? error.message;
        settle();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? error.message;
      settle();
    });
    req.on('close', () => {
      closed = true;
      settle();
    });
    let sent = 0;
    const writeNext = () => {
      if (outcome.error || req.destroyed) return;
      if (sent >= body.length) {
        req.end();
        return;
      }
      const chunk = body.subarray(sent, sent + CHUNK_BYTES);
      sent += chunk.length;
      req.write(chunk, () => setTimeout(writeNext, CHUNK_PAUSE_MS));
    };
    writeNext();
  });
}

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  // With single sign-on configured, so that its routes are there too (the issuer is never asked).
  ctx = await createTestContext({
    OIDC_ISSUER_URL: `http://127.0.0.1:${await freePort()}`,
    OIDC_CLIENT_ID: 'photos',
    OIDC_CLIENT_SECRET: 'secret',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await ctx.close();
});

describe('a body over the limit, still being sent when the server answers', () => {
  it('gets its 413 on every identity route, without a reset', async () => {
    const routes = (await listOperations(ctx.app)).filter(
      (operation) =>
        operation.bodyTypes.length > 0 &&
        IDENTITY_PREFIXES.some((prefix) => operation.path.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(35);
    expect(routes.map((route) => route.path)).toContain('/identity/v1/sso/exchange');
    const failures: string[] = [];
    // Two routes at a time: the server is busy with one while it answers the other.
    for (let i = 0; i < routes.length; i += 2) {
      await Promise.all(
        routes.slice(i, i + 2).flatMap((route) =>
          Array.from({ length: TIMES_EACH }, async (_, time) => {
            const declared = time % 2 === 0;
            const outcome = await sendSlowly(port, route, declared);
            const error = (() => {
              try {
                return JSON.parse(outcome.body) as { error?: { code?: unknown } };
              } catch {
                return undefined;
              }
            })();
            if (outcome.error || outcome.status !== 413 || error?.error?.code !== 413) {
              failures.push(
                `${route.method} ${route.path} (${declared ? 'Content-Length' : 'chunked'}): ` +
                  `${outcome.status ?? '-'} ${outcome.error ?? ''} ${outcome.body.slice(0, 80)}`,
              );
            }
          }),
        ),
      );
    }
    expect(failures).toEqual([]);
  });

  it('gets its 413 in the API error shape on /api', async () => {
    const user = await signUp(ctx.app);
    const headers = { idToken: user.idToken };
    const outcomes = await Promise.all(
      [
        { method: 'PUT', path: '/api/albums', headers },
        { method: 'PATCH', path: '/api/users/me/preferences', headers },
        { method: 'POST', path: '/api/shared/some-token/unlock' },
      ].flatMap((target) => [true, false].map((declared) => sendSlowly(port, target, declared))),
    );
    for (const outcome of outcomes) {
      expect(outcome.error).toBeUndefined();
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    }
  });
});

describe('a body over the limit that stops arriving', () => {
  it('gets its 413 with Connection: close once the drain gives up', async () => {
    const started = Date.now();
    const response = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(
        'POST /identity/v1/accounts:signUp HTTP/1.1\r\nHost: localhost\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, CHUNK_BYTES));
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(OVERSIZED_BODY_DRAIN.ms - 100);
    const [head = '', answer = ''] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer)).toMatchObject({ error: { code: 413 } });
  });
});
