// Log volume and server memory under load: the built server in a child process, its log (stdout)
// read by this process. Three runs of the same bounded number of requests on loopback:
//   warn      LOG_LEVEL=warn: no line per request, the baseline of memory and speed;
//   info      LOG_LEVEL=info, the log read as fast as it comes: bytes and lines per request;
//   stalled   LOG_LEVEL=info, the log not read at all during the load (a full disk, a stuck
//             collector): how much the server holds in memory, and what it says afterwards.
// Prints figures; never gates CI.
// Run: npm run build && npm run bench:logs   (BENCH_REQUESTS=20000 BENCH_CONNECTIONS=50)
import autocannon from 'autocannon';
import { procStatusKb } from './lib/memory-map.js';
import { startRun } from './lib/results.js';
import { signUpUser, startAppServer, type RunningServer } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { ratio } from './lib/stats.js';

const { BENCH_REQUESTS: REQUESTS, BENCH_CONNECTIONS: CONNECTIONS } = readSettings({
  BENCH_REQUESTS: 20_000,
  BENCH_CONNECTIONS: 50,
});
/** After the load of the stalled run, how long to read on for the server's report of dropped lines. */
const REPORT_WAIT_MS = 15_000;

const MiB = 1024 * 1024;

const rssBytes = (pid: number) => procStatusKb(pid, 'VmRSS') * 1024;

/** Samples the process's resident memory every 50 ms until stopped; answers the peak. */
function sampleRss(pid: number) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process ended.
    }
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Counts what the server writes to its log (cheaply: bytes and lines), while reading it or not. */
function logReader(server: RunningServer) {
  const stdout = server.process.stdout!;
  let bytes = 0;
  let lines = 0;
  let tail = '';
  let dropReport: string | undefined;
  stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    tail = (tail + chunk.toString('utf8')).slice(-64 * 1024);
    dropReport ??= tail.split('\n').find((line) => line.includes('droppedLines'));
  });
  return {
    pause: () => stdout.pause(),
    resume: () => stdout.resume(),
    bytes: () => bytes,
    lines: () => lines,
    dropReport: () => dropReport,
    reset: () => {
      bytes = 0;
      lines = 0;
      tail = '';
      dropReport = undefined;
    },
  };
}

interface Figures {
  run: string;
  requestsPerSecond: number;
  errors: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  logBytes: number;
  logLines: number;
  dropReport?: string;
}

async function measure(run: string, logLevel: string, stallLog: boolean): Promise<Figures> {
  const server = await startAppServer(
    { LOG_LEVEL: logLevel, MALLOC_ARENA_MAX: '2' },
    { stdout: 'pipe' },
  );
  const log = logReader(server);
  try {
    const { idToken } = await signUpUser(server.url, `bench-${run}@example.com`);
    // Warm up, then start counting from a settled process.
    await autocannon({
      url: `${server.url}/api/albumsDb?limit=10`,
      headers: { idToken },
      connections: 10,
      amount: 2000,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    log.reset();
    if (stallLog) log.pause();
    const rssBefore = rssBytes(server.pid);
    const sampler = sampleRss(server.pid);
    const result = await autocannon({
      url: `${server.url}/api/albumsDb?limit=10`,
      headers: { idToken },
      connections: CONNECTIONS,
      amount: REQUESTS,
      timeout: 10,
    });
    const rssPeak = sampler.stop();
    const rssAfter = rssBytes(server.pid);
    let dropReport: string | undefined;
    if (stallLog) {
      log.resume();
      const deadline = Date.now() + REPORT_WAIT_MS;
      while (Date.now() < deadline && !dropReport) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        dropReport = log.dropReport();
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return {
      run,
      requestsPerSecond: result.requests.average,
      errors: result.errors + result.timeouts + result.non2xx,
      rssBefore,
      rssPeak,
      rssAfter,
      logBytes: log.bytes(),
      // Every line written since the warm-up: the requests' own, and any report.
      logLines: log.lines(),
      dropReport,
    };
  } finally {
    log.resume();
    await server.stop();
  }
}

const mib = (bytes: number) => (bytes / MiB).toFixed(1);

async function main() {
  const run = startRun('logs');
  const runs = [
    await measure('warn', 'warn', false),
    await measure('info', 'info', false),
    await measure('stalled', 'info', true),
  ];
  const baseline = runs[0]!;
  console.log(
    `\nLogs under load: ${REQUESTS} requests of GET /api/albumsDb?limit=10 (token verified), ` +
      `${CONNECTIONS} connections, ${run.startedAt.toISOString()}`,
  );
  console.log(
    '| run | req/s | ratio to warn | log bytes per 1,000 req | log lines per req | RSS before MiB | RSS peak MiB | peak growth MiB | growth minus warn MiB | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const f of runs) {
    const growth = f.rssPeak - f.rssBefore;
    const baseGrowth = baseline.rssPeak - baseline.rssBefore;
    console.log(
      `| ${f.run} | ${Math.round(f.requestsPerSecond)} | ${ratio(f.requestsPerSecond, baseline.requestsPerSecond)} | ` +
        `${Math.round((f.logBytes / REQUESTS) * 1000)} | ${(f.logLines / REQUESTS).toFixed(2)} | ` +
        `${mib(f.rssBefore)} | ${mib(f.rssPeak)} | ${mib(growth)} | ${mib(growth - baseGrowth)} | ${f.errors} |`,
    );
  }
  const stalled = runs[2]!;
  console.log(
    `\nStalled log: ${stalled.logLines} lines reached the reader afterwards, for ${REQUESTS} requests; ` +
      (stalled.dropReport
        ? `the server said: ${stalled.dropReport}`
        : `no report of dropped lines within ${REPORT_WAIT_MS / 1000} s.`),
  );
  run.finish({
    runs: runs.map((f) => ({
      ...f,
      ratioToWarn: f.requestsPerSecond / baseline.requestsPerSecond,
      logBytesPer1000Requests: (f.logBytes / REQUESTS) * 1000,
      logLinesPerRequest: f.logLines / REQUESTS,
    })),
  });
  if (runs.some((f) => f.errors > 0)) {
    console.error('Some requests failed: see the errors column.');
    process.exitCode = 1;
  }
}

await main();
