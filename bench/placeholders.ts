/**
 * What ThumbHash placeholders cost: the bytes they add to the albums JSON (plain, gzip, brotli as
 * the server sends it), and the time making one adds to an upload, against making the derived
 * sizes of the same 12-MP JPEG in the same run.
 *
 *   npm run build && node --import tsx bench/placeholders.ts
 *
 * BENCH_ALBUMS (24) albums, BENCH_ROUNDS (5) interleaved timing rounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { inspectImage, makeDerivedSizes } from '../apps/server/src/modules/files/files.images.js';
import { makePlaceholder } from '../apps/server/src/modules/files/files.placeholder.js';
import { api, signUpUser, startAppServer, uploadPicture } from './lib/server.js';

const albumCount = Number(process.env.BENCH_ALBUMS ?? 24);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function compressed(text: string) {
  const bytes = Buffer.from(text);
  return {
    plain: bytes.length,
    gzip: zlib.gzipSync(bytes).length,
    // The server's brotli quality (@fastify/compress's default).
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    }).length,
  };
}

/**
 * A 640 x 480 JPEG of smooth random colour fields (8 x 6 random pixels enlarged): every cover
 * differs as photos do, so their placeholders compress no better than real ones would. 4:3 like a
 * camera's: a placeholder's length follows the shape, not the pixel count.
 */
function randomPicture(): Promise<Buffer> {
  const pixels = Buffer.from(
    Array.from({ length: 8 * 6 * 3 }, () => Math.floor(Math.random() * 256)),
  );
  return sharp(pixels, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(640, 480, { kernel: 'cubic' })
    .jpeg()
    .toBuffer();
}

async function jsonBytes() {
  const server = await startAppServer();
  try {
    const { idToken } = await signUpUser(server.url, `bench-${Date.now()}@example.com`);
    for (let i = 0; i < albumCount; i += 1) {
      const file = await uploadPicture(server.url, idToken, await randomPicture(), `c${i}.jpg`);
      await api(server.url, idToken, 'POST', '/api/albumsDb', {
        name: `Album ${i + 1}`,
        coverPhotoUrl: file.url,
      });
    }
    const res = await fetch(`${server.url}/api/albumsDb?limit=50`, {
      headers: { idToken, 'accept-encoding': 'identity' },
    });
    const body = await res.text();
    const albums = JSON.parse(body) as Record<string, unknown>[];
    const without = JSON.stringify(albums.map(({ coverPlaceholder: _, ...rest }) => rest));
    const withField = JSON.stringify(albums);
    if (withField.length !== body.length) console.warn('note: the server formats JSON otherwise');
    const lengths = albums.map((album) =>
      typeof album.coverPlaceholder === 'string' ? album.coverPlaceholder.length : 0,
    );
    return {
      albums: albums.length,
      placeholderChars: { min: Math.min(...lengths), max: Math.max(...lengths) },
      without: compressed(without),
      with: compressed(withField),
    };
  } finally {
    await server.stop();
  }
}

async function encodeTimes() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placeholder-bench-'));
  try {
    // A 12-MP photo-like JPEG: smooth colour with noise, as a camera's.
    const original = path.join(dir, 'camera.jpg');
    await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: { r: 90, g: 140, b: 200 },
        noise: { type: 'gaussian', mean: 120, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toFile(original);
    const info = await inspectImage(original, 'jpeg');
    const derived: number[] = [];
    const fromThumb: number[] = [];
    const fromOriginal: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      let start = performance.now();
      const sizes = await makeDerivedSizes(original, info);
      derived.push(performance.now() - start);
      start = performance.now();
      await makePlaceholder(sizes.thumb);
      fromThumb.push(performance.now() - start);
      start = performance.now();
      await makePlaceholder(original);
      fromOriginal.push(performance.now() - start);
    }
    return {
      derived: median(derived),
      fromThumb: median(fromThumb),
      fromOriginal: median(fromOriginal),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const load = os.loadavg().map((n) => n.toFixed(2));
const times = await encodeTimes();
const bytes = await jsonBytes();
const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;

console.log(`load average at start: ${load.join(' ')}; ${os.cpus().length} cores`);
console.log(`\n12-MP JPEG, median of ${rounds} interleaved rounds:`);
console.log(`  derived sizes (baseline)          ${times.derived.toFixed(1)} ms`);
console.log(
  `  placeholder from the 600 px thumb ${times.fromThumb.toFixed(1)} ms  (${(times.fromThumb / times.derived).toFixed(3)}× the baseline)`,
);
console.log(
  `  placeholder from the original     ${times.fromOriginal.toFixed(1)} ms  (${(times.fromOriginal / times.derived).toFixed(3)}× the baseline)`,
);
console.log(
  `\nGET /api/albumsDb?limit=50, ${bytes.albums} albums, placeholders of ${bytes.placeholderChars.min}–${bytes.placeholderChars.max} characters:`,
);
for (const encoding of ['plain', 'gzip', 'brotli'] as const) {
  const before = bytes.without[encoding];
  const after = bytes.with[encoding];
  console.log(
    `  ${encoding.padEnd(6)} without ${String(before).padStart(6)} B, with ${String(after).padStart(6)} B: +${after - before} B (+${pct(after, before)}), ${((after - before) / bytes.albums).toFixed(1)} B per album`,
  );
}
