// The Map at 100,000 located photos, in Chromium at 1440 × 900, on SQLite and on PostgreSQL
// (BENCH_DATABASES) in turn: on each, the app's build is started (on PostgreSQL with DATABASE_URL
// naming a fresh database, dropped at the end), and BENCH_PHOTOS photos are seeded straight into
// its database over ten years (bench/lib/timeline-seed.ts), every one given a place near one of
// three dozen cities (bench/lib/places-seed.ts; the same rows on both engines, PostgreSQL's then
// vacuumed and analysed as autovacuum would), beside a baseline person's map of
// BENCH_BASELINE_PHOTOS (1,000) located photos measured in the same run and the same way. For
// each, /map is opened signed in (the app's code already in the browser's cache) and timed to its
// first clusters drawn (the first cluster marker on the map) and to every marker's photo shown.
// Then the map is moved as a person explores it, BENCH_MAP_MOVES moves (30): zoomed in by the
// mouse wheel over Lisbon down to its streets, dragged about, zoomed out, and the same over
// Berlin, each move waited on till its clusters are drawn and the page is quiet. Prints, for each
// engine, against the budgets and as ratios to the baseline: the first clusters' time, the
// longest task (PerformanceObserver longtask) while moving, and the clusters requests' times as
// the browser saw them; and writes each engine's figures to a results file of its own. PostgreSQL
// is skipped, and said so, when it does not answer. Prints figures; never gates CI.
// Run: npm run build && npm run bench:places
//   BENCH_PHOTOS (100000), BENCH_BASELINE_PHOTOS (1000), BENCH_MAP_MOVES (30),
//   BENCH_DATABASES (sqlite,postgres), TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import type { Browser, Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { createTestPostgresDatabase } from '../apps/server/src/test/postgres.js';
import { answeringEngines, type Engine } from './lib/engines.js';
import { signIn } from './lib/lighthouse.js';
import { launchChromium, longTasks, recordLongTasks } from './lib/page-figures.js';
import { locatePhotos, locatePhotosPostgres } from './lib/places-seed.js';
import { untilPageQuiet, watchRequests } from './lib/quiet.js';
import { startRun } from './lib/results.js';
import {
  api,
  sendPicture,
  signUpUser,
  startAppServer,
  untilThumbnail,
  type RunningServer,
} from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median, percentile } from './lib/stats.js';
import { seedTimelinePhotos, seedTimelinePhotosPostgres } from './lib/timeline-seed.js';

const {
  BENCH_PHOTOS: photoCount,
  BENCH_BASELINE_PHOTOS: baselineCount,
  BENCH_MAP_MOVES: moveCount,
  BENCH_DATABASES: engines,
} = readSettings({
  BENCH_PHOTOS: 100_000,
  BENCH_BASELINE_PHOTOS: 1000,
  BENCH_MAP_MOVES: 30,
  BENCH_DATABASES: ['sqlite', 'postgres'],
});

const BUDGET = { firstClustersMs: 1500, longestTaskMs: 200 };
const VIEWPORT = { width: 1440, height: 900 };
const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const BERLIN = { latitude: 52.52, longitude: 13.405 };

async function coverBytes(): Promise<Buffer> {
  return sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 70, g: 130, b: 180 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The app's server measured: the build, on SQLite in its data folder or on PostgreSQL. */
interface App {
  engine: Engine;
  server: RunningServer;
  /** The PostgreSQL database's URL, when on PostgreSQL. */
  databaseUrl?: string;
}

const engineName = (engine: Engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');

/** A person with one album of `count` photos, each taken near one of the cities; their e-mail. */
async function personWithPlaces(app: App, label: string, count: number) {
  const { url, dataDir } = app.server;
  const email = `${label}-${Date.now()}@example.com`;
  const { idToken, uid } = await signUpUser(url, email);
  const cover = await sendPicture(url, idToken, await coverBytes(), `${label}.jpg`);
  await untilThumbnail(url, cover.id);
  const album = await api<{ id: string }>(url, idToken, 'POST', '/api/albumsDb', {
    name: `${label} photos`,
    coverPhotoUrl: cover.url,
  });
  const started = Date.now();
  let placed: number;
  if (app.databaseUrl) {
    const databaseUrl = app.databaseUrl;
    await seedTimelinePhotosPostgres({ databaseUrl, albumId: album.id, count });
    placed = await locatePhotosPostgres({ databaseUrl, ownerId: uid });
  } else {
    seedTimelinePhotos({ dataDir, albumId: album.id, count });
    placed = locatePhotos({ dataDir, ownerId: uid });
  }
  console.log(
    `${engineName(app.engine)}, ${label}: ${count} photos seeded, ${placed} files placed, in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return email;
}

/** The clusters requests of the page: when each was answered, and how long it took (ms). */
function watchClusters(page: Page) {
  const timings: { zoom: number; ms: number; clusters: number }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/map/clusters' || response.status() !== 200) return;
    void response
      .json()
      .then((body: { clusters: unknown[] }) => {
        const timing = response.request().timing();
        timings.push({
          zoom: Number(url.searchParams.get('zoom')),
          ms: timing.responseEnd,
          clusters: body.clusters.length,
        });
      })
      .catch(() => undefined);
  });
  return timings;
}

/** The first cluster marker drawn, then every marker's photo shown: times since navigation. */
async function untilClustersDrawn(page: Page) {
  await page.waitForFunction(() => document.querySelector('.app-map-marker') !== null, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  const drawnMs = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLImageElement>('.app-map-marker img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return { drawnMs, photosMs: await page.evaluate(() => performance.now()) };
}

/** Where a place is on the screen, from the box the map last asked for and the map's element. */
async function screenPoint(
  page: Page,
  box: { west: number; south: number; east: number; north: number },
  place: { latitude: number; longitude: number },
) {
  const rect = (await page.locator('.app-map').boundingBox())!;
  const mercator = (latitude: number) =>
    Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
  const x = rect.x + ((place.longitude - box.west) / (box.east - box.west)) * rect.width;
  const y =
    rect.y +
    ((mercator(box.north) - mercator(place.latitude)) /
      (mercator(box.north) - mercator(box.south))) *
      rect.height;
  return { x, y, rect };
}

/** The box of the last clusters request the page sent. */
function lastBox(requests: URL[]) {
  const url = requests.at(-1)!;
  const read = (name: string) => Number(url.searchParams.get(name));
  return { west: read('west'), south: read('south'), east: read('east'), north: read('north') };
}

/** After a move: its clusters asked for and answered, drawn, and the page quiet. */
async function settle(page: Page) {
  await page.waitForTimeout(350);
  await untilPageQuiet(page);
}

/**
 * Moves the map as a person exploring it: zoom in over a city step by step, drag about, zoom
 * out, then the same over a second city; `moves` moves in all.
 */
async function explore(page: Page, requests: URL[], moves: number) {
  let done = 0;
  const zoomSteps = Math.max(1, Math.floor((moves - 4) / 4));
  for (const city of [LISBON, BERLIN]) {
    if (done >= moves) break;
    const { x, y } = await screenPoint(page, lastBox(requests), city);
    await page.mouse.move(x, y);
    for (let i = 0; i < zoomSteps && done < moves; i += 1, done += 1) {
      await page.mouse.wheel(0, -240);
      await settle(page);
    }
    for (const [dx, dy] of [
      [220, 120],
      [-300, -60],
    ] as const) {
      if (done >= moves) break;
      const { rect } = await screenPoint(page, lastBox(requests), city);
      const from = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 8; step += 1) {
        await page.mouse.move(from.x + (dx * step) / 8, from.y + (dy * step) / 8);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
      await settle(page);
      done += 1;
    }
    const { rect } = await screenPoint(page, lastBox(requests), city);
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    for (let i = 0; i < zoomSteps && done < moves; i += 1, done += 1) {
      await page.mouse.wheel(0, 240);
      await settle(page);
    }
  }
  return done;
}

async function openMap(browser: Browser, url: string, email: string) {
  const storage = await signIn(browser, url, email);
  const context = await browser.newContext({ storageState: storage, viewport: VIEWPORT });
  await recordLongTasks(context);
  const page = await context.newPage();
  watchRequests(page);
  const requests: URL[] = [];
  page.on('request', (request) => {
    const at = new URL(request.url());
    if (at.pathname === '/api/map/clusters') requests.push(at);
  });
  const clusterTimings = watchClusters(page);
  // The app's code in the browser's cache, as on a second visit: the figure is the page's own.
  await page.goto(`${url}/albums/recent`);
  await page.getByRole('heading', { name: 'Recent Albums' }).waitFor();
  await page.goto(`${url}/map`);
  const first = await untilClustersDrawn(page);
  await untilPageQuiet(page);
  const movesStartInPage = await page.evaluate(() => performance.now());
  const loadTasks = (await longTasks(page)).map((task) => task.duration);
  const moved = await explore(page, requests, moveCount);
  const tasks = (await longTasks(page)).filter((task) => task.start >= movesStartInPage);
  const figures = {
    firstClustersMs: first.drawnMs,
    markerPhotosMs: first.photosMs,
    longestLoadTaskMs: Math.max(0, ...loadTasks),
    moves: moved,
    longestMoveTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    moveTasksOver50ms: tasks.filter((task) => task.duration > 50).length,
    zooms: [...new Set(requests.map((r) => Number(r.searchParams.get('zoom'))))],
    clustersRequests: clusterTimings.length,
    clustersMedianMs: median(clusterTimings.map((t) => t.ms)),
    clustersP95Ms: percentile(
      clusterTimings.map((t) => t.ms),
      0.95,
    ),
    mostClusters: Math.max(0, ...clusterTimings.map((t) => t.clusters)),
  };
  await context.close();
  return figures;
}

type MapFigures = Awaited<ReturnType<typeof openMap>>;

/**
 * The Map measured on one engine: the app's build started on it (on PostgreSQL a fresh database,
 * dropped at the end), both people seeded, their maps measured, the figures printed and written.
 */
async function measureOn(engine: Engine): Promise<void> {
  const run = startRun('places');
  const database = engine === 'postgres' ? await createTestPostgresDatabase() : undefined;
  try {
    const server = await startAppServer(database ? { DATABASE_URL: database.url } : {});
    try {
      const app: App = { engine, server, ...(database ? { databaseUrl: database.url } : {}) };
      const baselineEmail = await personWithPlaces(app, 'baseline', baselineCount);
      const email = await personWithPlaces(app, 'large', photoCount);
      const browser = await launchChromium();
      let baseline: MapFigures;
      let large: MapFigures;
      try {
        baseline = await openMap(browser, server.url, baselineEmail);
        large = await openMap(browser, server.url, email);
      } finally {
        await browser.close();
      }
      printFigures(engine, run, large, baseline);
      run.finish({
        engine: engineName(engine),
        photos: photoCount,
        baselinePhotos: baselineCount,
        viewport: VIEWPORT,
        budget: BUDGET,
        large,
        baseline,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
  }
}

/** The figures of one person's map, against the budgets and as ratios to the baseline's. */
function printFigures(
  engine: Engine,
  run: ReturnType<typeof startRun>,
  large: MapFigures,
  baseline: MapFigures,
) {
  const mark = (ok: boolean) => (ok ? 'within' : 'OVER');
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log(
    `\nThe Map on ${engineName(engine)} at ${VIEWPORT.width} × ${VIEWPORT.height}, ` +
      `${photoCount} located photos; baseline ${baselineCount} (${run.startedAt.toISOString()}, ` +
      `load average ${run.loadAverage.map((l) => l.toFixed(1)).join(' ')} as the run began):`,
  );
  console.log(
    `  first clusters drawn: ${large.firstClustersMs.toFixed(0)} ms ` +
      `(${mark(large.firstClustersMs <= BUDGET.firstClustersMs)} ${BUDGET.firstClustersMs} ms); ` +
      `baseline ${baseline.firstClustersMs.toFixed(0)} ms, ` +
      `${ratio(large.firstClustersMs, baseline.firstClustersMs)}; every marker's photo shown at ` +
      `${large.markerPhotosMs.toFixed(0)} ms (baseline ${baseline.markerPhotosMs.toFixed(0)} ms)`,
  );
  console.log(
    `  longest task while zooming and panning (${large.moves} moves, zooms ` +
      `${large.zooms.join(', ')}): ${large.longestMoveTaskMs.toFixed(0)} ms ` +
      `(${mark(large.longestMoveTaskMs <= BUDGET.longestTaskMs)} ${BUDGET.longestTaskMs} ms; ` +
      `${large.moveTasksOver50ms} over 50 ms); baseline ${baseline.longestMoveTaskMs.toFixed(0)} ms, ` +
      `${ratio(large.longestMoveTaskMs, baseline.longestMoveTaskMs)}; while the page loaded ` +
      `${large.longestLoadTaskMs.toFixed(0)} ms (baseline ${baseline.longestLoadTaskMs.toFixed(0)} ms)`,
  );
  console.log(
    `  GET /api/map/clusters as the browser saw it: median ${large.clustersMedianMs.toFixed(0)} ms, ` +
      `p95 ${large.clustersP95Ms.toFixed(0)} ms over ${large.clustersRequests} requests ` +
      `(at most ${large.mostClusters} clusters); baseline median ` +
      `${baseline.clustersMedianMs.toFixed(0)} ms, p95 ${baseline.clustersP95Ms.toFixed(0)} ms, ` +
      `${ratio(large.clustersMedianMs, baseline.clustersMedianMs)}`,
  );
}

for (const engine of await answeringEngines(engines)) await measureOn(engine);
