// Fails when modules of the web app or the server import each other, directly or round a longer
// loop: what import/no-cycle checked in ESLint, here in a few seconds instead of most of the lint's
// time (decision 0076). Same rules as import/no-cycle: an import that brings in types only
// (`import type`, or every name marked `type`) is no edge, any other import is, dynamic `import()`
// and `export … from` included; module names resolve as TypeScript resolves them, with each app's
// tsconfig.json.
// Run: node scripts/import-cycles.mjs (npm run lint and npm test run it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The code checked, and the tsconfig.json its imports resolve with. */
const PARTS = [
  { dir: 'apps/web', tsconfig: 'apps/web/tsconfig.json', files: /\.tsx?$/ },
  { dir: 'apps/server/src', tsconfig: 'apps/server/tsconfig.json', files: /\.ts$/ },
];

function compilerOptions(tsconfig) {
  const file = path.join(root, tsconfig);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file)).options;
}

function sourceFiles(dir, pattern) {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .filter((name) => pattern.test(name) && !name.endsWith('.d.ts'))
    .filter(
      (name) => !name.split(path.sep).some((part) => part === 'node_modules' || part === 'dist'),
    )
    .map((name) => path.join(root, dir, name));
}

const onlyTypes = (elements) =>
  elements !== undefined && elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The module names a file imports for their values (not for types only). */
function valueImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          onlyTypes(clause.namedBindings.elements));
      if (!typeOnly) names.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          onlyTypes(node.exportClause.elements));
      if (!typeOnly) names.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isImportEqualsDeclaration(node) &&
      !node.isTypeOnly &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      names.push(node.moduleReference.expression.text);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      names.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Each checked file and the checked files it imports for their values. */
function importGraph() {
  const graph = new Map();
  for (const part of PARTS) {
    const options = compilerOptions(part.tsconfig);
    const cache = ts.createModuleResolutionCache(root, (name) => name, options);
    const files = sourceFiles(part.dir, part.files);
    const checked = new Set(files);
    for (const file of files) {
      const targets = new Set();
      for (const name of valueImports(file)) {
        const resolved = ts.resolveModuleName(name, file, options, ts.sys, cache).resolvedModule;
        const target = resolved && path.resolve(resolved.resolvedFileName);
        if (target && checked.has(target)) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The groups of files that import each other (Tarjan's strongly connected components). */
function loops(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file).has(file)) found.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

/** One loop through a group, from its first file back to it, for the message. */
function loopThrough(graph, group) {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const from = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file)) {
      if (target === start) {
        const loop = [start];
        for (let at = file; at !== start; at = from.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (members.has(target) && !from.has(target)) {
        from.set(target, file);
        queue.push(target);
      }
    }
  }
  return group;
}

const graph = importGraph();
const found = loops(graph);
const relative = (file) => path.relative(root, file);
if (found.length === 0) {
  console.log(`No import cycle among ${graph.size} modules of the web app and the server.`);
} else {
  for (const group of found) {
    console.error(`Import cycle: ${loopThrough(graph, group).map(relative).join(' -> ')}`);
    if (group.length > 2) {
      console.error(
        `  (the files that import each other: ${group.map(relative).sort().join(', ')})`,
      );
    }
  }
  console.error(
    `${found.length} import ${found.length === 1 ? 'cycle' : 'cycles'}: break each by moving what both sides need into a module that neither imports.`,
  );
  process.exitCode = 1;
}
