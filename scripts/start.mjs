// npm start: install what is missing, build, then serve the whole app (migrations run as the server starts).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, needsInstall } from './lib/ensure-installed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (needsInstall(root)) {
  console.log('Installing dependencies…');
  if (!(await ensureInstalled(root))) {
    console.error("Installing the dependencies failed (see npm's messages above).");
    process.exit(1);
  }
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
