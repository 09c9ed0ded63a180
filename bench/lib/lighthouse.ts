// What the web benchmarks share: camera-like covers, signing in through the real form, and one
// Lighthouse run with its mobile defaults.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerStats } from '@photo/contract';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { resultsDir } from './results.js';
import { api, signUpUser, uploadPicture } from './server.js';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A browser's storage holding a signed-in session. */
export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A camera-like JPEG: a smooth gradient with noise, so it compresses like a photo, not a flat fill. */
export async function cameraJpeg(seed: number, megapixels: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const hue = (seed * 47) % 360;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,30%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="hsl(${(hue + 200) % 360},50%,50%)"/></svg>`,
  );
  return sharp(svg)
    .composite([
      {
        input: {
          create: {
            width,
            height,
            channels: 3,
            noise: { type: 'gaussian', mean: 128, sigma: 18 },
            background: '#808080',
          },
        },
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** `count` camera-like covers of `megapixels`, made one at a time (each is large). */
export async function cameraCovers(count: number, megapixels: number): Promise<Buffer[]> {
  const covers: Buffer[] = [];
  for (let i = 0; i < count; i += 1) covers.push(await cameraJpeg(i, megapixels));
  return covers;
}

/**
 * A new bench user with an album for each cover ("Album 1", "Album 2"…), signed in through the
 * form once no background job waits or runs (the covers' sizes, then their faces).
 */
export async function signedInWithAlbums(
  browser: Browser,
  baseUrl: string,
  covers: Buffer[],
): Promise<SignedIn> {
  const email = `bench-${Date.now()}@example.com`;
  const { idToken } = await signUpUser(baseUrl, email);
  for (const [i, cover] of covers.entries()) {
    const file = await uploadPicture(baseUrl, idToken, cover, `cover-${i}.jpg`);
    await api(baseUrl, idToken, 'POST', '/api/albumsDb', {
      name: `Album ${i + 1}`,
      coverPhotoUrl: file.url,
    });
  }
  await untilJobsDone(baseUrl, idToken, Date.now() + 180_000);
  return signIn(browser, baseUrl, email);
}

/**
 * A new user with one album holding the pictures (the first its cover), signed in: the storage,
 * and the album's page.
 */
export async function signedInWithAlbum(
  browser: Browser,
  baseUrl: string,
  pictures: Buffer[],
): Promise<{ storage: SignedIn; pagePath: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const { idToken } = await signUpUser(baseUrl, email);
  const files = [];
  for (const [i, picture] of pictures.entries()) {
    files.push(await uploadPicture(baseUrl, idToken, picture, `photo-${i}.jpg`));
  }
  const album = await api<{ id: string }>(baseUrl, idToken, 'POST', '/api/albumsDb', {
    name: 'Holiday',
    coverPhotoUrl: files[0]!.url,
  });
  for (const file of files.slice(1)) {
    await api(baseUrl, idToken, 'POST', `/api/albumsDb/${album.id}/photos`, { fileId: file.id });
  }
  await untilPhotosReady(baseUrl, idToken, album.id, pictures.length);
  return { storage: await signIn(browser, baseUrl, email), pagePath: `/album/${album.id}` };
}

/**
 * Waits until the server has made every size of the album's photos, then until no background job
 * waits or runs (the faces are looked for after the sizes), 3 minutes at most in all, so that no
 * measurement shares the machine with the server's image or face work.
 */
async function untilPhotosReady(baseUrl: string, idToken: string, albumId: string, count: number) {
  const deadline = Date.now() + 180_000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
  for (;;) {
    const photos = await api<{ ready: boolean }[]>(
      baseUrl,
      idToken,
      'GET',
      `/api/albumsDb/${albumId}/photos?limit=${count}`,
    );
    if (photos.length >= count && photos.every((photo) => photo.ready)) break;
    if (Date.now() > deadline)
      throw new Error("The album's photos were not ready within 3 minutes");
    await pause();
  }
  await untilJobsDone(baseUrl, idToken, deadline);
}

/**
 * Waits until no background job waits or runs, until `deadline`. The bench's user is the server's
 * first account, so an administrator, who reads the jobs in admin/stats.
 */
async function untilJobsDone(baseUrl: string, idToken: string, deadline: number) {
  for (;;) {
    const { jobs } = await api<ServerStats>(baseUrl, idToken, 'GET', '/api/admin/stats');
    if (jobs.waiting + jobs.active === 0) return;
    if (Date.now() > deadline)
      throw new Error('The background jobs (sizes, faces) did not finish within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Signs in once through the real form (bench users' password); every measurement reuses it. */
export async function signIn(browser: Browser, baseUrl: string, email: string): Promise<SignedIn> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('textbox', { name: 'Email address' }).fill(email);
  await panel.getByLabel('Password').fill('benchmark password');
  await panel.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL(/\/albums\/recent$/);
  const storage = await context.storageState();
  await context.close();
  return storage;
}

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  /** Speed Index. */
  siMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  imageBytes: number;
  scriptBytes: number;
  /** Where the main thread's time went (Lighthouse's groups), and its longest tasks. */
  mainThread: { group: string; ms: number }[];
  longTasks: { url: string; startMs: number; durationMs: number }[];
}

/**
 * One Lighthouse run with its mobile defaults (a 412 px phone at 1.75x, simulated slow 4G and a
 * 4x slower CPU), in a fresh headless Chromium whose local storage holds the signed-in session.
 */
export async function runLighthouse(
  url: string,
  origin: string,
  storage: SignedIn,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // The session lives in local storage, which Lighthouse keeps; a JSON page loads no app code.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    // The session cookie too, which Lighthouse keeps as well: with it the server draws the page
    // (decision 0100), as it does for a person who signed in in this browser.
    await browser.contexts()[0]!.addCookies(storage.cookies);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/api/health`);
    const items = storage.origins.find((o) => o.origin === origin)?.localStorage ?? [];
    await page.evaluate((entries) => {
      for (const { name, value } of entries) window.localStorage.setItem(name, value);
    }, items);
    await page.close();
    await browser.close();
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    // A page Lighthouse could not measure (no paint seen, a crashed tab) has no figures at all.
    if (lhr.runtimeError) {
      throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    }
    // The whole report, for a look at its audits (the last run of each page is kept).
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, `lighthouse-${new URL(url).host.replace(/\W/g, '-')}.json`),
      JSON.stringify(lhr),
    );
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests =
      (
        lhr.audits['network-requests']?.details as
          { items: { resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? [];
    const bytesOf = (type: string) =>
      requests
        .filter((r) => r.resourceType === type)
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const itemsOf = <T>(id: string) =>
      (lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? [];
    return {
      mainThread: itemsOf<{ groupLabel: string; duration: number }>(
        'mainthread-work-breakdown',
      ).map((item) => ({ group: item.groupLabel, ms: item.duration })),
      longTasks: itemsOf<{ url: string; startTime: number; duration: number }>('long-tasks').map(
        (task) => ({ url: task.url, startMs: task.startTime, durationMs: task.duration }),
      ),
      score: lhr.categories.performance?.score ?? NaN,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      siMs: audit('speed-index'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      totalBytes: audit('total-byte-weight'),
      imageBytes: bytesOf('Image'),
      scriptBytes: bytesOf('Script'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * `runLighthouse`, printing why a run gave no figures rather than ending the benchmark: on a busy
 * machine Lighthouse sometimes fails to see the page paint. A failed run counts in no median.
 */
export async function tryLighthouse(
  label: string,
  url: string,
  origin: string,
  storage: SignedIn,
): Promise<LighthouseFigures | null> {
  try {
    return await runLighthouse(url, origin, storage);
  } catch (error) {
    console.log(`${label}: not measured (${(error as Error).message})`);
    return null;
  }
}
