/**
 * The real server process killed with SIGKILL during concurrent writes, a few times (CRASH_KILLS,
 * 3 by default; `npm run bench:crash` kills it twenty times and more): nothing acknowledged is
 * lost, nothing points at what is not there.
 */
import { describe, expect, it } from 'vitest';
import { runCrashCycles } from '../test/crash-harness.js';

const database = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const KILLS = Number(process.env.CRASH_KILLS ?? 3);

describe('kill -9 during concurrent writes', () => {
  it(
    `loses no acknowledged write and leaves no dangling reference (${KILLS} kills)`,
    async () => {
      const report = await runCrashCycles({
        database,
        kills: KILLS,
        writers: 4,
        killAfterMs: [400, 1500],
      });
      expect(report.kills).toBe(KILLS);
      expect(report.lost).toEqual([]);
      expect(report.dangling).toEqual([]);
      // The kills land while writes are being made, not in a quiet moment.
      expect(report.acknowledged).toBeGreaterThan(KILLS * 5);
      expect(report.inFlight).toBeGreaterThanOrEqual(KILLS);
    },
    KILLS * 60_000 + 60_000,
  );
});
