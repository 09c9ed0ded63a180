// Installs the dependencies when they are missing or older than package-lock.json: shared by
// npm start and npm test, so each works alone on a fresh clone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether node_modules is missing, or older than the lock file. */
export function needsInstall(root) {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  return installed === 0 || installed < mtime(path.join(root, 'package-lock.json'));
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

/**
 * Runs npm install when needed. `run(command, args, env)` runs a command and resolves with whether
 * it succeeded; by default it shows the output as it comes. Resolves with true when nothing was
 * needed or the install succeeded.
 */
export async function ensureInstalled(root, run = runInherited) {
  if (!needsInstall(root)) return true;
  const [command, args] = INSTALL_COMMAND;
  const ok = await run(command, args, installEnv());
  if (ok) {
    // npm leaves node_modules/.package-lock.json alone when nothing changed: mark it current.
    const marker = path.join(root, 'node_modules', '.package-lock.json');
    const now = new Date();
    if (fs.existsSync(marker)) fs.utimesSync(marker, now, now);
  }
  return ok;
}

function runInherited(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
