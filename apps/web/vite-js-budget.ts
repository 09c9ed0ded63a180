import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the budget needs to know of a built chunk (a subset of Rolldown's output chunk). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Chunks it imports statically: the browser loads them with it (Vite preloads them). */
  imports: string[];
  moduleIds: string[];
}

export interface BudgetOptions {
  /** The page the budget is for, as people see it (said in the build's output). */
  page: string;
  /** The route's module, relative to the web app's root: the lazy chunk its screen comes in. */
  routeModule: string;
  /** Most brotli-compressed bytes of JavaScript the page may load. */
  maxBrotliBytes: number;
}

export interface FileSize {
  fileName: string;
  brotliBytes: number;
}

export interface BudgetResult {
  total: number;
  over: number;
  /** One paragraph for the build's output: within the budget, or what exceeded it and by how much. */
  message: string;
}

const normalize = (id: string) => id.split(path.sep).join('/');

/**
 * The built JavaScript files a page loads: the entry chunk, the chunk holding the route's module, and
 * every chunk either imports statically (Vite preloads those before the route's code runs).
 */
/**
 * The build's one entry chunk and the chunk holding a route's module; `what` names the check in
 * the error thrown when either is not there.
 */
export function entryAndRoute<T extends Pick<BuiltChunk, 'isEntry' | 'moduleIds'>>(
  chunks: T[],
  routeModule: string,
  what: string,
): { entry: T; route: T } {
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) {
    throw new Error(`${what}: expected one entry chunk, found ${entries.length}`);
  }
  const suffix = `/${normalize(routeModule).replace(/^\.?\//, '')}`;
  const route = chunks.find((chunk) =>
    chunk.moduleIds.some((id) => normalize(id).split('?')[0]!.endsWith(suffix)),
  );
  if (!route) {
    throw new Error(
      `${what}: no chunk holds ${routeModule}; was it moved or renamed? Update its name in vite.config.ts.`,
    );
  }
  return { entry: entries[0]!, route };
}

/** A chunk and every chunk it imports statically, through each other, by file name. */
export function staticClosure(
  chunks: Pick<BuiltChunk, 'fileName' | 'imports'>[],
  start: string,
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    // An import that is not a chunk of the build (an external module) is no file to count.
    if (seen.has(fileName) || !byName.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)!.imports) visit(imported);
  };
  visit(start);
  return seen;
}

export function routeFiles(chunks: BuiltChunk[], routeModule: string): string[] {
  const { entry, route } = entryAndRoute(chunks, routeModule, 'JS budget');
  return [
    ...new Set([
      ...staticClosure(chunks, entry.fileName),
      ...staticClosure(chunks, route.fileName),
    ]),
  ];
}

/**
 * Scripts the page's HTML loads itself (classic scripts from public/, the entry, its module
 * preloads), as paths inside the build's folder.
 */
export function htmlScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel="modulepreload"/.test(tag)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith('/') && !url.startsWith('//')) found.add(url.slice(1).split('?')[0]!);
  }
  return [...found];
}

const formatBytes = (bytes: number) =>
  `${bytes.toLocaleString('en-US')} bytes (${(bytes / 1024).toFixed(1)} KiB)`;

/** Adds the files' sizes up against the budget. */
export function checkBudget(files: FileSize[], options: BudgetOptions): BudgetResult {
  const total = files.reduce((sum, file) => sum + file.brotliBytes, 0);
  const over = total - options.maxBrotliBytes;
  const largest = [...files]
    .sort((a, b) => b.brotliBytes - a.brotliBytes)
    .slice(0, 5)
    .map((file) => `${file.fileName} ${file.brotliBytes.toLocaleString('en-US')}`)
    .join(', ');
  const loads = `${options.page} loads ${formatBytes(total)} of brotli-compressed JavaScript in ${files.length} files`;
  const message =
    over > 0
      ? `JS budget exceeded: ${loads}, ${formatBytes(over)} over its budget of ${formatBytes(options.maxBrotliBytes)}. ` +
        `Largest: ${largest}. Keep what only other pages need out of its chunks (docs/decisions/0032-first-route-js-budget.md).`
      : `JS budget: ${loads}, within its budget of ${formatBytes(options.maxBrotliBytes)} (${formatBytes(-over)} to spare).`;
  return { total, over: Math.max(0, over), message };
}

/**
 * Bytes a browser asking for brotli receives for a built file: its precompressed copy, or the file
 * itself when it is too small to have one (the server sends those as they are).
 */
async function sentSize(file: string): Promise<number> {
  try {
    return (await fs.stat(`${file}.br`)).size;
  } catch {
    return (await fs.stat(file)).size;
  }
}

/**
 * Fails the build when the JavaScript a page loads (the scripts of index.html, the entry's chunks
 * and the route's), brotli-compressed as it is sent, exceeds its budget. Runs after the precompressed copies are written (vite-precompress.ts), and reads their
 * sizes.
 */
export function jsBudget(options: BudgetOptions): Plugin {
  let outDir = 'dist';
  let files: string[] = [];
  return {
    name: 'photo:js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push(output);
      }
      files = routeFiles(chunks, options.routeModule);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        const all = [...new Set([...htmlScripts(html), ...files])];
        const sizes = await Promise.all(
          all.map(async (fileName) => ({
            fileName,
            brotliBytes: await sentSize(path.join(outDir, fileName)),
          })),
        );
        const result = checkBudget(sizes, options);
        if (result.over > 0) throw new Error(result.message);
        this.info(result.message);
      },
    },
  };
}
