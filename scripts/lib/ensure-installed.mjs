// Installs the dependencies when they are missing or older than package-lock.json: shared by
// npm start and npm test, so each works alone on a fresh clone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Left in node_modules by an install that put the packages in place without running their own
 * install scripts (better-sqlite3's build from source, above all), until `npm rebuild` has run
 * them: an install interrupted between the two is finished by the next one.
 */
const SCRIPTS_PENDING = '.install-scripts-pending';

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const pendingMarker = (root) => path.join(root, 'node_modules', SCRIPTS_PENDING);

/** Whether the packages are missing, or older than the lock file. */
function packagesStale(root) {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  return installed === 0 || installed < mtime(path.join(root, 'package-lock.json'));
}

/** Whether node_modules is missing, older than the lock file, or its install scripts have not run. */
export function needsInstall(root) {
  return packagesStale(root) || fs.existsSync(pendingMarker(root));
}

/** The environment npm install runs in. */
export function installEnv(env = process.env) {
  const result = { ...env };
  // Native modules (better-sqlite3) build against the machine's Node headers: node-gyp must not
  // try to download them.
  if (!result.npm_config_nodedir && fs.existsSync('/usr/include/node/node.h')) {
    result.npm_config_nodedir = '/usr';
  }
  return result;
}

/** The command that installs the dependencies, as [command, args]. */
export const INSTALL_COMMAND = ['npm', ['install', '--no-audit', '--no-fund']];

/** The command that runs the installed packages' own install scripts, as [command, args]. */
const INSTALL_SCRIPTS_COMMAND = ['npm', ['rebuild']];

/**
 * Puts the packages in place when they are missing or stale. With `withoutScripts`, their own
 * install scripts are left for `runPendingScripts` (npm test runs them beside the checks, which do
 * not need them: the build from source is a minute on one core). `run(command, args, env)` runs a
 * command and resolves with whether it succeeded. Resolves with true when nothing was needed or
 * the install succeeded.
 */
export async function installPackages(root, run, { withoutScripts = false } = {}) {
  if (!packagesStale(root)) return true;
  const [command, args] = INSTALL_COMMAND;
  if (withoutScripts) {
    fs.mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    fs.writeFileSync(pendingMarker(root), 'npm rebuild has not run since the last install\n');
  }
  const ok = await run(
    command,
    withoutScripts ? [...args, '--ignore-scripts'] : args,
    installEnv(),
  );
  if (ok) {
    // npm leaves node_modules/.package-lock.json alone when nothing changed: mark it current.
    const marker = path.join(root, 'node_modules', '.package-lock.json');
    const now = new Date();
    if (fs.existsSync(marker)) fs.utimesSync(marker, now, now);
  }
  return ok;
}

/** Runs the packages' install scripts if an install left them; resolves with whether all is done. */
export async function runPendingScripts(root, run) {
  if (!fs.existsSync(pendingMarker(root))) return true;
  const [command, args] = INSTALL_SCRIPTS_COMMAND;
  const ok = await run(command, args, installEnv());
  if (ok) fs.rmSync(pendingMarker(root), { force: true });
  return ok;
}

/**
 * Installs what is missing, install scripts included. `run(command, args, env)` runs a command and
 * resolves with whether it succeeded; by default it shows the output as it comes.
 */
export async function ensureInstalled(root, run = runInherited) {
  return (await installPackages(root, run)) && (await runPendingScripts(root, run));
}

function runInherited(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
