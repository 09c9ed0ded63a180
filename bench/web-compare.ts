// Recent Albums on a phone, this checkout against another one, in one run: Lighthouse's mobile
// score, FCP, LCP, TBT and Speed Index, medians of BENCH_LIGHTHOUSE_RUNS (5) runs each, the two
// checkouts taking turns (ABBA) so a busy moment of the machine falls on both. Both serve the same
// kind of albums: BENCH_ALBUMS (24) with camera-like covers of BENCH_COVER_MP megapixels (12).
// Prints figures and ratios (this / other); never gates CI.
// Run: npm run build, and build the other checkout (e.g. a `git worktree` of main), then
//   BENCH_COMPARE_WITH=/path/to/other/checkout npm run bench:web:compare
import { chromium } from '@playwright/test';
import {
  cameraCovers,
  chromePath,
  median,
  tryLighthouse,
  signedInWithAlbums,
  type LighthouseFigures,
} from './lib/lighthouse.js';
import { repoRoot, startAppServer } from './lib/server.js';

const other = process.env.BENCH_COMPARE_WITH;
if (!other) {
  console.error('Say which checkout to compare with: BENCH_COMPARE_WITH=/path/to/checkout');
  process.exit(2);
}
const albumCount = Number(process.env.BENCH_ALBUMS ?? 24);
const coverMegapixels = Number(process.env.BENCH_COVER_MP ?? 12);
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const covers = await cameraCovers(albumCount, coverMegapixels);

async function start(name: string, root: string) {
  const server = await startAppServer({}, { root });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const storage = await signedInWithAlbums(browser, server.url, covers);
    return { name, server, storage, figures: [] as LighthouseFigures[] };
  } finally {
    await browser.close();
  }
}

const sides = [await start('this', repoRoot), await start('other', other)];
try {
  for (let i = 0; i < runs; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const figures = await tryLighthouse(
        `run ${i + 1} ${side.name}`,
        `${side.server.url}/albums/recent`,
        side.server.url,
        side.storage,
      );
      if (!figures) continue;
      side.figures.push(figures);
      console.log(
        `run ${i + 1} ${side.name}: score ${figures.score.toFixed(2)}, FCP ${Math.round(figures.fcpMs)} ms, ` +
          `LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, SI ${Math.round(figures.siMs)} ms`,
      );
    }
  }
  type Figure = 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'siMs';
  const [mine, theirs] = sides as [(typeof sides)[0], (typeof sides)[0]];
  console.log(
    `medians of ${mine.figures.length} and ${theirs.figures.length} measured runs, ` +
      `this (${repoRoot}) / other (${other}):`,
  );
  for (const [label, key] of [
    ['score', 'score'],
    ['FCP', 'fcpMs'],
    ['LCP', 'lcpMs'],
    ['TBT', 'tbtMs'],
    ['Speed Index', 'siMs'],
  ] as [string, Figure][]) {
    const a = median(mine.figures.map((f) => f[key]));
    const b = median(theirs.figures.map((f) => f[key]));
    const show = (n: number) => (key === 'score' ? n.toFixed(2) : `${Math.round(n)} ms`);
    console.log(`  ${label}: ${show(a)} / ${show(b)} = ${(a / b).toFixed(2)}x`);
  }
} finally {
  for (const side of sides) await side.server.stop();
}
