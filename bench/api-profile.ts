// Where a read path spends its CPU: starts the built server with --cpu-prof, gives it one user,
// one photo and BENCH_ALBUMS albums, loads one path with autocannon, then prints the functions and
// packages that used the most CPU time themselves (self time) from the profile V8 wrote.
// Run: npm run build && npm run bench:api:profile -- thumb|albums
//   (BENCH_SECONDS=8 BENCH_CONNECTIONS=50 BENCH_ALBUMS=60 BENCH_TOP=30 by default; the
//   .cpuprofile file stays in a temporary folder, named at the end, for Chromium's DevTools)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeJpeg } from '../apps/server/src/test/images.js';
import { startRun } from './lib/results.js';
import { api, signUpUser, startAppServer, uploadPicture } from './lib/server.js';
import { readSettings } from './lib/settings.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const target = process.argv[2] ?? 'thumb';
if (target !== 'thumb' && target !== 'albums') throw new Error('Profile "thumb" or "albums".');
const {
  BENCH_SECONDS: seconds,
  BENCH_CONNECTIONS: connections,
  BENCH_ALBUMS: albums,
  BENCH_TOP: top,
} = readSettings({ BENCH_SECONDS: 8, BENCH_CONNECTIONS: 50, BENCH_ALBUMS: 60, BENCH_TOP: 30 });
const run = startRun(`api-profile-${target}`);

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-profile-'));
const server = await startAppServer(
  {},
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);
let requestsPerSecond = 0;
try {
  const { idToken } = await signUpUser(server.url, 'profile@example.com');
  const file = await uploadPicture(
    server.url,
    idToken,
    await makeJpeg({ width: 1200, height: 800 }),
    'cover.jpg',
  );
  for (let i = 0; i < albums; i += 1) {
    await api(server.url, idToken, 'POST', '/api/albumsDb', {
      name: `Album ${i}`,
      coverPhotoUrl: file.url,
    });
  }
  const url =
    target === 'thumb'
      ? `${server.url}/api/files/show/${file.id}?size=thumb`
      : `${server.url}/api/albumsDb?limit=50`;
  const headers = target === 'thumb' ? {} : { idToken };
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url} failed under load`);
  requestsPerSecond = result.requests.average;
} finally {
  await server.stop(); // V8 writes the profile as the process exits
}

const [written] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
if (!written) throw new Error(`No profile was written in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, written), 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  total += micros;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const where = url.replace(/.*node_modules\//, '').replace(/.*\/apps\/server\//, 'server/');
  const name = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const pkg =
    /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes('/apps/server/')
      ? 'the server'
      : url.startsWith('node:')
        ? 'node'
        : url || functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
});

const topOf = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, selfCpuShare: micros / total }));
const print = (title: string, times: Map<string, number>, count: number) => {
  console.log(`\n| ${title} | self CPU |\n|---|---|`);
  for (const { name, selfCpuShare } of topOf(times, count)) {
    console.log(`| ${name} | ${(100 * selfCpuShare).toFixed(1)}% |`);
  }
};
console.log(
  `Profile of ${target}: ${Math.round(requestsPerSecond)} req/s under the profiler, ` +
    `${connections} connections, ${seconds} s, load average at the start ${run.loadAverage
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
print('package', byPackage, 12);
print('function', byFunction, top);
console.log(`\nThe whole profile: ${path.join(profileDir, written)}`);
run.finish({
  target,
  requestsPerSecondUnderProfiler: requestsPerSecond,
  profile: path.join(profileDir, written),
  byPackage: topOf(byPackage, 12),
  byFunction: topOf(byFunction, top),
});
