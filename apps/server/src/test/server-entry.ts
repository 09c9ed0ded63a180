import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sourceDirs = [
  path.join(serverRoot, 'src'),
  path.resolve(serverRoot, '../../packages/contract/src'),
];

/** The TypeScript sources a server bundle is made of (test files aside), sorted. */
async function sources(): Promise<string[]> {
  const files: string[] = [];
  for (const dir of sourceDirs) {
    for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.includes('.test.')) continue;
      files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files.sort();
}

/**
 * Bundles the server's entry point as `npm run build` does (apps/server/build.mjs: esbuild, npm
 * dependencies external), once for a set of sources: the bundle is named after their digest, and
 * test workers that ask at the same time each write their own copy and rename it into place.
 * Kept under apps/server/node_modules, so that the bundle finds the dependencies as dist/main.js
 * does; named .mjs, as no package.json says what a .js file there is.
 */
async function bundle(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await sources()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(file))
      .update('\0');
  }
  const dir = path.join(serverRoot, 'node_modules', '.cache', 'test-server');
  const outfile = path.join(dir, `main-${hash.digest('hex').slice(0, 16)}.mjs`);
  if (await fs.stat(outfile).catch(() => undefined)) return outfile;
  const pkg = JSON.parse(await fs.readFile(path.join(serverRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const partial = `${outfile}.${randomBytes(4).toString('hex')}.part`;
  await build({
    entryPoints: [path.join(serverRoot, 'src/main.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'inline',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@photo/')),
    logLevel: 'warning',
  });
  await fs.rename(partial, outfile);
  return outfile;
}

let made: Promise<string> | undefined;

/**
 * Node's arguments that run the real server in a process of its own, from these sources: a bundle
 * made as the build makes it. Starting it costs about half the CPU of running the sources through
 * tsx (3.9 s against 7 s here), and tests start servers a few dozen times.
 */
export async function serverProcessArgs(): Promise<string[]> {
  made ??= bundle().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return ['--enable-source-maps', await made];
}
