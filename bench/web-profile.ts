// Where Recent Albums spends the phone's main thread as it loads: a sampling CPU profile of
// BENCH_ROUNDS (3) loads in Chromium, on a 412 px phone at 1.75x with the CPU slowed 4x as
// Lighthouse does, signed in, BENCH_ALBUMS (24) albums with camera-like covers of BENCH_COVER_MP
// megapixels (12). With BENCH_WEB_PAGE=album, an album holding BENCH_ALBUMS such photos instead;
// with BENCH_SCREEN=desktop, a 1280 × 800 screen at 1x with the CPU at its own speed. Prints the self time of each source file and function per load, mapped back to
// the app's and its libraries' sources through the build's source maps, then the main thread's
// longest busy stretches (no idle sample between) and what ran in each. "(program)" is the
// browser's own work (style, layout, paint, parsing); "(idle)" is waiting for the network.
// Run: npm run build && npm run bench:web:profile   (BENCH_SECONDS=3.5 BENCH_TOP=25)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import {
  cameraCovers,
  chromePath,
  signedInWithAlbum,
  signedInWithAlbums,
} from './lib/lighthouse.js';
import { startRun } from './lib/results.js';
import { repoRoot, startAppServer } from './lib/server.js';
import { readSettings } from './lib/settings.js';

const {
  BENCH_ALBUMS: albumCount,
  BENCH_COVER_MP: coverMegapixels,
  BENCH_ROUNDS: rounds,
  BENCH_SECONDS: seconds,
  BENCH_TOP: top,
  BENCH_WEB_PAGE: pageKind,
  BENCH_SCREEN: screen,
} = readSettings({
  BENCH_WEB_PAGE: 'recent',
  BENCH_SCREEN: 'phone',
  BENCH_ALBUMS: 24,
  BENCH_COVER_MP: 12,
  BENCH_ROUNDS: 3,
  BENCH_SECONDS: 3.5,
  BENCH_TOP: 25,
});
const webDist = path.join(repoRoot, 'apps/web/dist');

/** Source maps of the built files, by URL path; null for a file that has none. */
const sourceMaps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(pathname: string): SourceMapConsumer | null {
  if (!sourceMaps.has(pathname)) {
    const file = path.join(webDist, `${pathname}.map`);
    sourceMaps.set(
      pathname,
      fs.existsSync(file)
        ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8')) as never)
        : null,
    );
  }
  return sourceMaps.get(pathname)!;
}

/** A source path as people read it: a package's files from the package, the app's from src. */
const shortSource = (source: string) =>
  source.replace(/^.*node_modules\//, '').replace(/^(?:\.\.\/)*src\//, 'src/');

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** Where a sampled frame's code came from: its source file and function, through the source map. */
function place(frame: Frame): { file: string; fn: string } {
  if (!frame.url) return { file: `(${frame.functionName || 'native'})`, fn: frame.functionName };
  const pathname = new URL(frame.url).pathname;
  const original = sourceMapOf(pathname)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original?.source) return { file: pathname, fn: `${frame.functionName} (${pathname})` };
  const file = shortSource(original.source);
  const name = original.name ?? (frame.functionName || '(anonymous)');
  return { file, fn: `${name} (${file}:${original.line})` };
}

const run = startRun('web-profile');
const server = await startAppServer();
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
try {
  console.log(`making ${albumCount} albums with ${coverMegapixels}-MP covers…`);
  const covers = await cameraCovers(albumCount, coverMegapixels);
  const { storage, pagePath } =
    pageKind === 'album'
      ? await signedInWithAlbum(browser, server.url, covers)
      : {
          storage: await signedInWithAlbums(browser, server.url, covers),
          pagePath: '/albums/recent',
        };
  const phone = screen === 'phone';
  const where = `${pagePath}, ${phone ? '412 px phone, CPU slowed 4x' : '1280 × 800 desktop, CPU unthrottled'}`;

  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  /** The main thread's busy stretches (no idle sample between), each with what it ran. */
  const stretches: {
    round: number;
    startMs: number;
    ms: number;
    files: Map<string, number>;
    fns: Map<string, number>;
  }[] = [];
  const add = (map: Map<string, number>, key: string, ms: number) =>
    map.set(key, (map.get(key) ?? 0) + ms);
  for (let round = 0; round < rounds; round += 1) {
    // A new context each time: an empty cache, as a first visit.
    const context = await browser.newContext({
      storageState: storage,
      viewport: phone ? { width: 412, height: 823 } : { width: 1280, height: 800 },
      deviceScaleFactor: phone ? 1.75 : 1,
      isMobile: phone,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (phone) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${pagePath}`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    // A sample's time is the gap to the next one.
    let at = 0;
    let stretch: (typeof stretches)[number] | undefined;
    for (let i = 0; i + 1 < samples.length; i += 1) {
      at += (deltas[i] ?? 0) / 1000;
      const sampleMs = (deltas[i + 1] ?? 0) / 1000;
      const ms = sampleMs / rounds;
      const { file, fn } = place(nodes.get(samples[i]!)!.callFrame);
      add(byFile, file, ms);
      add(byFunction, fn, ms);
      if (file === '((idle))') {
        stretch = undefined;
        continue;
      }
      if (!stretch) {
        stretch = { round, startMs: at, ms: 0, files: new Map(), fns: new Map() };
        stretches.push(stretch);
      }
      stretch.ms += sampleMs;
      add(stretch.files, file, sampleMs);
      add(stretch.fns, fn, sampleMs);
    }
  }
  const topOf = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  const list = (map: Map<string, number>) =>
    topOf(map, top)
      .map(([key, ms]) => `  ${Math.round(ms).toString().padStart(5)} ms  ${key}`)
      .join('\n');
  console.log(
    `${where}: self time per load (mean of ${rounds} loads, ` +
      `the first ${seconds} s of each), by source file:\n${list(byFile)}`,
  );
  console.log(`by function:\n${list(byFunction)}`);
  // The main thread's longest busy stretches: a stretch holds one long task or several back to back.
  console.log('longest busy stretches (no idle sample in between), with what ran most in each:');
  const most = (map: Map<string, number>, count: number) =>
    topOf(map, count)
      .map(([key, keyMs]) => `${Math.round(keyMs)} ms ${key}`)
      .join('; ');
  const longest = stretches.sort((a, b) => b.ms - a.ms).slice(0, 8);
  for (const { round, startMs, ms, files, fns } of longest) {
    console.log(`  ${Math.round(ms)} ms at ${Math.round(startMs)} ms of load ${round + 1}:`);
    console.log(`    by file: ${most(files, 8)}`);
    console.log(`    by function: ${most(fns, 6)}`);
  }
  const of = (key: string) => byFile.get(key) ?? 0;
  const busy = [...byFile.values()].reduce((sum, ms) => sum + ms, 0) - of('((idle))');
  const browserWork = of('((program))') + of('((garbage collector))');
  console.log(
    `main thread busy: ${Math.round(busy)} ms per load; scripts ${Math.round(busy - browserWork)} ms, ` +
      `the browser's own work and garbage collection ${Math.round(browserWork)} ms`,
  );
  const entries = (pairs: [string, number][]) => pairs.map(([name, ms]) => ({ name, ms }));
  run.finish({
    msPerLoad: { busy, scripts: busy - browserWork, browserAndGarbageCollection: browserWork },
    byFile: entries(topOf(byFile, top)),
    byFunction: entries(topOf(byFunction, top)),
    longestBusyStretches: longest.map(({ round, startMs, ms, files, fns }) => ({
      load: round + 1,
      startMs,
      ms,
      byFile: entries(topOf(files, 8)),
      byFunction: entries(topOf(fns, 6)),
    })),
  });
} finally {
  await browser.close();
  await server.stop();
}
