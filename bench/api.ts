// API load: requests per second and latency of the main read paths, as ratios to a bare Fastify
// hello-world and to the same reads done minimally (Fastify, one prepared better-sqlite3 statement
// and JSON.stringify or a file stream, on the app's own data folder), measured in the same run on
// the same machine, and the thumbnail with the in-memory image cache off. The album list and its
// minimal twins are measured in alternating rounds, with the CPU time each server process used
// per request. Prints figures; never gates CI.
// Run: npm run build && npm run bench:api
//   (BENCH_SECONDS=5 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3 by default)
import autocannon from 'autocannon';
import { makeJpeg } from '../apps/server/src/test/images.js';
import {
  api,
  cpuMicros,
  signUpUser,
  startAppServer,
  startBaselineServer,
  startMinimalServer,
  uploadPicture,
} from './lib/server.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { median, ratio } from './lib/stats.js';

const {
  BENCH_SECONDS: seconds,
  BENCH_CONNECTIONS: connections,
  BENCH_ROUNDS: rounds,
} = readSettings({ BENCH_SECONDS: 5, BENCH_CONNECTIONS: 50, BENCH_ROUNDS: 3 });

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time the server process used per request, when known. */
  cpuMicrosPerRequest?: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  pid?: number,
): Promise<Figure> {
  const cpuBefore = pid === undefined ? 0 : cpuMicros(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    ...(pid === undefined
      ? {}
      : { cpuMicrosPerRequest: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total) }),
  };
}

/** The median round of figures measured in several rounds, by requests per second. */
function medianFigure(name: string, figures: Figure[]): Figure {
  return {
    name,
    requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
    p50: median(figures.map((f) => f.p50)),
    p99: median(figures.map((f) => f.p99)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
    cpuMicrosPerRequest: median(figures.map((f) => f.cpuMicrosPerRequest ?? 0)),
  };
}

/** A user with one picture, 120 albums with it as their cover, and 50 comments on a photo. */
async function seed(url: string) {
  const { idToken, uid } = await signUpUser(url, 'bench@example.com');
  const file = await uploadPicture(
    url,
    idToken,
    await makeJpeg({ width: 1200, height: 800 }),
    'cover.jpg',
  );
  let albumId = '';
  for (let i = 0; i < 120; i += 1) {
    const album = await api<{ id: string }>(url, idToken, 'POST', '/api/albumsDb', {
      name: `Album ${i}`,
      coverPhotoUrl: file.url,
    });
    albumId = album.id;
  }
  const photos = await api<{ id: string }[]>(
    url,
    idToken,
    'GET',
    `/api/albumsDb/${albumId}/photos`,
  );
  const photoId = photos[0]!.id;
  for (let i = 0; i < 50; i += 1) {
    await api(url, idToken, 'POST', '/api/photos/comments', {
      photoId,
      message: `Comment ${i}`,
    });
  }
  return { idToken, uid, file, photoId };
}

/** Throws unless the minimal server answers the album list as the app does. */
async function checkSameAnswer(
  appAlbumsUrl: string,
  minimalAlbumsUrl: string,
  auth: Record<string, string>,
) {
  const [appAnswer, minimalAnswer] = await Promise.all([
    fetch(appAlbumsUrl, { headers: auth }),
    fetch(minimalAlbumsUrl),
  ]);
  const sameAnswer =
    JSON.stringify(await appAnswer.json()) === JSON.stringify(await minimalAnswer.json()) &&
    appAnswer.headers.get('link') === minimalAnswer.headers.get('link');
  if (!sameAnswer) throw new Error('The minimal server does not answer what the app answers.');
}

interface Server {
  url: string;
  pid: number;
}

/** The album list, its minimal twin and the plain album list, in alternating rounds. */
async function measureAlbums(
  server: Server,
  minimal: Server,
  auth: Record<string, string>,
  appAlbumsUrl: string,
  minimalAlbumsUrl: string,
) {
  const appRounds: Figure[] = [];
  const minimalRounds: Figure[] = [];
  const plainRounds: Figure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    minimalRounds.push(await load('minimal', minimalAlbumsUrl, {}, minimal.pid));
    appRounds.push(await load('app', appAlbumsUrl, auth, server.pid));
    plainRounds.push(await load('plain', `${minimal.url}/albums-plain`, {}, minimal.pid));
  }
  return {
    appRounds,
    minimalRounds,
    minimalAlbums: medianFigure('minimal: the same answer, one prepared statement', minimalRounds),
    appAlbums: medianFigure('GET /api/albumsDb (50 albums, token verified)', appRounds),
    plainAlbums: medianFigure(
      'minimal: 50 albums with owner names only (no access rule)',
      plainRounds,
    ),
  };
}

/** The thumbnail and its minimal twin, in alternating rounds. */
async function measureThumbnails(server: Server, minimal: Server, fileId: string) {
  const thumbRounds: Figure[] = [];
  const minimalThumbRounds: Figure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    minimalThumbRounds.push(
      await load('minimal thumb', `${minimal.url}/thumb/${fileId}`, {}, minimal.pid),
    );
    thumbRounds.push(
      await load('thumb', `${server.url}/api/files/show/${fileId}?size=thumb`, {}, server.pid),
    );
  }
  return {
    thumbRounds,
    minimalThumbRounds,
    appThumb: medianFigure('GET /api/files/show/{id}?size=thumb', thumbRounds),
    minimalThumb: medianFigure('minimal: thumbnail key lookup + file stream', minimalThumbRounds),
  };
}

type AlbumFigures = Awaited<ReturnType<typeof measureAlbums>>;
type ThumbnailFigures = Awaited<ReturnType<typeof measureThumbnails>>;

const byRate = (a: Figure, b: Figure) => ratio(a.requestsPerSecond, b.requestsPerSecond);
// Less CPU per request is better: the minimal twin's CPU over the app's.
const byCpu = (a: Figure, b: Figure) => ratio(b.cpuMicrosPerRequest!, a.cpuMicrosPerRequest!);
const perRound = (app: Figure[], minimal: Figure[]) =>
  app.map((f, i) => byRate(f, minimal[i]!)).join(', ');
const ratios = (app: Figure, minimal: Figure) => ({
  byRate: app.requestsPerSecond / minimal.requestsPerSecond,
  byCpu: minimal.cpuMicrosPerRequest! / app.cpuMicrosPerRequest!,
});

/** The table of every path's figures. */
function printTable(run: ReturnType<typeof startRun>, figures: Figure[], baseline: Figure) {
  console.log(
    `\nAPI load: ${connections} connections, ${seconds} s each, ${run.startedAt.toISOString()}, ` +
      `load average at the start ${run.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(
    `(album rows and thumbnails: median of ${rounds} alternating rounds; CPU: server process time per request)`,
  );
  console.log('| path | req/s | ratio to baseline | p50 ms | p99 ms | CPU µs/req | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    const cpu = f.cpuMicrosPerRequest === undefined ? '' : Math.round(f.cpuMicrosPerRequest);
    console.log(
      `| ${f.name} | ${Math.round(f.requestsPerSecond)} | ${ratio(f.requestsPerSecond, baseline.requestsPerSecond, 3)} | ${f.p50} | ${f.p99} | ${cpu} | ${f.errors} |`,
    );
  }
}

/** The app's reads against their minimal twins. */
function printRatios(albums: AlbumFigures, thumbs: ThumbnailFigures, cacheOff: Figure) {
  const { appAlbums, minimalAlbums, plainAlbums, appRounds, minimalRounds } = albums;
  const { appThumb, minimalThumb, thumbRounds, minimalThumbRounds } = thumbs;
  console.log(
    `\nalbums (limit=50) vs the same answer minimally: ${byRate(appAlbums, minimalAlbums)} ` +
      `(rounds: ${perRound(appRounds, minimalRounds)}); by CPU per request: ${byCpu(appAlbums, minimalAlbums)}`,
  );
  console.log(
    `albums (limit=50) vs 50 albums with owner names only: ${byRate(appAlbums, plainAlbums)}; ` +
      `by CPU per request: ${byCpu(appAlbums, plainAlbums)}`,
  );
  console.log(
    `thumbnail vs a minimal keyed lookup + file stream: ${byRate(appThumb, minimalThumb)} ` +
      `(rounds: ${perRound(thumbRounds, minimalThumbRounds)}); by CPU per request: ${byCpu(appThumb, minimalThumb)}; ` +
      `cache off: ${byRate(cacheOff, minimalThumb)}`,
  );
}

/** What the run records. */
function results(
  figures: Figure[],
  baseline: Figure,
  albums: AlbumFigures,
  thumbs: ThumbnailFigures,
  cacheOff: Figure,
) {
  return {
    paths: figures.map((f) => ({
      ...f,
      ratioToBaseline: f.requestsPerSecond / baseline.requestsPerSecond,
    })),
    albumsVsMinimal: {
      ...ratios(albums.appAlbums, albums.minimalAlbums),
      rounds: albums.appRounds.map(
        (f, i) => f.requestsPerSecond / albums.minimalRounds[i]!.requestsPerSecond,
      ),
    },
    albumsVsPlain: ratios(albums.appAlbums, albums.plainAlbums),
    thumbnailVsMinimal: {
      ...ratios(thumbs.appThumb, thumbs.minimalThumb),
      rounds: thumbs.thumbRounds.map(
        (f, i) => f.requestsPerSecond / thumbs.minimalThumbRounds[i]!.requestsPerSecond,
      ),
      cacheOffByRate: cacheOff.requestsPerSecond / thumbs.minimalThumb.requestsPerSecond,
    },
  };
}

async function main() {
  const run = startRun('api');
  const baselineServer = await startBaselineServer();
  const baseline = await load('baseline: bare Fastify hello-world', `${baselineServer.url}/`);
  await baselineServer.stop();

  const server = await startAppServer();
  try {
    const { idToken, uid, file, photoId } = await seed(server.url);

    // A second server on the same data folder, with the image cache off.
    const copy = await startAppServer({ IMAGE_CACHE_BYTES: '0', DATA_DIR: server.dataDir });
    const minimal = await startMinimalServer(server.dataDir);

    const auth = { idToken };
    const appAlbumsUrl = `${server.url}/api/albumsDb?limit=50`;
    const minimalAlbumsUrl = `${minimal.url}/albums?viewer=${encodeURIComponent(uid)}`;
    // The minimal server must give the same answer, or the comparison means nothing.
    await checkSameAnswer(appAlbumsUrl, minimalAlbumsUrl, auth);

    const albums = await measureAlbums(server, minimal, auth, appAlbumsUrl, minimalAlbumsUrl);
    const thumbs = await measureThumbnails(server, minimal, file.id);
    const figures = [
      baseline,
      await load('GET /api/health (database + blob store)', `${server.url}/api/health`),
      albums.appAlbums,
      await load(
        'GET /api/photos/{id}/comments (50 comments)',
        `${server.url}/api/photos/${photoId}/comments`,
        auth,
      ),
      thumbs.appThumb,
      await load(
        'GET /api/files/show/{id}?size=thumb, IMAGE_CACHE_BYTES=0',
        `${copy.url}/api/files/show/${file.id}?size=thumb`,
      ),
      albums.minimalAlbums,
      albums.plainAlbums,
      thumbs.minimalThumb,
    ];
    await copy.stop();
    await minimal.stop();

    printTable(run, figures, baseline);
    const cacheOff = figures.find((f) => f.name.includes('IMAGE_CACHE_BYTES=0'))!;
    printRatios(albums, thumbs, cacheOff);
    run.finish(results(figures, baseline, albums, thumbs, cacheOff));
    if (figures.some((f) => f.errors > 0)) {
      console.error('Some requests failed: see the errors column.');
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
