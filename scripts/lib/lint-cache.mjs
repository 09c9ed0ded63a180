// Where ESLint keeps its cache for npm test: a folder named after the contents of every file the
// lint can read (the sources, their configurations and package-lock.json). Typed rules and
// import/no-cycle read other files than the one they report on, and ESLint's cache knows only the
// file itself and the configuration: a cache shared by two versions of the sources could keep an
// error that another file's change made, or hide one. Under this name the cache is only ever read
// for the very same sources, where it answers what a full lint would.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const CACHE_ROOT = path.join('node_modules', '.cache', 'eslint');
/** Caches of other versions of the sources that are kept (a branch switched back and forth). */
const KEPT = 3;
const READ = /\.(?:[cm]?[jt]sx?|json)$/;

/** The sources the lint reads, as git knows them (tracked, or new and not ignored). */
function sourceFiles(root) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(listed.split('\0').filter((file) => READ.test(file)))].sort();
}

/**
 * ESLint's arguments for a cache of the sources as they are now (and the old caches pruned); none
 * where git cannot list the sources (a copy without its history), and the lint runs in full.
 */
export function lintCacheArgs(root) {
  let files;
  try {
    files = sourceFiles(root);
  } catch {
    return [];
  }
  const digest = createHash('sha256');
  for (const file of files) {
    let contents;
    try {
      contents = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // listed by git but deleted since: the lint does not read it either.
    }
    digest.update(`${file}\0${contents.length}\0`).update(contents);
  }
  const dir = path.join(root, CACHE_ROOT);
  const location = path.join(dir, digest.digest('hex').slice(0, 24));
  pruneCaches(dir, location);
  return ['--cache', '--cache-strategy', 'content', '--cache-location', `${location}${path.sep}`];
}

function pruneCaches(dir, current) {
  let entries;
  try {
    entries = fs.readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    return;
  }
  const old = entries
    .filter((entry) => entry !== current)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    .slice(KEPT);
  for (const entry of old) fs.rmSync(entry, { recursive: true, force: true });
}
