import type { ChildProcess } from 'node:child_process';

/** Server processes a test started that have not exited yet. */
const running = new Set<ChildProcess>();

/**
 * Kills the servers a test started when the test process ends, whatever way it ends: a test that
 * timed out while its server ran would otherwise leave the server running, without a parent, after
 * the test runner's worker has gone.
 */
function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
}
process.once('exit', killLeftovers);

/** Kills `child` when this process exits, unless it has exited before. */
export function killWithThisProcess<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
