// Load: BENCH_USERS simulated users (200) use the real server for BENCH_DURATION seconds (300)
// over loopback, each in a loop until the time is up: open Recent Albums and their covers, an
// album's photos and thumbnails, a photo with its preview and comments, their profile; post
// comments; now and then upload a photo into their album or create an album. Prints requests per
// second (and as a ratio to a bare Fastify hello-world measured in the same run with the same
// number of connections), latency percentiles per kind of request, errors, and the server's
// resident memory over time. Exits 1 on any error.
// Run: npm run build && npm run bench:load   (BENCH_USERS=200 BENCH_DURATION=300 BENCH_THINK_MS=100
// BENCH_LOG_LEVEL=warn BENCH_DATABASE=sqlite|postgres)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { createTestPostgresDatabase } from '../apps/server/src/test/postgres.js';
import { freePort } from '../apps/server/src/test/ports.js';
import { procStatusKb } from './lib/memory-map.js';
import { startRun } from './lib/results.js';
import { repoRoot, serverArgs, startBaselineServer } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { percentile, ratio } from './lib/stats.js';

const {
  BENCH_USERS: USERS,
  BENCH_DURATION: DURATION_S,
  BENCH_THINK_MS: THINK_MS,
  BENCH_LOG_LEVEL: LOG_LEVEL,
  BENCH_DATABASE: DATABASE,
} = readSettings({
  BENCH_USERS: 200,
  BENCH_DURATION: 300,
  BENCH_THINK_MS: 100,
  BENCH_LOG_LEVEL: 'warn',
  BENCH_DATABASE: 'sqlite',
});
const MEMORY_EVERY_S = Math.max(5, Math.round(DURATION_S / 20));

interface User {
  idToken: string;
  albumId: string | null;
  /** Images this user uploaded, for covers and profile pictures. */
  files: string[];
}

const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
let requests = 0;

function record(kind: string, ms: number, ok: boolean, detail: string) {
  requests += 1;
  let list = latencies.get(kind);
  if (!list) latencies.set(kind, (list = []));
  list.push(ms);
  if (!ok) {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    if ((errors.get(kind) ?? 0) <= 3) console.error(`error: ${kind}: ${detail}`);
  }
}

async function timed<T>(
  kind: string,
  url: string,
  init: RequestInit,
  read: (res: Response) => Promise<T>,
): Promise<T | undefined> {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const value = await read(res);
    record(kind, performance.now() - started, res.ok || res.status === 304, `${res.status}`);
    return res.ok ? value : undefined;
  } catch (error) {
    record(kind, performance.now() - started, false, (error as Error).message);
    return undefined;
  }
}

const json = <T>(res: Response) => res.json() as Promise<T>;
const drain = async (res: Response) => {
  await res.arrayBuffer();
};

const rssMb = (pid: number) => procStatusKb(pid, 'VmRSS') / 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** The app's server, built, on a fresh data folder (and a fresh PostgreSQL database if asked). */
async function startServer() {
  const { args, mode } = serverArgs();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-load-'));
  const postgres = DATABASE === 'postgres' ? await createTestPostgresDatabase() : undefined;
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL,
      MALLOC_ARENA_MAX: '2',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, mode, base: `http://127.0.0.1:${port}`, stop };
}

/** Resolves once the server answers its health check; throws if it exits or takes a minute. */
async function waitUntilHealthy(child: ChildProcess, base: string) {
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
}

/** Timed requests to the server at `base`, as a user. */
function client(base: string) {
  // A distinct photo for each upload (the same bytes twice would be the same file, and adding
  // it to the same album again a 409).
  let nextImage = 0;
  const freshImage = () => {
    nextImage += 1;
    const n = nextImage * 7919;
    return sharp({
      create: {
        width: 320,
        height: 240,
        channels: 3,
        background: { r: n % 256, g: (n >> 8) % 256, b: (n >> 16) % 256 },
      },
    })
      .jpeg()
      .toBuffer();
  };
  const uploadImage = async (user: User, kind = 'POST files/upload') => {
    const form = new FormData();
    const bytes = await freshImage();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
    const file = await timed(
      kind,
      `${base}/api/files/upload`,
      { method: 'POST', headers: { idToken: user.idToken }, body: form },
      json<{ id: string; url: string }>,
    );
    if (file) user.files.push(file.url);
    return file;
  };
  const call = <T>(
    user: User,
    kind: string,
    method: string,
    pathName: string,
    body?: unknown,
    read: (res: Response) => Promise<T> = json,
  ) =>
    timed(
      kind,
      `${base}${pathName}`,
      {
        method,
        headers: {
          idToken: user.idToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      read,
    );
  return { base, uploadImage, call };
}

type Client = ReturnType<typeof client>;

/** Users sign up through the identity service, register, and half of them make an album. */
async function signUpUsers({ base, call, uploadImage }: Client): Promise<User[]> {
  console.log(`Signing up ${USERS} users…`);
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const res = await fetch(`${base}/identity/v1/accounts:signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `load-${i}@example.com`,
        password: 'load test password',
        returnSecureToken: true,
      }),
    });
    if (!res.ok) throw new Error(`sign-up ${i}: ${res.status} ${await res.text()}`);
    const user: User = {
      idToken: ((await res.json()) as { idToken: string }).idToken,
      albumId: null,
      files: [],
    };
    await call(user, 'setup', 'POST', '/api/users/addNewUser', { name: `Load User ${i}` });
    if (i % 2 === 0) {
      const cover = await uploadImage(user, 'setup');
      const album =
        cover &&
        (await call<{ id: string }>(user, 'setup', 'POST', '/api/albumsDb', {
          name: `Album ${i}`,
          coverPhotoUrl: cover.url,
        }));
      if (album) user.albumId = album.id;
    }
    users.push(user);
  }
  return users;
}

/** Recent albums and their covers, then one album's photos and one photo. */
async function browse({ base, call }: Client, user: User) {
  const albums =
    (await call<{ id: string; coverPhotoUrl: string }[]>(
      user,
      'GET albumsDb',
      'GET',
      '/api/albumsDb?limit=20',
    )) ?? [];
  for (const album of albums.slice(0, 4)) {
    await timed(
      'GET files/show thumb',
      `${album.coverPhotoUrl.startsWith('http') ? '' : base}${album.coverPhotoUrl}?size=thumb`,
      {},
      drain,
    );
  }
  const album = pick(albums);
  if (!album) return;
  const photos =
    (await call<{ id: string; photoUrl: string }[]>(
      user,
      'GET albumsDb/{id}/photos',
      'GET',
      `/api/albumsDb/${album.id}/photos`,
    )) ?? [];
  const photo = pick(photos);
  if (!photo) return;
  await call(user, 'GET photos/{id}', 'GET', `/api/photos/${photo.id}`);
  await timed('GET files/show preview', `${base}${photo.photoUrl}?size=preview`, {}, drain);
  await call(user, 'GET photos/{id}/comments', 'GET', `/api/photos/${photo.id}/comments`);
  if (Math.random() < 0.3) {
    await call(user, 'POST photos/comments', 'POST', '/api/photos/comments', {
      photoId: photo.id,
      message: 'Lovely!',
    });
  }
}

/** Now and then: upload a photo into the user's album, create an album, or change the profile picture. */
async function change({ call, uploadImage }: Client, user: User) {
  const roll = Math.random();
  if (roll < 0.05 && user.albumId) {
    const file = await uploadImage(user);
    if (file)
      await call(
        user,
        'POST albumsDb/{id}/photos',
        'POST',
        `/api/albumsDb/${user.albumId}/photos`,
        {
          fileId: file.id,
        },
      );
  } else if (roll < 0.07) {
    const cover = await uploadImage(user);
    const created =
      cover &&
      (await call<{ id: string }>(user, 'POST albumsDb', 'POST', '/api/albumsDb', {
        name: 'New album',
        coverPhotoUrl: cover.url,
      }));
    if (created) user.albumId = created.id;
  } else if (roll < 0.08 && user.files.length > 0) {
    await call(user, 'PUT users/me/profilePhoto', 'PUT', '/api/users/me/profilePhoto', {
      profilePicUrl: pick(user.files),
    });
  }
}

/** One user's loop until the deadline. */
async function session(app: Client, user: User, deadline: number) {
  while (performance.now() < deadline) {
    await browse(app, user);
    if (Math.random() < 0.2) await app.call(user, 'GET users/me', 'GET', '/api/users/me');
    await change(app, user);
    if (THINK_MS > 0) await sleep(Math.random() * THINK_MS);
  }
}

/** Every user's session at once, with the server's memory sampled meanwhile. */
async function runSessions(app: Client, users: User[], pid: number) {
  const memory: { atS: number; rssMb: number }[] = [{ atS: 0, rssMb: rssMb(pid) }];
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const sampler = setInterval(() => {
    memory.push({
      atS: Math.round((performance.now() - started) / 1000),
      rssMb: rssMb(pid),
    });
  }, MEMORY_EVERY_S * 1000);
  console.log(`${USERS} users for ${DURATION_S} s…`);
  await Promise.all(users.map((user) => session(app, user, deadline)));
  const elapsedS = (performance.now() - started) / 1000;
  clearInterval(sampler);
  memory.push({ atS: Math.round(elapsedS), rssMb: rssMb(pid) });
  await sleep(10_000);
  const quietMb = rssMb(pid);
  return { memory, elapsedS, quietMb };
}

type Sessions = Awaited<ReturnType<typeof runSessions>>;

/** Prints the figures of the run and returns what it records. */
function report(
  run: ReturnType<typeof startRun>,
  mode: string,
  baselineRate: number,
  { memory, elapsedS, quietMb }: Sessions,
) {
  const all = [...latencies.values()].flat();
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const rate = requests / elapsedS;
  const ms = (values: number[], q: number) => percentile(values, q).toFixed(0);
  console.log(
    `\nLoad benchmark, ${run.startedAt.toISOString()}: ${USERS} users, ${DURATION_S} s, think time up to ${THINK_MS} ms, ${DATABASE}, LOG_LEVEL=${LOG_LEVEL}, server ${mode}`,
  );
  console.log(
    `${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| requests | ${requests} |`);
  console.log(`| errors (non-2xx/304 or failed) | ${errorCount} |`);
  console.log(`| requests per second | ${rate.toFixed(0)} |`);
  console.log(
    `| baseline: bare Fastify hello-world, ${USERS} connections, req/s | ${baselineRate.toFixed(0)} |`,
  );
  console.log(`| ratio to the baseline | ${ratio(rate, baselineRate, 3)} |`);
  console.log(
    `| latency p50 / p90 / p99 / max, ms | ${ms(all, 0.5)} / ${ms(all, 0.9)} / ${ms(all, 0.99)} / ${ms(all, 1)} |`,
  );
  const kinds = [...latencies].sort((a, b) => b[1].length - a[1].length);
  console.log('\n| request | count | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  for (const [kind, list] of kinds) {
    console.log(
      `| ${kind} | ${list.length} | ${ms(list, 0.5)} | ${ms(list, 0.99)} | ${errors.get(kind) ?? 0} |`,
    );
  }
  console.log('\n| seconds | server RSS, MiB |');
  console.log('|---|---|');
  for (const m of memory) console.log(`| ${m.atS} | ${m.rssMb.toFixed(0)} |`);
  console.log(`| ${Math.round(elapsedS) + 10} (10 s after the load) | ${quietMb.toFixed(0)} |`);
  return {
    serverMode: mode,
    requests,
    errors: errorCount,
    requestsPerSecond: rate,
    baselineRequestsPerSecond: baselineRate,
    ratioToBaseline: rate / baselineRate,
    latencyMs: {
      p50: percentile(all, 0.5),
      p90: percentile(all, 0.9),
      p99: percentile(all, 0.99),
      max: percentile(all, 1),
    },
    byRequest: kinds.map(([kind, list]) => ({
      kind,
      count: list.length,
      p50Ms: percentile(list, 0.5),
      p99Ms: percentile(list, 0.99),
      errors: errors.get(kind) ?? 0,
    })),
    rssMb: memory,
    rssMbTenSecondsAfter: quietMb,
  };
}

async function main() {
  const run = startRun('load');
  // Baseline: a bare Fastify hello-world, same machine, same moment, as many connections.
  const baselineServer = await startBaselineServer();
  const baseline = await autocannon({
    url: `${baselineServer.url}/`,
    connections: USERS,
    duration: Math.min(10, DURATION_S),
  });
  await baselineServer.stop();

  const server = await startServer();
  try {
    await waitUntilHealthy(server.child, server.base);
    const app = client(server.base);
    const users = await signUpUsers(app);
    latencies.clear();
    errors.clear();
    requests = 0;

    const sessions = await runSessions(app, users, server.child.pid!);
    const results = report(run, server.mode, baseline.requests.average, sessions);
    run.finish(results);
    if (results.errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
