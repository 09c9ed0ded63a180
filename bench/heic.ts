// HEIC uploads: the time from sending a 12-megapixel HEIC to its thumbnail being served, as a ratio
// to the same picture sent as a JPEG, through the real (built) server in the same run, rounds
// alternating. The server decodes with the machine's libheif command when it has one; a second
// server is started with no command on its PATH, so the WebAssembly decoder is measured too.
// Then the decoders alone: their time and peak memory for that HEIC, as a ratio to sharp decoding
// the JPEG directly (the baseline). Target: a HEIC's upload-to-thumbnail ≤ 2.5 x the JPEG's.
// Needs `heif-enc` (Debian's libheif-examples) to make the HEIC. Build first: npm run build.
// Run: npm run bench:heic   (BENCH_ROUNDS=3)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  decodeHeifToJpeg,
  heifDecoder,
} from '../apps/server/src/modules/files/heif/heif-decode.js';
import { startRun } from './lib/results.js';
import { repoRoot, sendPicture, signUpUser, startAppServer, untilThumbnail } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median, ratio } from './lib/stats.js';

const { BENCH_ROUNDS: ROUNDS } = readSettings({ BENCH_ROUNDS: 3 });
const run = startRun('heic');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-heic-'));

/** A photo-like 12 MP picture (4032 x 3024): smooth colour noise, as a JPEG (quality 90). */
async function makePicture(): Promise<{ jpeg: string; heic: string }> {
  const width = 4032;
  const height = 3024;
  const jpeg = path.join(work, 'IMG_0001.jpg');
  const small = await sharp({
    create: {
      width: width / 8,
      height: height / 8,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  await sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 90 }).toFile(jpeg);
  const heic = path.join(work, 'IMG_0001.HEIC');
  execFileSync('heif-enc', ['--quality', '60', jpeg, '-o', heic], { stdio: 'ignore' });
  return { jpeg, heic };
}

/** Seconds from sending the bytes to the thumbnail being served. */
async function uploadToThumbnail(url: string, bytes: Buffer, name: string): Promise<number> {
  // A new owner each time: the same bytes from the same owner would answer the stored file.
  const user = await signUpUser(url, `bench-${Math.random().toString(36).slice(2)}@example.com`);
  const started = performance.now();
  const file = await sendPicture(url, user.idToken, bytes, name);
  await untilThumbnail(url, file.id);
  return (performance.now() - started) / 1000;
}

/** Peak resident memory (MB) and seconds of a command, from GNU time when the machine has it. */
function measuredCommand(
  command: string,
  args: string[],
): { seconds: number; peakMb: number | null } {
  const started = performance.now();
  const time = fs.existsSync('/usr/bin/time');
  const result = time
    ? spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  const kb = time ? Number(result.stderr.trim().split('\n').pop()) : NaN;
  return { seconds, peakMb: Number.isFinite(kb) ? kb / 1024 : null };
}

/** Seconds and peak RSS (MB) of a decode run in a fresh Node process (the WebAssembly decoder). */
function measuredInNode(script: string): { seconds: number; peakMb: number } {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`decode failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { seconds: number; peakMb: number };
}

const { jpeg, heic } = await makePicture();
const jpegBytes = fs.readFileSync(jpeg);
const heicBytes = fs.readFileSync(heic);
console.log(
  `12 MP picture: JPEG ${(jpegBytes.length / 1e6).toFixed(1)} MB, HEIC ${(heicBytes.length / 1e6).toFixed(1)} MB`,
);

// Through the server: its own decoder, then the WebAssembly one (no command on its PATH).
const machineDecoder = await heifDecoder();
const servers: { name: string; env: Record<string, string> }[] = [
  {
    name: machineDecoder.kind === 'command' ? path.basename(machineDecoder.command) : 'wasm',
    env: {},
  },
  ...(machineDecoder.kind === 'command' ? [{ name: 'wasm', env: { PATH: work } }] : []),
];
const uploads: Record<string, { jpeg: number; heic: number; ratio: string }> = {};
for (const { name, env } of servers) {
  const server = await startAppServer(env);
  try {
    // One of each first: the server's first decode loads its libraries.
    await uploadToThumbnail(server.url, jpegBytes, 'warm.jpg');
    await uploadToThumbnail(server.url, heicBytes, 'warm.HEIC');
    const jpegTimes: number[] = [];
    const heicTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      jpegTimes.push(await uploadToThumbnail(server.url, jpegBytes, 'IMG_0001.jpg'));
      heicTimes.push(await uploadToThumbnail(server.url, heicBytes, 'IMG_0001.HEIC'));
    }
    const jpegSeconds = median(jpegTimes);
    const heicSeconds = median(heicTimes);
    uploads[name] = {
      jpeg: jpegSeconds,
      heic: heicSeconds,
      ratio: ratio(heicSeconds, jpegSeconds),
    };
    console.log(
      `upload to thumbnail, server decoding with ${name}: JPEG ${jpegSeconds.toFixed(2)} s, ` +
        `HEIC ${heicSeconds.toFixed(2)} s: ${ratio(heicSeconds, jpegSeconds)} the JPEG's (target ≤ 2.5x)`,
    );
  } finally {
    await server.stop();
  }
}

// The decoders alone, against sharp decoding the JPEG (same picture), medians of the rounds.
const baseline: number[] = [];
const command: { seconds: number; peakMb: number | null }[] = [];
const wasm: { seconds: number; peakMb: number }[] = [];
const decodeModule = path.join(repoRoot, 'apps/server/src/modules/files/heif/heif-decode.ts');
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  await sharp(jpegBytes).raw().toBuffer();
  baseline.push((performance.now() - started) / 1000);
  if (machineDecoder.kind === 'command') {
    command.push(
      measuredCommand(machineDecoder.command, [
        '--quality',
        '90',
        heic,
        path.join(work, 'out.jpg'),
      ]),
    );
  }
  wasm.push(
    measuredInNode(`
      const { decodeHeifToJpeg } = await import(${JSON.stringify(decodeModule)});
      const started = performance.now();
      await decodeHeifToJpeg(${JSON.stringify(heic)}, ${JSON.stringify(path.join(work, 'wasm.jpg'))}, { kind: 'wasm' });
      const seconds = (performance.now() - started) / 1000;
      console.log(JSON.stringify({ seconds, peakMb: process.resourceUsage().maxRSS / 1024 }));`),
  );
}
// In this process too, so that a broken decoder stops the benchmark rather than its figures.
await decodeHeifToJpeg(heic, path.join(work, 'check.jpg'));
const sharpSeconds = median(baseline);
const decoders: Record<string, { seconds: number; peakMb: number | null; ratio: string }> = {};
if (command.length > 0) {
  const seconds = median(command.map((each) => each.seconds));
  const peaks = command.map((each) => each.peakMb).filter((mb): mb is number => mb !== null);
  decoders.command = {
    seconds,
    peakMb: peaks.length > 0 ? Math.max(...peaks) : null,
    ratio: ratio(seconds, sharpSeconds),
  };
}
{
  const seconds = median(wasm.map((each) => each.seconds));
  decoders.wasm = {
    seconds,
    peakMb: Math.max(...wasm.map((each) => each.peakMb)),
    ratio: ratio(seconds, sharpSeconds),
  };
}
console.log(`sharp decoding the JPEG (baseline): ${sharpSeconds.toFixed(2)} s`);
for (const [name, figures] of Object.entries(decoders)) {
  const memory = figures.peakMb === null ? '' : `, peak RSS ${figures.peakMb.toFixed(0)} MB`;
  const what =
    name === 'command' && machineDecoder.kind === 'command'
      ? machineDecoder.command
      : 'libheif-js (WebAssembly, worker thread, whole process)';
  console.log(
    `${what}: HEIC to JPEG ${figures.seconds.toFixed(2)} s${memory}: ${figures.ratio} sharp's JPEG decode`,
  );
}
fs.rmSync(work, { recursive: true, force: true });
console.log(run.finish({ uploads, sharpJpegDecodeSeconds: sharpSeconds, decoders }));
