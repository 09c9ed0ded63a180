import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

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

const SETPRIV = '/usr/bin/setpriv';
const hasSetpriv = fs.existsSync(SETPRIV);

/**
 * The command and arguments that run Node with `args` and that the kernel kills (SIGKILL) if this
 * process dies first, whatever way: Vitest ends a worker with a signal, and 'exit' handlers do not
 * run then. util-linux's `setpriv --pdeathsig` sets that and execs Node in the same process; where
 * it is missing, Node runs alone and killWithThisProcess is all there is.
 */
export function nodeKilledWithThisProcess(args: readonly string[]): [string, string[]] {
  return hasSetpriv
    ? [SETPRIV, ['--pdeathsig', 'KILL', process.execPath, ...args]]
    : [process.execPath, [...args]];
}
