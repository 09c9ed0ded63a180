/**
 * Resumable uploads (tus, /api/uploads): what the server's memory does during a large upload, and
 * what a cut costs.
 *
 * 1. RSS rise of the server process (read from /proc) while a
 *    BENCH_RESUMABLE_BYTES upload (default 2 GiB) goes through /api/uploads in 8 MiB chunks,
 *    against the same bytes streamed by a bare node:http route into fs.createWriteStream. The bytes
 *    are an MP4 head followed by zeros: the server takes them whole, hashes them in one read, and
 *    refuses them at the end (415: no video a prober reads), so the figure is of the upload phase.
 * 2. Bytes sent for a BENCH_RESUMABLE_CUT_BYTES upload (default 64 MiB) cut at 50 % and resumed
 *    by a new client, against the same upload uncut.
 *
 * Run: npm run bench:resumable
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RESUMABLE_CHUNK_BYTES } from '@photo/contract';
import { Upload } from 'tus-js-client';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { patchCountingStack } from '../apps/server/src/test/tus-counting.js';
import { freePort } from '../apps/server/src/test/ports.js';
import { serverCommand, signUpUser, startAppServer } from './lib/server.js';

const MiB = 1024 * 1024;
const bigBytes = Number(process.env.BENCH_RESUMABLE_BYTES ?? 2048 * MiB);
const cutBytes = Number(process.env.BENCH_RESUMABLE_CUT_BYTES ?? 64 * MiB);

/** A stream of `size` bytes: an MP4 file type box, then zeros, in 1 MiB pieces. */
function mp4LikeStream(size: number): Readable {
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisom', 4, 'latin1');
  head.write('isomiso2avc1mp41', 16, 'latin1');
  const piece = Buffer.alloc(MiB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const n = Math.min(MiB, size - sent);
      const chunk = Buffer.from(piece.subarray(0, n));
      if (sent === 0) head.copy(chunk, 0, 0, Math.min(32, n));
      sent += n;
      this.push(chunk);
    },
  });
}

/** The resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Peak RSS rise of process `pid` over its start while `work` runs, sampled every 20 ms. */
async function rssRise(
  pid: number,
  work: () => Promise<unknown>,
): Promise<{ rise: number; ms: number }> {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const began = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssOf(pid));
  return { rise: peak - start, ms: performance.now() - began };
}

function tus(
  origin: string,
  idToken: string,
  source: Readable | Buffer,
  size: number,
  options: { uploadUrl?: string; cutAt?: number } = {},
): Promise<{ url: string; status: number; bytesSent: number; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const counting = patchCountingStack();
    const bytesSent = () => counting.bytesSent();
    let cut = false;
    const upload: Upload = new Upload(source, {
      endpoint: `${origin}/api/uploads`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      uploadSize: size,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [],
      httpStack: counting.stack,
      headers: { idToken },
      metadata: { filename: 'video.mp4', filetype: 'video/mp4' },
      onProgress: (sent) => {
        if (options.cutAt !== undefined && !cut && sent >= options.cutAt) {
          cut = true;
          void upload
            .abort(false)
            .then(() => resolve({ url: upload.url ?? '', status: 0, bytesSent: bytesSent(), cut }));
        }
      },
      onError: (error) => {
        // A refusal at the end (415) still measured the upload.
        const status = (error as { originalResponse?: { getStatus(): number } }).originalResponse;
        if (status)
          resolve({
            url: upload.url ?? '',
            status: status.getStatus(),
            bytesSent: bytesSent(),
            cut,
          });
        else reject(error);
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          url: upload.url ?? '',
          status: lastResponse.getStatus(),
          bytesSent: bytesSent(),
          cut,
        }),
    });
    upload.start();
  });
}

async function main() {
  const server = await startAppServer({ MAX_VIDEO_BYTES: String(Math.max(bigBytes, cutBytes)) });
  const origin = server.url;
  const { idToken } = await signUpUser(origin, 'bench-resumable@example.com');

  // Baseline: the same bytes through a bare node:http route into a file, in its own process.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-resumable-'));
  const barePort = await freePort();
  const bareCode = `
    const http = require('node:http');
    const fs = require('node:fs');
    const { pipeline } = require('node:stream/promises');
    http.createServer((req, res) => {
      pipeline(req, fs.createWriteStream(${JSON.stringify(path.join(dataDir, 'bare.bin'))})).then(() => res.end());
    }).listen(${barePort}, '127.0.0.1');`;
  const bare = spawn(...serverCommand(['-e', bareCode]), { stdio: 'ignore' });
  // Listening once a connection is taken.
  for (let tries = 0; ; tries += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net
        .connect(barePort, '127.0.0.1', () => resolve(true))
        .on('error', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });
    if (up) break;
    if (tries > 100) throw new Error('the bare server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const baseline = await rssRise(
    bare.pid!,
    () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: barePort, method: 'PUT', path: '/' },
          (res) => res.resume().on('end', resolve),
        );
        req.on('error', reject);
        void pipeline(mp4LikeStream(bigBytes), req).catch(reject);
      }),
  );
  bare.kill();
  await fs.rm(dataDir, { recursive: true, force: true });

  let bigStatus = 0;
  const resumable = await rssRise(server.pid, async () => {
    bigStatus = (await tus(origin, idToken, mp4LikeStream(bigBytes), bigBytes)).status;
  });

  // Cut at 50 % and resumed, against uncut (distinct bytes each, so neither is a duplicate).
  const cutSource = (seed: number) => {
    const bytes = Buffer.alloc(cutBytes, seed);
    (mp4LikeStream(64).read() as Buffer).copy(bytes, 0, 0, 32);
    return bytes;
  };
  const uncut = await tus(origin, idToken, cutSource(1), cutBytes);
  const first = await tus(origin, idToken, cutSource(2), cutBytes, { cutAt: cutBytes / 2 });
  const resumed = await tus(origin, idToken, cutSource(2), cutBytes, { uploadUrl: first.url });

  const gib = (n: number) => `${(n / 1024 / MiB).toFixed(2)} GiB`;
  const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
  console.log(`Resumable uploads, ${gib(bigBytes)} in ${RESUMABLE_CHUNK_BYTES / MiB} MiB chunks`);
  console.log(
    `  bare http route -> fs.createWriteStream: RSS +${mib(baseline.rise)}, ${(baseline.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `  /api/uploads (tus, file store):          RSS +${mib(resumable.rise)}, ${(resumable.ms / 1000).toFixed(1)} s ` +
      `(answer ${bigStatus}: refused at the end, as no video)`,
  );
  console.log(
    `  ratio to the bare route: RSS rise ${(resumable.rise / Math.max(baseline.rise, 1)).toFixed(2)}x, ` +
      `time ${(resumable.ms / baseline.ms).toFixed(2)}x; RSS rise within 64 MiB: ${resumable.rise <= 64 * MiB ? 'yes' : 'NO'}`,
  );
  const total = first.bytesSent + resumed.bytesSent;
  console.log(`Cut at 50 % and resumed, ${mib(cutBytes)}:`);
  console.log(
    `  uncut: ${mib(uncut.bytesSent)} sent (answer ${uncut.status}); cut: ${mib(first.bytesSent)} + resumed ${mib(resumed.bytesSent)} = ${mib(total)} (answer ${resumed.status})`,
  );
  console.log(
    `  ratio cut/uncut: ${(total / uncut.bytesSent).toFixed(3)} (within 1.05: ${total <= uncut.bytesSent * 1.05 ? 'yes' : 'NO'})`,
  );
  await server.stop();
}

await main();
