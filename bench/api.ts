// API load: requests per second and latency of the main read paths, as ratios to a bare Fastify
// hello-world and to the same reads done minimally (Fastify, one prepared better-sqlite3 statement
// and JSON.stringify or a file stream, on the app's own data folder), measured in the same run on
// the same machine, and the thumbnail with the in-memory image cache off. Prints figures; never
// gates CI.
// Run: npm run build && npm run bench:api   (BENCH_SECONDS=5 BENCH_CONNECTIONS=50 by default)
import autocannon from 'autocannon';
import { makeJpeg } from '../apps/server/src/test/images.js';
import {
  api,
  signUpUser,
  startAppServer,
  startBaselineServer,
  startMinimalServer,
} from './lib/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

async function main() {
  const baselineServer = await startBaselineServer();
  const baseline = await load('baseline: bare Fastify hello-world', `${baselineServer.url}/`);
  await baselineServer.stop();

  const server = await startAppServer();
  try {
    const { idToken } = await signUpUser(server.url, 'bench@example.com');
    const image = await makeJpeg({ width: 1200, height: 800 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'cover.jpg');
    const upload = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { idToken },
      body: form,
    });
    if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const file = (await upload.json()) as { id: string; url: string };
    let albumId = '';
    for (let i = 0; i < 120; i += 1) {
      const album = await api<{ id: string }>(server.url, idToken, 'POST', '/api/albumsDb', {
        name: `Album ${i}`,
        coverPhotoUrl: file.url,
      });
      albumId = album.id;
    }
    const photos = await api<{ id: string }[]>(
      server.url,
      idToken,
      'GET',
      `/api/albumsDb/${albumId}/photos`,
    );
    const photoId = photos[0]!.id;
    for (let i = 0; i < 50; i += 1) {
      await api(server.url, idToken, 'POST', '/api/photos/comments', {
        photoId,
        message: `Comment ${i}`,
      });
    }

    // A second server on the same data folder, with the image cache off.
    const copy = await startAppServer({ IMAGE_CACHE_BYTES: '0', DATA_DIR: server.dataDir });
    const minimal = await startMinimalServer(server.dataDir);

    const auth = { idToken };
    const minimalAlbums = await load(
      'minimal: 50 albums, prepared statement',
      `${minimal.url}/albums`,
    );
    const minimalThumb = await load(
      'minimal: thumbnail key lookup + file stream',
      `${minimal.url}/thumb/${file.id}`,
    );
    const figures = [
      baseline,
      await load('GET /api/health (database + blob store)', `${server.url}/api/health`),
      await load(
        'GET /api/albumsDb (50 albums, token verified)',
        `${server.url}/api/albumsDb?limit=50`,
        auth,
      ),
      await load(
        'GET /api/photos/{id}/comments (50 comments)',
        `${server.url}/api/photos/${photoId}/comments`,
        auth,
      ),
      await load(
        'GET /api/files/show/{id}?size=thumb',
        `${server.url}/api/files/show/${file.id}?size=thumb`,
      ),
      await load(
        'GET /api/files/show/{id}?size=thumb, IMAGE_CACHE_BYTES=0',
        `${copy.url}/api/files/show/${file.id}?size=thumb`,
      ),
      minimalAlbums,
      minimalThumb,
    ];
    await copy.stop();
    await minimal.stop();

    console.log(
      `\nAPI load: ${connections} connections, ${seconds} s each, ${new Date().toISOString()}`,
    );
    console.log('| path | req/s | ratio to baseline | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|---|');
    for (const f of figures) {
      const ratio = (f.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
      console.log(
        `| ${f.name} | ${Math.round(f.requestsPerSecond)} | ${ratio} | ${f.p50} | ${f.p99} | ${f.errors} |`,
      );
    }
    const rate = (name: string) => figures.find((f) => f.name.startsWith(name))!.requestsPerSecond;
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `\nalbums (limit=50) vs the same work minimally: ${ratio(rate('GET /api/albumsDb'), minimalAlbums.requestsPerSecond)}x`,
    );
    console.log(
      `thumbnail vs a minimal keyed lookup + file stream: ${ratio(rate('GET /api/files/show/{id}?size=thumb'), minimalThumb.requestsPerSecond)}x ` +
        `(cache off: ${ratio(rate('GET /api/files/show/{id}?size=thumb, IMAGE'), minimalThumb.requestsPerSecond)}x)`,
    );
    if (figures.some((f) => f.errors > 0)) {
      console.error('Some requests failed: see the errors column.');
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
