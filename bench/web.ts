// The album list page as a phone sees it: Lighthouse's mobile performance (score, LCP, TBT, CLS,
// total / image / JS bytes; median of BENCH_LIGHTHOUSE_RUNS, 3), then the bytes on the wire by
// kind and which image each cover chose on three screens. Signed in, Recent Albums holding
// BENCH_ALBUMS albums (24) whose covers are camera-sized JPEGs (BENCH_COVER_MP megapixels, 12).
// Prints figures; never gates CI.
// Run: npm run build && npm run bench:web
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  cameraCovers,
  chromePath,
  median,
  tryLighthouse,
  signedInWithAlbums,
  type LighthouseFigures,
  type SignedIn,
} from './lib/lighthouse.js';
import { startAppServer } from './lib/server.js';

const albumCount = Number(process.env.BENCH_ALBUMS ?? 24);
const coverMegapixels = Number(process.env.BENCH_COVER_MP ?? 12);
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'];

interface Wire {
  total: number;
  byType: Record<string, number>;
  requests: number;
}

/** Loads the page in a fresh context signed in as the user, summing encoded bytes per resource type. */
async function measure(
  browser: Browser,
  baseUrl: string,
  storage: SignedIn,
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

async function main() {
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
    console.log(`making ${albumCount} albums with ${coverMegapixels}-MP covers…`);
    const covers = await cameraCovers(albumCount, coverMegapixels);
    const storage = await signedInWithAlbums(browser, server.url, covers);

    const runs: LighthouseFigures[] = [];
    for (let i = 0; i < lighthouseRuns; i += 1) {
      const url = `${server.url}/albums/recent`;
      const figures = await tryLighthouse(`Lighthouse run ${i + 1}`, url, server.url, storage);
      if (figures) runs.push(figures);
    }
    if (runs.length === 0) throw new Error('No Lighthouse run measured the page');
    type Figure = Exclude<keyof LighthouseFigures, 'mainThread' | 'longTasks'>;
    const m = (key: Figure) => median(runs.map((run) => run[key]));
    const range = (key: Figure, f: (n: number) => string) =>
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
    // The run whose TBT is nearest the median: where its main thread went, and its longest tasks.
    const typical = runs.reduce((near, run) =>
      Math.abs(run.tbtMs - m('tbtMs')) < Math.abs(near.tbtMs - m('tbtMs')) ? run : near,
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
