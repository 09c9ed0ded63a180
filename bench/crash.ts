// Crash safety: kills the real server with SIGKILL during concurrent writes, BENCH_KILLS times
// (20 by default) on SQLite and, when it answers, PostgreSQL; after each restart every
// acknowledged write must be there and no reference may dangle. Prints the figures; exits 1 on a
// lost write or a dangling reference.
// Run: npm run build && npm run bench:crash   (BENCH_KILLS=20 BENCH_WRITERS=6
// BENCH_DATABASES=sqlite,postgres BENCH_KILL_AFTER_MS=1000,5000)
import os from 'node:os';
import { runCrashCycles, type CrashReport } from '../apps/server/src/test/crash-harness.js';
import { postgresAvailability } from '../apps/server/src/test/postgres.js';
import { serverArgs } from './lib/server.js';

const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 6);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
/** The kill comes at a random moment in this range after the writes start, in ms. */
const [KILL_MIN_MS, KILL_MAX_MS] = (process.env.BENCH_KILL_AFTER_MS ?? '1000,5000')
  .split(',')
  .map(Number) as [number, number];

async function main() {
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
    if (database !== 'sqlite' && database !== 'postgres')
      throw new Error(`unknown database ${database}`);
    console.log(`${database}: ${KILLS} kills, ${WRITERS} writers, server ${mode}`);
    reports.push(
      await runCrashCycles({
        database,
        kills: KILLS,
        writers: WRITERS,
        killAfterMs: [KILL_MIN_MS, KILL_MAX_MS],
        serverArgs: args,
        progress: (line) => console.log(`  ${line}`),
      }),
    );
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `\nCrash benchmark, ${new Date().toISOString()}, ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
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
  if (reports.some((r) => r.lost.length > 0 || r.dangling.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
