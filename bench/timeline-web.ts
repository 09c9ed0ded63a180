// Photos (the timeline) at 100,000 photos, in Chromium at 1440 × 900 (BENCH_SCREEN=phone: 390 × 844
// at 3 device pixels a CSS pixel): BENCH_PHOTOS photos seeded
// straight into the database over ten years (bench/lib/timeline-seed.ts), beside a baseline
// person's timeline of BENCH_BASELINE_PHOTOS (1,000) measured in the same run. For each, /photos is
// opened signed in and timed to its first screen (every tile on it showing its thumbnail). The
// large one is then scrolled by the mouse wheel a screen at a time for BENCH_SCREENS screens, and
// its date scrubber dragged from the newest month to the oldest in BENCH_DRAG_STEPS steps. Prints,
// against the budgets and as ratios to the baseline: the most DOM nodes seen, the JS heap (used,
// after a garbage collection), the longest task (PerformanceObserver longtask) and the first
// screen's time. Prints figures; never gates CI.
// Run: npm run build && npm run bench:timeline:web
//   BENCH_PHOTOS (100000), BENCH_BASELINE_PHOTOS (1000), BENCH_SCREENS (150), BENCH_DRAG_STEPS (200),
//   BENCH_SCREEN (desktop)
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './lib/lighthouse.js';
import {
  domNodes,
  launchChromium,
  longTasks,
  pageFigures,
  recordLongTasks,
} from './lib/page-figures.js';
import { untilPageQuiet, watchRequests } from './lib/quiet.js';
import { startRun } from './lib/results.js';
import { api, sendPicture, signUpUser, startAppServer, untilThumbnail } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { seedTimelinePhotos } from './lib/timeline-seed.js';

const {
  BENCH_PHOTOS: photoCount,
  BENCH_BASELINE_PHOTOS: baselineCount,
  BENCH_SCREENS: screens,
  BENCH_DRAG_STEPS: dragSteps,
  BENCH_SCREEN: screen,
} = readSettings({
  BENCH_PHOTOS: 100_000,
  BENCH_BASELINE_PHOTOS: 1000,
  BENCH_SCREENS: 150,
  BENCH_DRAG_STEPS: 200,
  BENCH_SCREEN: 'desktop',
});

const BUDGET = { domNodes: 6000, heapMb: 150, longestTaskMs: 200, firstScreenMs: 1500 };
const VIEWPORT = screen === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 };
const DEVICE_SCALE = screen === 'phone' ? 3 : 1;

async function coverBytes(): Promise<Buffer> {
  return sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 70, g: 130, b: 180 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A person with one album holding `count` photos; answers their e-mail. */
async function personWithPhotos(url: string, dataDir: string, label: string, count: number) {
  const email = `${label}-${Date.now()}@example.com`;
  const { idToken } = await signUpUser(url, email);
  const cover = await sendPicture(url, idToken, await coverBytes(), `${label}.jpg`);
  await untilThumbnail(url, cover.id);
  const album = await api<{ id: string }>(url, idToken, 'POST', '/api/albumsDb', {
    name: `${label} photos`,
    coverPhotoUrl: cover.url,
  });
  const started = Date.now();
  seedTimelinePhotos({ dataDir, albumId: album.id, count });
  console.log(
    `${label}: ${count} photos seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return email;
}

/** Every tile of the screen shows its thumbnail: the time since navigation, in ms. */
async function untilFirstScreen(page: Page): Promise<number> {
  await untilScreenFilled(page);
  return page.evaluate(() => performance.now());
}

/** Waits till every tile on the screen shows its thumbnail. */
async function untilScreenFilled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const tiles = [...document.querySelectorAll('.app-tl-tile')].filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      return (
        tiles.length > 0 &&
        tiles.every((tile) => {
          const image = tile.querySelector('img');
          return image !== null && image.complete && image.naturalWidth > 0;
        })
      );
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
}

/**
 * Opens the photo of a tile in the middle of the screen and waits for the viewer's picture:
 * how long that took (ms).
 */
async function openPhotoHere(page: Page): Promise<number> {
  const tile = page.locator('.app-tl-tile a').filter({ visible: true }).nth(3);
  const started = Date.now();
  await tile.click();
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
      return image !== null && image.complete && image.naturalWidth > 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const took = Date.now() - started;
  await page.keyboard.press('Escape');
  await page.locator('.yarl__root').waitFor({ state: 'detached' });
  return took;
}

async function openTimeline(browser: Browser, url: string, email: string) {
  const storage = await signIn(browser, url, email);
  const context = await browser.newContext({
    storageState: storage,
    viewport: VIEWPORT,
    deviceScaleFactor: DEVICE_SCALE,
  });
  await recordLongTasks(context);
  const page = await context.newPage();
  watchRequests(page);
  // The app's code in the browser's cache, as on a second visit: the figure is the page's own.
  await page.goto(`${url}/albums/recent`);
  await page.getByRole('heading', { name: 'Recent Albums' }).waitFor();
  await page.goto(`${url}/photos`);
  const firstScreenMs = await untilFirstScreen(page);
  await untilPageQuiet(page);
  return { page, firstScreenMs, first: await pageFigures(page) };
}

const run = startRun('timeline-web');
const server = await startAppServer();
try {
  const baselineEmail = await personWithPhotos(
    server.url,
    server.dataDir,
    'baseline',
    baselineCount,
  );
  const email = await personWithPhotos(server.url, server.dataDir, 'large', photoCount);

  const browser = await launchChromium();
  const baseline = await openTimeline(browser, server.url, baselineEmail);
  const baselineTasks = await longTasks(baseline.page);
  await baseline.page.context().close();

  const { page, firstScreenMs, first } = await openTimeline(browser, server.url, email);
  const scrollStartInPage = await page.evaluate(() => performance.now());
  let maxNodes = first.domNodes;

  // A person scrolling: the wheel, a screen at a time.
  await page.mouse.move(700, 500);
  for (let i = 0; i < screens; i += 1) {
    await page.mouse.wheel(0, VIEWPORT.height);
    await page.waitForTimeout(60);
    maxNodes = Math.max(maxNodes, await domNodes(page));
  }
  const afterWheel = await page.evaluate(() => window.scrollY);
  // Where the wheel stopped: how long till the screen's tiles show their thumbnails.
  const wheelStopped = Date.now();
  await untilScreenFilled(page);
  const filledAfterWheelMs = Date.now() - wheelStopped;
  const openStartInPage = await page.evaluate(() => performance.now());
  const openDeepMs = await openPhotoHere(page);
  const openEndInPage = await page.evaluate(() => performance.now());
  const dragStartInPage = await page.evaluate(() => performance.now());

  // Then the scrubber, dragged from the top of its track to the bottom: newest to oldest.
  const track = (await page.getByRole('slider', { name: 'Jump to a month' }).boundingBox())!;
  const x = track.x + track.width / 2;
  await page.mouse.move(x, track.y + 1);
  await page.mouse.down();
  for (let i = 1; i <= dragSteps; i += 1) {
    await page.mouse.move(x, track.y + (track.height * i) / dragSteps);
    await page.waitForTimeout(50);
    maxNodes = Math.max(maxNodes, await domNodes(page));
  }
  await page.mouse.up();
  await untilPageQuiet(page);
  await page.waitForTimeout(500);
  const oldest = await page
    .getByRole('slider', { name: 'Jump to a month' })
    .getAttribute('aria-valuetext');
  const atEnd = await page.evaluate(
    () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
  );
  const end = await pageFigures(page);
  maxNodes = Math.max(maxNodes, end.domNodes);
  const tasks = await longTasks(page);
  const scrolling = tasks.filter((task) => task.start >= scrollStartInPage).map((t) => t.duration);
  const loading = tasks.filter((task) => task.start < scrollStartInPage).map((t) => t.duration);
  const longestTaskMs = Math.max(0, ...scrolling);
  const longestWheelMs = Math.max(
    0,
    ...tasks
      .filter((task) => task.start >= scrollStartInPage && task.start < dragStartInPage)
      .map((task) => task.duration),
  );
  const longestDragMs = Math.max(
    0,
    ...tasks.filter((task) => task.start >= dragStartInPage).map((task) => task.duration),
  );
  const longestLoadTaskMs = Math.max(0, ...loading);
  const longestOpenMs = Math.max(
    0,
    ...tasks
      .filter((task) => task.start >= openStartInPage && task.start < openEndInPage)
      .map((task) => task.duration),
  );
  const baselineLongestMs = Math.max(0, ...baselineTasks.map((task) => task.duration));
  await browser.close();

  const mark = (ok: boolean) => (ok ? 'within' : 'OVER');
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log(
    `\nPhotos at ${VIEWPORT.width} × ${VIEWPORT.height} (${DEVICE_SCALE}x), ${photoCount} photos; baseline ` +
      `${baselineCount} (load average ${run.loadAverage[0]!.toFixed(1)} as the run began):`,
  );
  console.log(
    `  first screen: ${firstScreenMs.toFixed(0)} ms (${mark(firstScreenMs <= BUDGET.firstScreenMs)} ` +
      `${BUDGET.firstScreenMs} ms); baseline ${baseline.firstScreenMs.toFixed(0)} ms, ` +
      `${ratio(firstScreenMs, baseline.firstScreenMs)}`,
  );
  console.log(
    `  DOM nodes: ${first.domNodes} at the first screen (baseline ${baseline.first.domNodes}, ` +
      `${ratio(first.domNodes, baseline.first.domNodes)}), at most ${maxNodes} while scrolling ` +
      `(${mark(maxNodes <= BUDGET.domNodes)} ${BUDGET.domNodes})`,
  );
  console.log(
    `  JS heap after GC: ${first.heapMb.toFixed(1)} MB at the first screen (baseline ` +
      `${baseline.first.heapMb.toFixed(1)} MB, ${ratio(first.heapMb, baseline.first.heapMb)}), ` +
      `${end.heapMb.toFixed(1)} MB at the end (${mark(end.heapMb <= BUDGET.heapMb)} ${BUDGET.heapMb} MB)`,
  );
  console.log(
    `  longest task: ${longestTaskMs.toFixed(0)} ms while scrolling and dragging ` +
      `(${mark(longestTaskMs <= BUDGET.longestTaskMs)} ${BUDGET.longestTaskMs} ms; ` +
      `${scrolling.filter((ms) => ms > 50).length} over 50 ms; the wheel's longest ` +
      `${longestWheelMs.toFixed(0)} ms, the drag's ${longestDragMs.toFixed(0)} ms); ` +
      `${longestLoadTaskMs.toFixed(0)} ms ` +
      `while the page loaded (baseline ${baselineLongestMs.toFixed(0)} ms)`,
  );
  console.log(
    `  after the wheel stopped, ${screens} screens down: the screen filled in ` +
      `${filledAfterWheelMs} ms; a photo there opened in ${openDeepMs} ms, its longest task ` +
      `${longestOpenMs.toFixed(0)} ms`,
  );
  console.log(
    `  wheel: ${screens} screens to scrollY ${afterWheel}; scrubber dragged to the end: ` +
      `${oldest ?? '?'}, ${atEnd ? 'at' : 'NOT at'} the page's end`,
  );
  run.finish({
    photos: photoCount,
    baselinePhotos: baselineCount,
    viewport: VIEWPORT,
    deviceScaleFactor: DEVICE_SCALE,
    firstScreenMs,
    baselineFirstScreenMs: baseline.firstScreenMs,
    first,
    baselineFirst: baseline.first,
    end,
    maxDomNodes: maxNodes,
    longestTaskMs,
    longestWheelMs,
    longestDragMs,
    tasksOver50ms: scrolling.filter((ms) => ms > 50).length,
    longestLoadTaskMs,
    baselineLongestMs,
    filledAfterWheelMs,
    openDeepMs,
    longestOpenMs,
    oldestMonth: oldest,
    atEnd,
  });
} finally {
  await server.stop();
}
