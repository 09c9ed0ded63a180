// A large album scrolled to its end as a person does, in Chromium at 1440 × 900: the album holds
// BENCH_PHOTOS photos (3,000) of mixed shapes, uploaded through the API and made smaller by the
// server's own jobs. The page is opened signed in and scrolled by the mouse wheel, a screen at a
// time, until the last photo is on screen. Prints, against the budgets:
// - DOM nodes and JS heap (used, after a garbage collection) at the first screen and at the end;
// - the longest task of the main thread over the whole scroll, and how many tasks took over 50 ms;
// - how long the scroll to the end took;
// - whether Back from the last photo's page comes back to the same place.
// Prints figures; never gates CI.
// Run: npm run build && npm run bench:album-scroll
//   BENCH_PHOTOS (3000), BENCH_CONCURRENCY (4: uploads at a time)
import sharp from 'sharp';
import { signIn } from './lib/lighthouse.js';
import { launchChromium, longTasks, pageFigures, recordLongTasks } from './lib/page-figures.js';
import { untilPageQuiet, watchRequests } from './lib/quiet.js';
import { startRun } from './lib/results.js';
import { api, sendPicture, signUpUser, startAppServer, untilThumbnail } from './lib/server.js';
import { readSettings } from './lib/settings.js';

const { BENCH_PHOTOS: photoCount, BENCH_CONCURRENCY: concurrency } = readSettings({
  BENCH_PHOTOS: 3000,
  BENCH_CONCURRENCY: 4,
});

const BUDGET = { domNodes: 6000, heapMb: 150, longestTaskMs: 200, scrollSeconds: 90 };
/** Shapes of phone and camera photos, landscape and portrait, in turn. */
const SHAPES: [number, number][] = [
  [640, 480],
  [480, 640],
  [640, 360],
  [480, 480],
  [600, 400],
  [360, 640],
];

/** A small JPEG of its own colour and shape, with a patch of noise: every photo a distinct file. */
async function photoBytes(i: number): Promise<Buffer> {
  const [width, height] = SHAPES[i % SHAPES.length]!;
  const patch = await sharp({
    create: {
      width: 32,
      height: 32,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
    },
  })
    .composite([{ input: patch, top: 8, left: 8 }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

async function inTurns<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await work(i);
    }),
  );
  return results;
}

const run = startRun('album-scroll');
const server = await startAppServer();
try {
  const email = `scroll-${Date.now()}@example.com`;
  const { idToken } = await signUpUser(server.url, email);
  const started = Date.now();
  const files = await inTurns(photoCount, async (i) =>
    sendPicture(server.url, idToken, await photoBytes(i), `photo-${i}.jpg`),
  );
  const album = await api<{ id: string }>(server.url, idToken, 'POST', '/api/albumsDb', {
    name: 'A large album',
    coverPhotoUrl: files[0]!.url,
  });
  await inTurns(photoCount, async (i) => {
    await untilThumbnail(server.url, files[i]!.id);
    try {
      await api(server.url, idToken, 'POST', `/api/albumsDb/${album.id}/photos`, {
        fileId: files[i]!.id,
      });
    } catch (error) {
      // The cover is in the album already.
      if (!String(error).includes(': 409')) throw error;
    }
  });
  console.log(
    `${photoCount} photos uploaded and added in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const browser = await launchChromium();
  const storage = await signIn(browser, server.url, email);
  const context = await browser.newContext({
    storageState: storage,
    viewport: { width: 1440, height: 900 },
  });
  await recordLongTasks(context);
  const page = await context.newPage();
  watchRequests(page);
  await page.goto(`${server.url}/albums/${album.id}`);
  await page.getByRole('heading', { name: 'Photos in this Album' }).waitFor();
  await page.locator('.app-tile img').first().waitFor();
  await untilPageQuiet(page);
  const first = await pageFigures(page);

  const scrollStart = Date.now();
  const scrollStartInPage = await page.evaluate(() => performance.now());
  await page.mouse.move(720, 500);
  const atEnd = () =>
    page.evaluate(
      () =>
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2 &&
        !document.querySelector('.app-load-more, [data-loading-more]') &&
        ![...document.querySelectorAll('button')].some((button) =>
          /Load more|Loading more/.test(button.textContent ?? ''),
        ),
    );
  // The last page read is not the end yet: the grid draws a page in a render of its own (a
  // deferred value), which lengthens the page once done. The end is where the page stays.
  const settledAtEnd = async () => {
    if (!(await atEnd())) return false;
    await untilPageQuiet(page);
    await page.waitForTimeout(300);
    return atEnd();
  };
  for (;;) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(60);
    if (await settledAtEnd()) break;
    if (Date.now() - scrollStart > 300_000) throw new Error('the end was not reached in 5 min');
  }
  const scrollSeconds = (Date.now() - scrollStart) / 1000;
  await untilPageQuiet(page);
  const end = await pageFigures(page);
  const allTasks = await longTasks(page);
  const loadTasks = allTasks.filter((task) => task.start < scrollStartInPage);
  const scrollTasks = allTasks
    .filter((task) => task.start >= scrollStartInPage)
    .map((t) => t.duration);
  const longestTaskMs = Math.max(0, ...scrollTasks);
  const longestLoadTaskMs = Math.max(0, ...loadTasks.map((task) => task.duration));

  // Back from the last photo's page: the same place.
  const lastLink = page.getByRole('link', { name: /^Go to Photo/ }).last();
  const lastHref = await lastLink.getAttribute('href');
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await lastLink.click();
  await page.waitForURL(/\/photo\//);
  await page.getByRole('heading', { name: 'Comments' }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Photos in this Album' }).waitFor();
  await page.waitForTimeout(500);
  const scrollAfter = await page.evaluate(() => window.scrollY);
  const lastVisible = lastHref
    ? await page
        .locator(`a[href="${lastHref}"]`)
        .evaluate((link) => {
          const box = link.closest('.app-tile')!.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .catch(() => false)
    : false;
  await browser.close();

  const figures = {
    photos: photoCount,
    firstScreen: first,
    end,
    longestTaskMs,
    tasksOver50ms: scrollTasks.length,
    longestLoadTaskMs,
    scrollSeconds,
    back: { scrollBefore, scrollAfter, lastPhotoVisible: lastVisible },
  };
  const mark = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(`\nAn album of ${photoCount} photos at 1440 × 900, scrolled to its end:`);
  console.log(
    `  DOM nodes: ${first.domNodes} at the first screen, ${end.domNodes} at the end ` +
      `(${mark(end.domNodes <= BUDGET.domNodes)} ${BUDGET.domNodes})`,
  );
  console.log(
    `  JS heap after GC: ${first.heapMb.toFixed(1)} MB at the first screen, ` +
      `${end.heapMb.toFixed(1)} MB at the end (${mark(end.heapMb <= BUDGET.heapMb)} ${BUDGET.heapMb} MB)`,
  );
  console.log(
    `  longest task: ${longestTaskMs.toFixed(0)} ms (${mark(longestTaskMs <= BUDGET.longestTaskMs)} ` +
      `${BUDGET.longestTaskMs} ms) while scrolling; tasks over 50 ms: ${scrollTasks.length}; ` +
      `the longest while the page loaded: ${longestLoadTaskMs.toFixed(0)} ms`,
  );
  console.log(
    `  scroll to the end: ${scrollSeconds.toFixed(1)} s ` +
      `(${mark(scrollSeconds <= BUDGET.scrollSeconds)} ${BUDGET.scrollSeconds} s)`,
  );
  console.log(
    `  Back from the last photo: scrollY ${scrollBefore} before, ${scrollAfter} after; ` +
      `its tile ${lastVisible ? 'is' : 'is NOT'} on screen`,
  );
  run.finish(figures);
} finally {
  await server.stop();
}
