// Zip downloads: an album of BENCH_PHOTOS photos (200) of BENCH_PHOTO_MB each (5 MiB: about 1 GB
// in all; random bytes, as a zip stores them without reading them) is downloaded as one zip
// through the real server (the build, in its own process), while the server's RSS is sampled
// every 10 ms. The baseline, in the same run and on the same server: the same number of bytes as
// one file, the existing download of one original (GET /api/files/show/{id}?download=1). Each
// round downloads the baseline and the zip in turn; prints the medians and the ratio zip/baseline
// of throughput (target >= 0.8), and the RSS growth of the zip download (target <= 64 MiB).
// The rows are real photos and files of the server's database, written next to the running
// server (the uploads would spend minutes making thumbnails of no use here); the blobs go to the
// server's own store: its data folder (local), or a bucket of s3rver in its own process (s3).
// Run: npm run build --workspace @photo/server && npm run bench:zip
//   BENCH_PHOTOS (200), BENCH_PHOTO_MB (5), BENCH_ROUNDS (3), BENCH_STORES (local,s3)
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { openDatabase } from '../apps/server/src/db/database.js';
import type { BlobStore } from '../apps/server/src/storage/blob-store.js';
import { LocalBlobStore } from '../apps/server/src/storage/local-blob-store.js';
import { S3BlobStore } from '../apps/server/src/storage/s3-blob-store.js';
import { startRun } from './lib/results.js';
import { startS3rver } from './lib/s3rver.js';
import { api, signUpUser, startAppServer, type RunningServer } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median } from './lib/stats.js';

const {
  BENCH_PHOTOS: photoCount,
  BENCH_PHOTO_MB: photoMb,
  BENCH_ROUNDS: rounds,
  BENCH_STORES: stores,
} = readSettings({
  BENCH_PHOTOS: 200,
  BENCH_PHOTO_MB: 5,
  BENCH_ROUNDS: 3,
  BENCH_STORES: ['local', 's3'] as ('local' | 's3')[],
});
const MIB = 1024 * 1024;
const BUCKET = 'bench-zip';
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function rssMib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Downloads `url` to nowhere, sampling the server's RSS: bytes, seconds, RSS before and peak. */
async function download(url: string, pid: number) {
  const before = rssMib(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMib(pid))), 10);
  const started = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMib(pid));
  return { bytes, seconds, mibPerSecond: bytes / MIB / seconds, rssGrowthMib: peak - before };
}

/**
 * The album's photos, written as an upload would leave them: for each, its original in the blob
 * store, a files row (a copy of the cover's, under a new id) and a photos row. Then the single
 * file of the baseline, of the same size as all of them, in another album.
 */
async function fillAlbum(
  server: RunningServer,
  store: BlobStore,
  owner: { uid: string },
  albumId: string,
  baselineAlbumId: string,
) {
  const { db, close } = openDatabase({ sqlitePath: path.join(server.dataDir, 'app.db') });
  try {
    const album = await db
      .selectFrom('albums')
      .select('cover_file_id')
      .where('id', '=', albumId)
      .executeTakeFirstOrThrow();
    const cover = await db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', album.cover_file_id)
      .executeTakeFirstOrThrow();
    const bytes = Math.round(photoMb * MIB);
    const content = randomBytes(bytes);
    let baselineCrc = 0;
    const add = async (
      albumToFill: string,
      data: Buffer,
      index: number,
      source?: { path: string; size: number },
    ) => {
      // As the server makes them: 128 random bits.
      const fileId = randomBytes(16).toString('base64url');
      const key = `originals/${fileId}`;
      if (source) await store.putFile(key, source.path, 'image/jpeg');
      else await store.putBuffer(key, data, 'image/jpeg');
      const date = new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString();
      await db
        .insertInto('files')
        .values({
          ...cover,
          id: fileId,
          blob_key: key,
          size: source ? source.size : data.length,
          sha256: createHash('sha256').update(`${fileId}`).digest('hex'),
          // As an upload leaves it: the CRC-32 of the bytes (the baseline's: of its whole file).
          crc32: source ? baselineCrc : crc32(data),
          thumb_key: null,
          preview_key: null,
          card_key: null,
          card3x_key: null,
          date_taken: date,
        })
        .execute();
      await db
        .insertInto('photos')
        .values({
          id: randomUUID(),
          album_id: albumToFill,
          file_id: fileId,
          owner_id: owner.uid,
          created_at: date,
          sort_date: date,
        })
        .execute();
      return fileId;
    };
    for (let index = 0; index < photoCount; index += 1) {
      // Each photo its own bytes (a few differ), as photos are.
      content.writeUInt32BE(index, 0);
      await add(albumId, content, index);
    }
    // The baseline: one file of all those bytes, written from a file on disk (no 1 GB buffer).
    const source = path.join(os.tmpdir(), `bench-zip-${randomUUID()}`);
    const out = fs.openSync(source, 'w');
    for (let index = 0; index < photoCount; index += 1) {
      fs.writeSync(out, content);
      baselineCrc = crc32(content, baselineCrc);
    }
    fs.closeSync(out);
    // The store takes the file (putFile consumes it).
    const baselineFileId = await add(baselineAlbumId, content, 0, {
      path: source,
      size: bytes * photoCount,
    });
    fs.rmSync(source, { force: true });
    await db
      .updateTable('albums')
      .set({ photo_count: photoCount + 1 })
      .where('id', '=', albumId)
      .execute();
    return { baselineFileId, totalBytes: bytes * photoCount };
  } finally {
    await close();
  }
}

async function measureStore(name: 'local' | 's3', dir: string) {
  const s3 = name === 's3' ? await startS3rver(path.join(dir, 's3rver'), BUCKET) : undefined;
  const s3Config = s3 && {
    bucket: BUCKET,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    ...S3_CREDENTIALS,
  };
  const server = await startAppServer(
    s3Config
      ? {
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: s3Config.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        }
      : {},
  );
  try {
    const store: BlobStore = s3Config
      ? new S3BlobStore(s3Config)
      : await new LocalBlobStore(path.join(server.dataDir, 'blobs')).init();
    const owner = await signUpUser(server.url, `zip-${randomUUID()}@example.com`);
    const cover = await uploadCover(server.url, owner.idToken);
    const album = await api<{ id: string }>(server.url, owner.idToken, 'POST', '/api/albumsDb', {
      name: 'Zip bench',
      coverPhotoUrl: cover,
    });
    const other = await api<{ id: string }>(server.url, owner.idToken, 'POST', '/api/albumsDb', {
      name: 'Baseline',
      coverPhotoUrl: cover,
    });
    const filled = performance.now();
    const { baselineFileId, totalBytes } = await fillAlbum(
      server,
      store,
      owner,
      album.id,
      other.id,
    );
    const fillSeconds = (performance.now() - filled) / 1000;
    const ticket = async () =>
      (
        await api<{ url: string }>(server.url, owner.idToken, 'POST', '/api/downloads', {
          albumId: album.id,
        })
      ).url;
    const baselineUrl = `${server.url}/api/files/show/${baselineFileId}?download=1`;
    // Warm up both paths (and the page cache) before measuring.
    await download(`${server.url}${await ticket()}`, server.pid);
    await download(baselineUrl, server.pid);
    const zips = [];
    const baselines = [];
    for (let round = 0; round < rounds; round += 1) {
      baselines.push(await download(baselineUrl, server.pid));
      const zip = await download(`${server.url}${await ticket()}`, server.pid);
      if (zip.bytes < totalBytes) throw new Error(`the zip holds ${zip.bytes} bytes only`);
      zips.push(zip);
    }
    const zipMibS = median(zips.map((run) => run.mibPerSecond));
    const baselineMibS = median(baselines.map((run) => run.mibPerSecond));
    return {
      store: name,
      photos: photoCount,
      totalMib: totalBytes / MIB,
      fillSeconds,
      zipMibPerSecond: zipMibS,
      baselineMibPerSecond: baselineMibS,
      throughputRatio: zipMibS / baselineMibS,
      zipRssGrowthMib: Math.max(...zips.map((run) => run.rssGrowthMib)),
      baselineRssGrowthMib: Math.max(...baselines.map((run) => run.rssGrowthMib)),
    };
  } finally {
    await server.stop();
    s3?.stop();
  }
}

/** One real JPEG through the upload route: the albums' cover. Answers its picture URL. */
async function uploadCover(url: string, idToken: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#4080c0' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'cover.jpg');
  const res = await fetch(`${url}/api/files/upload`, {
    method: 'POST',
    headers: { idToken },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

async function main() {
  const run = startRun('zip');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zip-'));
  const figures = [];
  console.log(
    `\nZip downloads, ${run.startedAt.toISOString()}, ${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start; ${photoCount} photos of ${photoMb} MiB, median of ${rounds} rounds`,
  );
  console.log(
    '| store | zip, MiB/s | one file (baseline), MiB/s | zip / baseline (target >= 0.8) | RSS growth, zip, MiB (target <= 64) | RSS growth, baseline, MiB |',
  );
  console.log('|---|---|---|---|---|---|');
  try {
    for (const store of stores) {
      const figure = await measureStore(store, dir);
      figures.push(figure);
      console.log(
        `| ${store} | ${figure.zipMibPerSecond.toFixed(0)} | ${figure.baselineMibPerSecond.toFixed(0)} | ${figure.throughputRatio.toFixed(2)} | ${figure.zipRssGrowthMib.toFixed(1)} | ${figure.baselineRssGrowthMib.toFixed(1)} |`,
      );
    }
    run.finish({ stores: figures });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
