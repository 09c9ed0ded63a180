// The album list page as a phone sees it: Lighthouse's mobile performance (score, FCP, LCP, TBT,
// Speed Index, CLS, total / image / JS bytes; median of BENCH_LIGHTHOUSE_RUNS, 3), then the bytes
// on the wire by kind and which image each cover chose on three screens. Signed in, Recent Albums
// holding BENCH_ALBUMS albums (24) whose covers are camera-sized JPEGs (BENCH_COVER_MP megapixels,
// 12). Prints figures; never gates CI.
// With BENCH_COMPARE_WITH=/path/to/another/checkout (built too, e.g. a `git worktree` of main),
// measures that checkout's page as well, the two taking turns (ABBA) so that a busy moment of the
// machine falls on both, and prints the medians as ratios this / other. With BENCH_PIWIGO_URL=<a
// Piwigo album's page> (bench/piwigo/setup.sh makes one) and BENCH_WEB_PAGE=album, measures that
// page as a guest the same way in turn with this checkout's album, and prints ratios this / Piwigo.
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
const { BENCH_COMPARE_WITH: other, BENCH_PIWIGO_URL: piwigo } = readOptionalSettings([
  'BENCH_COMPARE_WITH',
  'BENCH_PIWIGO_URL',
]);
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

interface Load {
  wire: Wire;
  covers: string[];
  timeline: string[];
}

/** Loads the side's page in a fresh context with its storage, summing encoded bytes per resource type. */
async function measure(
  browser: Browser,
  { origin: baseUrl, storage, pagePath, pictures, heading }: Side,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<Load> {
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
  if (heading) await page.getByRole('heading', { name: heading }).waitFor();
  // The pictures were started early (the page's early script): the network may fall idle before
  // the page has drawn them, so wait for them first.
  await page.locator(pictures).first().waitFor();
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
  const covers = await chosenImages(page, pictures);
  await context.close();
  return { wire, covers, timeline };
}

/** Each first-screen picture's query, or a Piwigo derivative's suffix (-th.jpg). */
async function chosenImages(page: Page, pictures: string): Promise<string[]> {
  return page.$$eval(pictures, (images) =>
    images
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .map((image) => {
        const url = new URL(
          (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src,
        );
        return url.search || (/-[a-z0-9]+\.\w+$/.exec(url.pathname)?.[0] ?? '');
      }),
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
  /** Where the page is served, e.g. http://127.0.0.1:3000. */
  origin: string;
  storage: SignedIn;
  /** The page measured, e.g. /albums/recent. */
  pagePath: string;
  /** The page's pictures (a CSS selector), and the heading awaited before them, if any. */
  pictures: string;
  heading?: string;
  runs: LighthouseFigures[];
  screens: Omit<ReturnType<typeof screenFigures>, 'timeline'>[];
}

async function lighthouseRun(side: Side, label: string) {
  const url = `${side.origin}${side.pagePath}`;
  const figures = await tryLighthouse(label, url, side.origin, side.storage);
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
  await onScreens(browser, [side]);
  return {
    lighthouse: runs.length > 0 ? { medians: medians(runs), runs } : null,
    screens: side.screens,
  };
}

/** The medians of this checkout's Lighthouse runs, and where the typical run's main thread went. */
function printLighthouse({ runs, origin, pagePath }: Side) {
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
          `${Math.round(t.durationMs)} ms at ${Math.round(t.startMs)} ms (${t.url.replace(origin, '') || 'page'})`,
      )
      .join('; ')}`,
  );
}

const SCREENS = [
  { name: 'phone 412 px @1.75', width: 412, height: 823, deviceScaleFactor: 1.75 },
  { name: 'phone 390 px @3', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'desktop 1440 px @2', width: 1440, height: 900, deviceScaleFactor: 2 },
  ...(pageKind === 'album'
    ? [{ name: 'desktop 1280 px @1', width: 1280, height: 800, deviceScaleFactor: 1 }]
    : []),
];

/**
 * The bytes and requests on three screens (four for an album), and the images each chose, into
 * each side's `screens`; the sides' loads take turns (ABBA).
 */
async function onScreens(browser: Browser, sides: Side[]) {
  let turn = 0;
  for (const screen of SCREENS) {
    // The unthrottled desktop's time until the last response is the figure compared with other
    // galleries: the median of BENCH_ROUNDS loads; one load for each other screen.
    const unthrottled = screen.deviceScaleFactor === 1;
    const loads = new Map<Side, Load[]>(sides.map((side) => [side, []]));
    for (let i = 0; i < (unthrottled ? rounds : 1); i += 1, turn += 1) {
      for (const side of turn % 2 === 0 ? sides : [...sides].reverse()) {
        loads.get(side)!.push(await measure(browser, side, screen));
      }
    }
    for (const side of sides) {
      const { timeline, ...figures } = screenFigures(screen.name, loads.get(side)!);
      side.screens.push(figures);
      const {
        wire,
        untilLastResponseMsOfEachLoad: times,
        largestPaintMsOfEachLoad: paints,
      } = figures;
      const by = (type: string) => kib(wire.byType[type] ?? 0);
      console.log(
        `${sides.length > 1 ? `${side.name}, ` : ''}${screen.name}: ${wire.requests} requests, ` +
          `total ${kib(wire.total)} KiB; ` +
          `JS ${by('Script')}, CSS ${by('Stylesheet')}, images ${by('Image')}, ` +
          `JSON ${kib((wire.byType.Fetch ?? 0) + (wire.byType.XHR ?? 0))}, HTML ${by('Document')} KiB; ` +
          `until the last response ${Math.round(wire.untilLastResponseMs)} ms` +
          (times.length > 1
            ? ` (median of ${times.length}: ${times.map((t) => Math.round(t)).join(', ')} ms)`
            : '') +
          `; largest paint ${Math.round(figures.largestPaintMs)} ms` +
          (paints.length > 1 ? ` (${paints.map((t) => Math.round(t)).join(', ')} ms)` : ''),
      );
      if (waterfall) console.log(timeline.join('\n'));
      console.log(
        `  images in the first screen: ${Object.entries(figures.firstScreenImages)
          .map(([query, n]) => `${n} × ${query || '(original)'}`)
          .join(', ')}`,
      );
    }
    const [a, b] = sides.map((side) => side.screens.at(-1)!);
    if (a && b) {
      console.log(
        `  ${sides[0]!.name} / ${sides[1]!.name}: until the last response ` +
          `${ratio(a.wire.untilLastResponseMs, b.wire.untilLastResponseMs)}, largest paint ` +
          `${ratio(a.largestPaintMs, b.largestPaintMs)}, ` +
          `requests ${ratio(a.wire.requests, b.wire.requests)}, bytes ${ratio(a.wire.total, b.wire.total)}`,
      );
    }
  }
}

/** One side's figures on one screen: those of its load of median time until the last response. */
function screenFigures(screen: string, loads: Load[]) {
  const times = loads.map((load) => load.wire.untilLastResponseMs);
  const { wire, covers, timeline } =
    loads.find((load) => load.wire.untilLastResponseMs === median(times)) ?? loads[0]!;
  const firstScreenImages: Record<string, number> = {};
  for (const cover of covers) firstScreenImages[cover] = (firstScreenImages[cover] ?? 0) + 1;
  const paints = loads.map((load) => load.wire.largestPaintMs);
  return {
    screen,
    wire,
    untilLastResponseMsOfEachLoad: times,
    largestPaintMs: median(paints),
    largestPaintMsOfEachLoad: paints,
    firstScreenImages,
    timeline,
  };
}

/**
 * Both pages (another checkout's or Piwigo's), their Lighthouse runs taking turns (ABBA), then
 * their loads on each screen; ratios this / other.
 */
async function compare(browser: Browser, sides: [Side, Side]) {
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
  if (lighthouseRuns > 0 && (mine.runs.length === 0 || theirs.runs.length === 0)) {
    throw new Error('No Lighthouse run measured one of the pages');
  }
  const [a, b] = [medians(mine.runs), medians(theirs.runs)];
  if (lighthouseRuns > 0) {
    console.log(
      `Lighthouse mobile, medians of ${mine.runs.length} and ${theirs.runs.length} measured runs, ` +
        `this (${repoRoot}) / ${theirs.name} (${other ?? piwigo}):`,
    );
    for (const [label, key] of [
      ['score', 'score'],
      ['FCP', 'fcpMs'],
      ['LCP', 'lcpMs'],
      ['TBT', 'tbtMs'],
      ['Speed Index', 'siMs'],
      ['bytes', 'totalBytes'],
    ] as [string, Figure][]) {
      const show = (n: number) =>
        key === 'score'
          ? n.toFixed(2)
          : key === 'totalBytes'
            ? `${kib(n)} KiB`
            : `${Math.round(n)} ms`;
      console.log(`  ${label}: ${show(a[key])} / ${show(b[key])} = ${ratio(a[key], b[key])}`);
    }
  }
  await onScreens(browser, sides);
  return {
    this: { medians: a, runs: mine.runs, screens: mine.screens },
    other: { checkout: other, piwigo, medians: b, runs: theirs.runs, screens: theirs.screens },
    ratios: Object.fromEntries(FIGURES.map((key) => [key, a[key] / b[key]])),
  };
}

async function main() {
  if (piwigo && (other || pageKind !== 'album')) {
    throw new Error(
      'BENCH_PIWIGO_URL is measured with BENCH_WEB_PAGE=album, BENCH_COMPARE_WITH unset',
    );
  }
  const run = startRun(other || piwigo ? 'web-compare' : 'web');
  console.log(`making ${albumCount} albums with ${coverMegapixels}-MP covers…`);
  const covers = await cameraCovers(albumCount, coverMegapixels);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  const sides: Side[] = [];
  const servers: RunningServer[] = [];
  try {
    const checkouts: [string, string][] = [['this', repoRoot]];
    if (other) checkouts.push(['other', other]);
    for (const [name, root] of checkouts) {
      const server = await startAppServer({}, { root });
      servers.push(server);
      const signedIn =
        pageKind === 'album'
          ? await signedInWithAlbum(browser, server.url, covers)
          : {
              storage: await signedInWithAlbums(browser, server.url, covers),
              pagePath: '/albums/recent',
            };
      sides.push({
        name,
        origin: server.url,
        ...signedIn,
        storage: asDrawn(signedIn.storage),
        pictures: 'main img',
        heading: PAGE_HEADING,
        runs: [],
        screens: [],
      });
    }
    if (piwigo) {
      // A guest (Piwigo's album is public): no cookie, nothing stored. Its thumbnails are <img>s.
      const { origin, pathname, search } = new URL(piwigo);
      sides.push({
        name: 'piwigo',
        origin,
        pagePath: `${pathname}${search}`,
        storage: { cookies: [], origins: [] },
        pictures: 'img.thumbnail',
        runs: [],
        screens: [],
      });
    }
    const figures =
      sides.length === 2
        ? await compare(browser, sides as [Side, Side])
        : await measureThis(browser, sides[0]!);
    run.finish({ page: pageKind, drawnBy, albums: albumCount, coverMegapixels, ...figures });
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

await main();
