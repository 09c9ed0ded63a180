// The album list page as a phone sees it: Lighthouse's mobile performance (score, LCP, TBT, CLS,
// total / image / JS bytes; median of BENCH_LIGHTHOUSE_RUNS, 3), then the bytes on the wire by
// kind and which image each cover chose on three screens. Signed in, Recent Albums holding
// BENCH_ALBUMS albums (24) whose covers are camera-sized JPEGs (BENCH_COVER_MP megapixels, 12).
// Prints figures; never gates CI.
// Run: npm run build && npm run bench:web
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { api, signUpUser, startAppServer } from './lib/server.js';

const albumCount = Number(process.env.BENCH_ALBUMS ?? 24);
const coverMegapixels = Number(process.env.BENCH_COVER_MP ?? 12);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'];

/** A camera-like JPEG: a smooth gradient with noise, so it compresses like a photo, not a flat fill. */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((coverMegapixels * 1e6 * 4) / 3));
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

interface Wire {
  total: number;
  byType: Record<string, number>;
  requests: number;
}

/** Loads the page in a fresh context signed in as the user, summing encoded bytes per resource type. */
async function measure(
  browser: Browser,
  baseUrl: string,
  storage: Awaited<ReturnType<BrowserContext['storageState']>>,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<{ wire: Wire; covers: string[] }> {
  const context = await browser.newContext({
    storageState: storage,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.width < 800,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  const wire: Wire = { total: 0, byType: {}, requests: 0 };
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId) ?? 'Other';
    wire.total += event.encodedDataLength;
    wire.requests += 1;
    wire.byType[type] = (wire.byType[type] ?? 0) + event.encodedDataLength;
  });
  await page.goto(`${baseUrl}/albums/recent`);
  await page.getByRole('heading', { name: 'Recent Albums' }).waitFor();
  await page.waitForLoadState('networkidle');
  const covers = await chosenImages(page);
  await context.close();
  return { wire, covers };
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
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  imageBytes: number;
  scriptBytes: number;
}

/**
 * One Lighthouse run with its mobile defaults (a 412 px phone at 1.75x, simulated slow 4G and a
 * 4x slower CPU), in a fresh headless Chromium whose local storage holds the signed-in session.
 */
async function runLighthouse(
  url: string,
  origin: string,
  storage: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // The session lives in local storage, which Lighthouse keeps; a JSON page loads no app code.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
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
    return {
      score: lhr.categories.performance?.score ?? NaN,
      lcpMs: audit('largest-contentful-paint'),
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
    const email = `bench-${Date.now()}@example.com`;
    const { idToken } = await signUpUser(server.url, email);
    console.log(`making ${albumCount} albums with ${coverMegapixels}-MP covers…`);
    for (let i = 0; i < albumCount; i += 1) {
      const form = new FormData();
      const jpeg = await cameraJpeg(i);
      form.append(
        'file',
        new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
        `cover-${i}.jpg`,
      );
      const res = await fetch(`${server.url}/api/files/upload`, {
        method: 'POST',
        headers: { idToken },
        body: form,
      });
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      const file = (await res.json()) as { url: string };
      await api(server.url, idToken, 'POST', '/api/albumsDb', {
        name: `Album ${i + 1}`,
        coverPhotoUrl: file.url,
      });
    }

    // Sign in once through the real form; every measurement reuses that session.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Email address' }).fill(email);
    await panel.getByLabel('Password').fill('benchmark password');
    await panel.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(/\/albums\/recent$/);
    const storage = await context.storageState();
    await context.close();

    const runs: LighthouseFigures[] = [];
    for (let i = 0; i < lighthouseRuns; i += 1) {
      runs.push(await runLighthouse(`${server.url}/albums/recent`, server.url, storage));
    }
    const m = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
    const range = (key: keyof LighthouseFigures, f: (n: number) => string) =>
      `${f(m(key))} (${runs.map((run) => f(run[key])).join(', ')})`;
    console.log(`Lighthouse mobile, Recent Albums, median of ${runs.length}:`);
    console.log(`  score ${range('score', (n) => n.toFixed(2))}`);
    console.log(`  LCP ${range('lcpMs', (n) => `${(n / 1000).toFixed(2)} s`)}`);
    console.log(
      `  TBT ${range('tbtMs', (n) => `${Math.round(n)} ms`)}, CLS ${range('cls', (n) => n.toFixed(3))}`,
    );
    console.log(
      `  bytes: total ${range('totalBytes', kib)} KiB, images ${range('imageBytes', kib)} KiB, JS ${range('scriptBytes', kib)} KiB`,
    );

    const screens = [
      { name: 'phone 412 px @1.75', width: 412, height: 823, deviceScaleFactor: 1.75 },
      { name: 'phone 390 px @3', width: 390, height: 844, deviceScaleFactor: 3 },
      { name: 'desktop 1440 px @2', width: 1440, height: 900, deviceScaleFactor: 2 },
    ];
    for (const screen of screens) {
      const { wire, covers } = await measure(browser, server.url, storage, screen);
      const by = (type: string) => kib(wire.byType[type] ?? 0);
      console.log(
        `${screen.name}: ${wire.requests} requests, total ${kib(wire.total)} KiB; ` +
          `JS ${by('Script')}, CSS ${by('Stylesheet')}, images ${by('Image')}, ` +
          `JSON ${kib((wire.byType.Fetch ?? 0) + (wire.byType.XHR ?? 0))}, HTML ${by('Document')} KiB`,
      );
      const counts = new Map<string, number>();
      for (const cover of covers) counts.set(cover, (counts.get(cover) ?? 0) + 1);
      console.log(
        `  images in the first screen: ${[...counts].map(([query, n]) => `${n} × ${query || '(original)'}`).join(', ')}`,
      );
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
