// Crash safety: kills the real server with SIGKILL during concurrent writes, BENCH_KILLS times
// (20 by default) on SQLite and, when it answers, PostgreSQL; after each restart every
// acknowledged write must be there and no reference may dangle. Prints the figures; exits 1 on a
// lost write or a dangling reference.
// Run: npm run build && npm run bench:crash   (BENCH_KILLS=20 BENCH_WRITERS=6
// BENCH_DATABASES=sqlite,postgres BENCH_KILL_AFTER_MS=1000,5000)
import os from 'node:os';
import { runCrashCycles, type CrashReport } from '../apps/server/src/test/crash-harness.js';
import { postgresAvailability } from '../apps/server/src/test/postgres.js';
import { startRun } from './lib/results.js';
import { serverArgs } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median } from './lib/stats.js';

const {
  BENCH_KILLS: KILLS,
  BENCH_WRITERS: WRITERS,
  BENCH_DATABASES: DATABASES,
  BENCH_KILL_AFTER_MS: KILL_AFTER_MS,
} = readSettings({
  BENCH_KILLS: 20,
  BENCH_WRITERS: 6,
  BENCH_DATABASES: ['sqlite', 'postgres'],
  BENCH_KILL_AFTER_MS: [1000, 5000],
});

async function main() {
  const run = startRun('crash');
  const { args, mode } = serverArgs();
  const reports: CrashReport[] = [];
  for (const database of DATABASES) {
    if (database === 'postgres') {
      const pg = await postgresAvailability();
      if (!pg.available) {
        console.log(`PostgreSQL skipped: ${pg.reason}`);
        continue;
      }
    }
    console.log(`${database}: ${KILLS} kills, ${WRITERS} writers, server ${mode}`);
    reports.push(
      await runCrashCycles({
        database,
        kills: KILLS,
        writers: WRITERS,
        killAfterMs: KILL_AFTER_MS,
        serverArgs: args,
        progress: (line) => console.log(`  ${line}`),
      }),
    );
  }
  console.log(
    `\nCrash benchmark, ${run.startedAt.toISOString()}, ${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start`,
  );
  console.log(
    '| database | kills | acknowledged writes | in flight at a kill | lost | dangling | orphan blobs | median restart, s | minutes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of reports) {
    console.log(
      `| ${r.database} | ${r.kills} | ${r.acknowledged} | ${r.inFlight} | ${r.lost.length} | ${r.dangling.length} | ${r.orphanBlobs} | ${(median(r.restartMs) / 1000).toFixed(1)} | ${(r.durationMs / 60_000).toFixed(1)} |`,
    );
  }
  for (const r of reports) {
    for (const line of [...r.lost, ...r.dangling]) console.error(`${r.database}: ${line}`);
  }
  run.finish({
    serverMode: mode,
    databases: reports.map((r) => ({
      database: r.database,
      kills: r.kills,
      acknowledged: r.acknowledged,
      inFlight: r.inFlight,
      lost: r.lost,
      dangling: r.dangling,
      orphanBlobs: r.orphanBlobs,
      medianRestartMs: median(r.restartMs),
      durationMs: r.durationMs,
    })),
  });
  if (reports.some((r) => r.lost.length > 0 || r.dangling.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
