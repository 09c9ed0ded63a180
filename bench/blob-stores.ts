// Blob stores compared: stores and reads back files of 8, 64 and 256 MB through LocalBlobStore and
// S3BlobStore (against s3rver in another process on this machine), and the process's RSS growth while a large file
// goes to the bucket (multipart, streamed from disk). Prints figures; fails only if something breaks.
// Run: npm run bench:blob-stores   (BENCH_ROUNDS=3 BENCH_SIZES_MB=8,64,256)
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../apps/server/src/storage/blob-store.js';
import { LocalBlobStore } from '../apps/server/src/storage/local-blob-store.js';
import { S3BlobStore } from '../apps/server/src/storage/s3-blob-store.js';
import { startRun } from './lib/results.js';
import { startS3rver } from './lib/s3rver.js';
import { readSettings } from './lib/settings.js';
import { median } from './lib/stats.js';

const { BENCH_ROUNDS: ROUNDS, BENCH_SIZES_MB: SIZES_MB } = readSettings({
  BENCH_ROUNDS: 3,
  BENCH_SIZES_MB: [8, 64, 256],
});
const MB = 1024 * 1024;

function rssMb(): number {
  return process.memoryUsage.rss() / MB;
}

async function fileOf(dir: string, sizeMb: number): Promise<string> {
  const file = path.join(dir, `source-${sizeMb}`);
  await fs.writeFile(file, randomBytes(sizeMb * MB));
  return file;
}

async function measure(store: BlobStore, dir: string, source: string, key: string) {
  const copy = path.join(dir, `copy-${randomBytes(4).toString('hex')}`);
  await fs.copyFile(source, copy);
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 5);
  const before = rssMb();
  const started = performance.now();
  await store.putFile(key, copy, 'application/octet-stream');
  const putMs = performance.now() - started;
  clearInterval(sampler);
  const readStarted = performance.now();
  const blob = await store.read(key);
  const hash = createHash('sha256');
  for await (const chunk of blob!.stream) hash.update(chunk as Buffer);
  const readMs = performance.now() - readStarted;
  return { putMs, readMs, growthMb: peak - before, sha: hash.digest('hex') };
}

async function main() {
  const run = startRun('blob-stores');
  const figures = [];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-blob-stores-'));
  const s3rver = await startS3rver(path.join(dir, 's3rver'), 'bench-blob-stores');
  try {
    const stores: Array<[string, BlobStore]> = [
      ['local disk', await new LocalBlobStore(path.join(dir, 'blobs')).init()],
      [
        'S3 (s3rver, same machine)',
        new S3BlobStore({
          bucket: 'bench-blob-stores',
          endpoint: s3rver.endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        }),
      ],
    ];
    console.log(
      `\nBlob stores, ${run.startedAt.toISOString()}, ${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start, median of ${ROUNDS}`,
    );
    console.log('| store | file | store, ms | read back, ms | RSS growth while storing, MB |');
    console.log('|---|---|---|---|---|');
    for (const sizeMb of SIZES_MB) {
      const source = await fileOf(dir, sizeMb);
      const expected = createHash('sha256')
        .update(await fs.readFile(source))
        .digest('hex');
      for (const [name, store] of stores) {
        const runs = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const result = await measure(store, dir, source, `originals/bench-${sizeMb}-${round}`);
          if (result.sha !== expected) throw new Error(`${name}: the bytes read back differ`);
          runs.push(result);
        }
        const figure = {
          store: name,
          sizeMb,
          storeMs: median(runs.map((r) => r.putMs)),
          readBackMs: median(runs.map((r) => r.readMs)),
          rssGrowthMb: Math.max(...runs.map((r) => r.growthMb)),
        };
        figures.push(figure);
        console.log(
          `| ${name} | ${sizeMb} MB | ${figure.storeMs.toFixed(0)} | ${figure.readBackMs.toFixed(0)} | ${figure.rssGrowthMb.toFixed(1)} |`,
        );
      }
    }
    run.finish({ stores: figures });
  } finally {
    s3rver.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
