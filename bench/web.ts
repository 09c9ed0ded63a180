// The album list page as a phone sees it: Lighthouse's mobile performance (score, FCP, LCP, TBT,
// Speed Index, CLS, total / image / JS bytes; median of BENCH_LIGHTHOUSE_RUNS, 3), then the bytes
// on the wire by kind and which image each cover chose on three screens. Signed in, Recent Albums
// holding BENCH_ALBUMS albums (24) whose covers are camera-sized JPEGs (BENCH_COVER_MP megapixels,
// 12). Prints figures; never gates CI.
// With BENCH_COMPARE_WITH=/path/to/another/checkout (built too, e.g. a `git worktree` of main),
// measures that checkout's page as well, the two taking turns (ABBA) so that a busy moment of the
// machine falls on both, and prints the medians as ratios this / other.
// With BENCH_WEB_PAGE=album, the page measured is an album holding BENCH_ALBUMS photos (those
// camera-sized JPEGs) instead, and a fourth screen, 1280 × 800 unthrottled, says how long the
// page takes until its last response (the median of BENCH_ROUNDS loads, 5; data: URLs are no
// requests). BENCH_LIGHTHOUSE_RUNS=0 measures the screens alone; BENCH_WATERFALL=1 prints when each
// request of each screen began and ended. The signed-in browser keeps the session cookie, so the
// server draws the page (decision 0100); BENCH_DRAWN_BY=browser leaves it out, as a client that
// keeps none: the browser draws the page.
// Run: npm run build && npm run bench:web
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  cameraCovers,
  chromePath,
  tryLighthouse,
  signedInWithAlbum,
  signedInWithAlbums,
  type LighthouseFigures,
  type SignedIn,
} from './lib/lighthouse.js';
import { untilPageQuiet, watchRequests } from './lib/quiet.js';
import { startRun } from './lib/results.js';
import { repoRoot, startAppServer, type RunningServer } from './lib/server.js';
import { readOptionalSettings, readSettings } from './lib/settings.js';
import { median, ratio } from './lib/stats.js';

const {
  BENCH_ALBUMS: albumCount,
  BENCH_COVER_MP: coverMegapixels,
  BENCH_LIGHTHOUSE_RUNS: lighthouseRuns,
  BENCH_ROUNDS: rounds,
} = readSettings({
  BENCH_ALBUMS: 24,
  BENCH_COVER_MP: 12,
  BENCH_LIGHTHOUSE_RUNS: 3,
  BENCH_ROUNDS: 5,
});
const { BENCH_COMPARE_WITH: other } = readOptionalSettings(['BENCH_COMPARE_WITH']);
const {
  BENCH_WEB_PAGE: pageKind,
  BENCH_WATERFALL: waterfall,
  BENCH_DRAWN_BY: drawnBy,
} = readSettings({
  BENCH_WEB_PAGE: 'recent',
  BENCH_WATERFALL: false,
  BENCH_DRAWN_BY: 'server',
});
/** The cookie that names the viewer of a page the server draws (as a browser sees it). */
const SESSION_COOKIE = 'photo_session';
/** The signed-in browser's storage, with or without the session cookie (BENCH_DRAWN_BY). */
const asDrawn = (storage: SignedIn): SignedIn =>
  drawnBy === 'server'
    ? storage
    : { ...storage, cookies: storage.cookies.filter(({ name }) => name !== SESSION_COOKIE) };
/** The page measured, as its heading names it. */
const PAGE_HEADING = pageKind === 'album' ? 'Photos in this Album' : 'Recent Albums';
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'];

interface Wire {
  total: number;
  byType: Record<string, number>;
  requests: number;
  /** From the page's request to the end of its last response, ms. */
  untilLastResponseMs: number;
  /** From navigation to the page's Largest Contentful Paint, ms. */
  largestPaintMs: number;
}

/** Loads the page in a fresh context signed in as the user, summing encoded bytes per resource type. */
async function measure(
  browser: Browser,
  baseUrl: string,
  storage: SignedIn,
  pagePath: string,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<{ wire: Wire; covers: string[]; timeline: string[] }> {
  const context = await browser.newContext({
    storageState: storage,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.width < 800,
  });
  const page = await context.newPage();
  watchRequests(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  const wire: Wire = {
    total: 0,
    byType: {},
    requests: 0,
    untilLastResponseMs: 0,
    largestPaintMs: NaN,
  };
  let firstRequestAt: number | undefined;
  let lastResponseAt = 0;
  const requests = new Map<string, { url: string; sentAt: number; endedAt?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    // A data: URL (a decoded placeholder drawn as an image) is no request: nothing crosses the wire.
    if (event.request.url.startsWith('data:')) return;
    firstRequestAt ??= event.timestamp;
    requests.set(event.requestId, { url: event.request.url, sentAt: event.timestamp });
  });
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.endedAt = event.timestamp;
    const type = types.get(event.requestId) ?? 'Other';
    wire.total += event.encodedDataLength;
    wire.requests += 1;
    wire.byType[type] = (wire.byType[type] ?? 0) + event.encodedDataLength;
    lastResponseAt = Math.max(lastResponseAt, event.timestamp);
  });
  await page.goto(`${baseUrl}${pagePath}`);
  await page.getByRole('heading', { name: PAGE_HEADING }).waitFor();
  // The pictures were started early (the page's early script): the network may fall idle before
  // the page has drawn them, so wait for them first.
  await page.locator('main img').first().waitFor();
  await untilPageQuiet(page);
  // When the page drew its largest picture or text (Largest Contentful Paint), from navigation.
  wire.largestPaintMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.at(-1)?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  wire.untilLastResponseMs = (lastResponseAt - (firstRequestAt ?? lastResponseAt)) * 1000;
  const start = firstRequestAt ?? 0;
  const ms = (t: number) => String(Math.round((t - start) * 1000)).padStart(5);
  const timeline = [...requests.values()]
    .sort((a, b) => a.sentAt - b.sentAt)
    .map(
      ({ url, sentAt, endedAt }) =>
        `  ${ms(sentAt)} → ${endedAt === undefined ? '    —' : ms(endedAt)} ms  ${url.replace(baseUrl, '')}`,
    );
  const covers = await chosenImages(page);
  await context.close();
  return { wire, covers, timeline };
}

async function chosenImages(page: Page): Promise<string[]> {
  return page.$$eval('main img', (images) =>
    images
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .map(
        (image) =>
          new URL((image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src).search,
      ),
  );
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

type Figure = Exclude<keyof LighthouseFigures, 'mainThread' | 'longTasks'>;
const FIGURES: Figure[] = [
  'score',
  'fcpMs',
  'lcpMs',
  'siMs',
  'tbtMs',
  'cls',
  'totalBytes',
  'imageBytes',
  'scriptBytes',
];
const medians = (runs: LighthouseFigures[]) =>
  Object.fromEntries(FIGURES.map((key) => [key, median(runs.map((run) => run[key]))])) as Record<
    Figure,
    number
  >;

interface Side {
  name: string;
  server: RunningServer;
  storage: SignedIn;
  /** The page measured, e.g. /albums/recent. */
  pagePath: string;
  runs: LighthouseFigures[];
}

async function lighthouseRun(side: Side, label: string) {
  const url = `${side.server.url}${side.pagePath}`;
  const figures = await tryLighthouse(label, url, side.server.url, side.storage);
  if (figures) side.runs.push(figures);
  return figures;
}

/** This checkout's page alone: Lighthouse's runs, then the bytes on three screens. */
async function measureThis(browser: Browser, side: Side) {
  for (let i = 0; i < lighthouseRuns; i += 1) await lighthouseRun(side, `Lighthouse run ${i + 1}`);
  const { runs } = side;
  if (lighthouseRuns > 0) {
    if (runs.length === 0) throw new Error('No Lighthouse run measured the page');
    printLighthouse(side);
  }
  return {
    lighthouse: runs.length > 0 ? { medians: medians(runs), runs } : null,
    screens: await onScreens(browser, side),
  };
}

/** The medians of this checkout's Lighthouse runs, and where the typical run's main thread went. */
function printLighthouse({ runs, server, pagePath }: Side) {
  const m = medians(runs);
  const range = (key: Figure, f: (n: number) => string) =>
    `${f(m[key])} (${runs.map((run) => f(run[key])).join(', ')})`;
  console.log(`Lighthouse mobile, ${PAGE_HEADING} (${pagePath}), median of ${runs.length}:`);
  console.log(`  score ${range('score', (n) => n.toFixed(2))}`);
  const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
  console.log(`  FCP ${range('fcpMs', seconds)}, Speed Index ${range('siMs', seconds)}`);
  console.log(`  LCP ${range('lcpMs', seconds)}`);
  console.log(
    `  TBT ${range('tbtMs', (n) => `${Math.round(n)} ms`)}, CLS ${range('cls', (n) => n.toFixed(3))}`,
  );
  console.log(
    `  bytes: total ${range('totalBytes', kib)} KiB, images ${range('imageBytes', kib)} KiB, JS ${range('scriptBytes', kib)} KiB`,
  );
  // The run whose TBT is nearest the median: where its main thread went, and its longest tasks.
  const typical = runs.reduce((near, run) =>
    Math.abs(run.tbtMs - m.tbtMs) < Math.abs(near.tbtMs - m.tbtMs) ? run : near,
  );
  console.log(
    `  main thread (the median-TBT run, simulated 4x CPU): ${typical.mainThread
      .map((g) => `${g.group} ${Math.round(g.ms)} ms`)
      .join(', ')}`,
  );
  console.log(
    `  longest tasks: ${typical.longTasks
      .slice(0, 6)
      .map(
        (t) =>
          `${Math.round(t.durationMs)} ms at ${Math.round(t.startMs)} ms (${t.url.replace(server.url, '') || 'page'})`,
      )
      .join('; ')}`,
  );
}

/** The bytes and requests on three screens (four for an album), and the images each chose. */
async function onScreens(browser: Browser, side: Side) {
  const screens = [
    { name: 'phone 412 px @1.75', width: 412, height: 823, deviceScaleFactor: 1.75 },
    { name: 'phone 390 px @3', width: 390, height: 844, deviceScaleFactor: 3 },
    { name: 'desktop 1440 px @2', width: 1440, height: 900, deviceScaleFactor: 2 },
    ...(pageKind === 'album'
      ? [{ name: 'desktop 1280 px @1', width: 1280, height: 800, deviceScaleFactor: 1 }]
      : []),
  ];
  const measured = [];
  for (const screen of screens) {
    // The unthrottled desktop's time until the last response is the figure compared with other
    // galleries: the median of BENCH_ROUNDS loads; one load for each other screen.
    const unthrottled = screen.deviceScaleFactor === 1;
    const loads = [];
    for (let i = 0; i < (unthrottled ? rounds : 1); i += 1) {
      loads.push(await measure(browser, side.server.url, side.storage, side.pagePath, screen));
    }
    const times = loads.map((load) => load.wire.untilLastResponseMs);
    const { wire, covers, timeline } =
      loads.find((load) => load.wire.untilLastResponseMs === median(times)) ?? loads[0]!;
    const by = (type: string) => kib(wire.byType[type] ?? 0);
    console.log(
      `${screen.name}: ${wire.requests} requests, total ${kib(wire.total)} KiB; ` +
        `JS ${by('Script')}, CSS ${by('Stylesheet')}, images ${by('Image')}, ` +
        `JSON ${kib((wire.byType.Fetch ?? 0) + (wire.byType.XHR ?? 0))}, HTML ${by('Document')} KiB; ` +
        `until the last response ${Math.round(wire.untilLastResponseMs)} ms` +
        (loads.length > 1
          ? ` (median of ${loads.length}: ${times.map((t) => Math.round(t)).join(', ')} ms)`
          : '') +
        `; largest paint ${Math.round(median(loads.map((load) => load.wire.largestPaintMs)))} ms` +
        (loads.length > 1
          ? ` (${loads.map((load) => Math.round(load.wire.largestPaintMs)).join(', ')} ms)`
          : ''),
    );
    if (waterfall) console.log(timeline.join('\n'));
    const counts = new Map<string, number>();
    for (const cover of covers) counts.set(cover, (counts.get(cover) ?? 0) + 1);
    console.log(
      `  images in the first screen: ${[...counts].map(([query, n]) => `${n} × ${query || '(original)'}`).join(', ')}`,
    );
    measured.push({
      screen: screen.name,
      wire,
      untilLastResponseMsOfEachLoad: times,
      firstScreenImages: Object.fromEntries(counts),
    });
  }
  return measured;
}

/** Both checkouts' pages, their Lighthouse runs taking turns (ABBA); ratios this / other. */
async function compare(sides: [Side, Side]) {
  for (let i = 0; i < lighthouseRuns; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const figures = await lighthouseRun(side, `run ${i + 1} ${side.name}`);
      if (!figures) continue;
      console.log(
        `run ${i + 1} ${side.name}: score ${figures.score.toFixed(2)}, FCP ${Math.round(figures.fcpMs)} ms, ` +
          `LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, SI ${Math.round(figures.siMs)} ms`,
      );
    }
  }
  const [mine, theirs] = sides;
  if (mine.runs.length === 0 || theirs.runs.length === 0) {
    throw new Error('No Lighthouse run measured one of the pages');
  }
  const [a, b] = [medians(mine.runs), medians(theirs.runs)];
  console.log(
    `medians of ${mine.runs.length} and ${theirs.runs.length} measured runs, ` +
      `this (${repoRoot}) / other (${other}):`,
  );
  for (const [label, key] of [
    ['score', 'score'],
    ['FCP', 'fcpMs'],
    ['LCP', 'lcpMs'],
    ['TBT', 'tbtMs'],
    ['Speed Index', 'siMs'],
  ] as [string, Figure][]) {
    const show = (n: number) => (key === 'score' ? n.toFixed(2) : `${Math.round(n)} ms`);
    console.log(`  ${label}: ${show(a[key])} / ${show(b[key])} = ${ratio(a[key], b[key])}`);
  }
  return {
    this: { medians: a, runs: mine.runs },
    other: { checkout: other, medians: b, runs: theirs.runs },
    ratios: Object.fromEntries(FIGURES.map((key) => [key, a[key] / b[key]])),
  };
}

async function main() {
  const run = startRun(other ? 'web-compare' : 'web');
  console.log(`making ${albumCount} albums with ${coverMegapixels}-MP covers…`);
  const covers = await cameraCovers(albumCount, coverMegapixels);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  const sides: Side[] = [];
  try {
    const checkouts: [string, string][] = [['this', repoRoot]];
    if (other) checkouts.push(['other', other]);
    for (const [name, root] of checkouts) {
      const server = await startAppServer({}, { root });
      const signedIn =
        pageKind === 'album'
          ? await signedInWithAlbum(browser, server.url, covers)
          : {
              storage: await signedInWithAlbums(browser, server.url, covers),
              pagePath: '/albums/recent',
            };
      sides.push({ name, server, ...signedIn, storage: asDrawn(signedIn.storage), runs: [] });
    }
    const figures = other
      ? await compare(sides as [Side, Side])
      : await measureThis(browser, sides[0]!);
    run.finish({ page: pageKind, drawnBy, albums: albumCount, coverMegapixels, ...figures });
  } finally {
    await browser.close();
    for (const side of sides) await side.server.stop();
  }
}

await main();
