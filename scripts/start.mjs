// npm start: install what is missing, build, then serve the whole app (migrations run as the server starts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) === 0 || mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  console.log('Installing dependencies…');
  const env = { ...process.env };
  // Native modules build against the machine's Node headers instead of downloading them.
  if (!env.npm_config_nodedir && fs.existsSync('/usr/include/node/node.h'))
    env.npm_config_nodedir = '/usr';
  run('npm', ['install', '--no-audit', '--no-fund'], env);
}

console.log('Building…');
run('npm', ['run', 'build', '--silent']);

console.log(`Starting on http://localhost:${process.env.PORT ?? 3000}`);
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  // Fewer glibc malloc arenas keep image processing (libvips) from holding freed memory per thread.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
