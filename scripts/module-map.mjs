// Prints which part of the server (apps/server/src) imports which, production code and tests apart,
// and the parts that import each other. ESLint keeps the map one-way (eslint.config.js).
// Run: npm run module-map
import fs from 'node:fs';
import path from 'node:path';
import { relativeImports } from './lib/relative-imports.mjs';

const root = path.resolve(process.argv[2] ?? '.', 'apps/server/src');
const files = fs
  .readdirSync(root, { recursive: true })
  .filter((f) => /\.ts$/.test(f))
  .map((f) => path.join(root, f));

function partOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'modules' && rel.length > 2) return `modules/${rel[1]}`;
  if (rel.length > 1 && rel[0] !== 'modules') return rel[0];
  return rel.join('/').replace(/(\.test)?\.ts$/, '');
}

const isTest = (file) => /\.test\.ts$|test-support|[\\/]test[\\/]/.test(file);
const edges = { prod: new Map(), test: new Map() };
for (const file of files) {
  const posixFile = file.split(path.sep).join('/');
  for (const imported of relativeImports(posixFile, fs.readFileSync(file, 'utf8'))) {
    const target = path.resolve(imported.replace(/\.js$/, '.ts'));
    const [from, to] = [partOf(file), partOf(target)];
    if (from === to) continue;
    const kind = isTest(file) ? 'test' : 'prod';
    if (!edges[kind].has(from)) edges[kind].set(from, new Set());
    edges[kind].get(from).add(to);
  }
}
for (const kind of ['prod', 'test']) {
  console.log(kind === 'prod' ? 'Production code:' : 'Tests and test support (beyond the above):');
  for (const from of [...edges[kind].keys()].sort()) {
    const to = [...edges[kind].get(from)]
      .filter((t) => kind === 'prod' || !edges.prod.get(from)?.has(t))
      .sort();
    if (to.length) console.log(`  ${from.padEnd(18)} -> ${to.join(', ')}`);
  }
}
const prod = edges.prod;
const cycles = [];
for (const [a, tos] of prod)
  for (const b of tos) if (a < b && prod.get(b)?.has(a)) cycles.push(`${a} <-> ${b}`);
console.log(`Both ways (production): ${cycles.length ? cycles.join('; ') : 'none'}`);
