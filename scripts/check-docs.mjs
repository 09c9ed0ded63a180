// Checks the docs against themselves and against the tree (decision 0077):
// - README.md, docs/*.md and docs/decisions/*.md say nothing twice (a paragraph, or a list item,
//   table row or sentence of 12 words or more, repeated within one document);
// - docs/architecture.md names the server's folders, its modules and the web app's features as
//   they are (its `<!-- list: … -->` lists);
// - its Mermaid diagram draws the modules, the features and the imports between them as the
//   production code makes them;
// - a source file README.md or docs/*.md names (`files/store/blobs.ts`) exists (the performance
//   history and the decisions are records of their day, and may name files since gone).
// Run: node scripts/check-docs.mjs [--write]   (--write draws the diagram anew in place)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codeSpanList,
  compareNames,
  diffGraphs,
  findRepeats,
  GRAPH_END,
  GRAPH_START,
  graphBlock,
  namedSourcePaths,
  namesAFile,
  parseMermaid,
  renderMermaid,
  withGraph,
} from './lib/docs-checks.mjs';
import { relativeImports } from './lib/relative-imports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const write = process.argv.includes('--write');
const ARCHITECTURE = 'docs/architecture.md';

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const markdownIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.posix.join(dir, name));

/** Production code only: no tests, test support or test folders. */
const isTest = (file) => /\.test\.tsx?$|test-support|(^|\/)test\//.test(file);

/**
 * The edges between the folders of `dir` that its production code's imports make (`a -> b`), read
 * with TypeScript's import scanner (static and dynamic imports, re-exports).
 */
function importEdges(dir, names) {
  const base = path.join(root, dir);
  const edges = new Set();
  for (const from of names) {
    const files = fs
      .readdirSync(path.join(base, from), { recursive: true })
      .map((file) => path.posix.join(from, file.split(path.sep).join('/')))
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !isTest(file));
    for (const file of files) {
      const source = fs.readFileSync(path.join(base, file), 'utf8');
      for (const target of relativeImports(file, source)) {
        const to = target.split('/')[0];
        if (to !== from && names.includes(to) && target.includes('/'))
          edges.add(`${from} -> ${to}`);
      }
    }
  }
  return [...edges].sort();
}

const serverModules = folders('apps/server/src/modules');
const webFeatures = folders('apps/web/src/features');
const realGraph = {
  server: { nodes: serverModules, edges: importEdges('apps/server/src/modules', serverModules) },
  web: { nodes: webFeatures, edges: importEdges('apps/web/src/features', webFeatures) },
};

const failures = [];
const fail = (file, line, message) => failures.push(`${file}${line ? `:${line}` : ''}: ${message}`);

let architecture = read(ARCHITECTURE);
if (write) {
  if (!graphBlock(architecture)) {
    console.error(`${ARCHITECTURE} has no ${GRAPH_START} … ${GRAPH_END} block to draw in.`);
    process.exit(1);
  }
  const drawn = withGraph(architecture, realGraph);
  if (drawn !== architecture) {
    fs.writeFileSync(path.join(root, ARCHITECTURE), drawn);
    console.log(`${ARCHITECTURE}: module graph drawn anew.`);
  }
  architecture = drawn;
}

// Nothing said twice.
for (const file of ['README.md', ...markdownIn('docs'), ...markdownIn('docs/decisions')]) {
  for (const repeat of findRepeats(read(file))) {
    const text = repeat.text.replace(/\s+/g, ' ');
    const shown = text.length > 100 ? `${text.slice(0, 97)}...` : text;
    fail(file, repeat.line, `repeats line ${repeat.firstLine} (a ${repeat.kind}): "${shown}"`);
  }
}

// The files the docs name are there.
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'coverage']);
function treeFiles(dir = '') {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? treeFiles(file) : [file];
  });
}
const tree = treeFiles();
for (const file of ['README.md', ...markdownIn('docs')]) {
  if (file === 'docs/performance-history.md') continue;
  for (const named of namedSourcePaths(read(file))) {
    if (!namesAFile(named.path, tree)) fail(file, named.line, `names ${named.path}: no such file`);
  }
}

// The lists name every folder, and only folders.
const lists = [
  { name: 'server-folders', what: 'folders of apps/server/src', real: folders('apps/server/src') },
  { name: 'server-modules', what: 'server modules', real: serverModules },
  { name: 'web-features', what: 'web features', real: webFeatures },
];
for (const { name, what, real } of lists) {
  const list = codeSpanList(architecture, name);
  if (!list) {
    fail(ARCHITECTURE, 0, `no <!-- list: ${name} --> followed by the ${what} as code spans`);
    continue;
  }
  const { missing, extra } = compareNames(real, list.names);
  if (missing.length) fail(ARCHITECTURE, list.line, `the ${what} lack ${missing.join(', ')}`);
  if (extra.length)
    fail(ARCHITECTURE, list.line, `the ${what} name ${extra.join(', ')}: no such folder`);
}

// The diagram draws the graph as it is.
const block = graphBlock(architecture);
const expected = renderMermaid(realGraph);
if (!block) {
  fail(ARCHITECTURE, 0, `no module graph between ${GRAPH_START} and ${GRAPH_END}`);
} else {
  const line = architecture.slice(0, architecture.indexOf(GRAPH_START)).split('\n').length;
  const { graph, errors } = parseMermaid(block.inside);
  for (const error of errors) fail(ARCHITECTURE, line, `module graph, ${error}`);
  for (const difference of diffGraphs(realGraph, graph)) {
    fail(ARCHITECTURE, line, `module graph, ${difference}`);
  }
}

if (failures.length) {
  console.error(`The docs disagree with themselves or with the tree (${failures.length}):`);
  for (const failure of failures) console.error(`  ${failure}`);
  if (failures.some((failure) => failure.includes('module graph'))) {
    console.error(
      `\nThe module graph as the code makes it (\`node scripts/check-docs.mjs --write\` draws it in ${ARCHITECTURE}):\n`,
    );
    console.error(expected);
  }
  process.exit(1);
}
console.log(
  `Docs: no repeats; ${serverModules.length} server modules, ${webFeatures.length} web features and ` +
    `${realGraph.server.edges.length + realGraph.web.edges.length} imports between them as drawn.`,
);
