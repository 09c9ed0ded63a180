import type { Plugin } from 'vite';
import { entryAndRoute, staticClosure } from './vite-js-budget.ts';

/** What the plugin needs to know of a built chunk (a subset of Rolldown's output chunk). */
export interface RouteChunk {
  fileName: string;
  isEntry: boolean;
  /** Chunks it imports statically: the browser loads them with it. */
  imports: string[];
  moduleIds: string[];
  /** Stylesheets Vite loads with the chunk. */
  viteMetadata?: { importedCss: Set<string> };
}

/** The string an early script holds where the build writes in the files of its pages. */
export const ROUTE_FILES_TOKEN = '__PHOTO_ROUTE_FILES__';

/**
 * The files a lazily loaded route brings besides what the entry has loaded already: the chunk
 * holding the route's module, the chunks it imports statically, and their stylesheets; paths from
 * the site's root. The stylesheets come in the order Vite loads them, those of a chunk's imports
 * before its own: a rule of the route's that overrides one of a shared part wins as it does when
 * the app loads the route itself.
 */
export function routeOnlyFiles(chunks: RouteChunk[], routeModule: string): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const { entry, route } = entryAndRoute(chunks, routeModule, 'route preloads');
  const loaded = staticClosure(chunks, entry.fileName);
  const files = [...staticClosure(chunks, route.fileName)].filter(
    (fileName) => !loaded.has(fileName),
  );
  const styles = new Set<string>();
  const visited = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || visited.has(fileName) || loaded.has(fileName)) return;
    visited.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  };
  visit(route.fileName);
  return [...files, ...styles].map((fileName) => `/${fileName}`);
}

export interface RoutePreloadsOptions {
  /** The early script (a classic script of the build) that holds ROUTE_FILES_TOKEN. */
  script: string;
  /** Each page the script knows, by the name it asks for, and its route's module. */
  routes: Record<string, string>;
  /**
   * The same list, for the pages the server draws (decision 0100), as a JSON file of the build:
   * the server links their stylesheets and code from the page it sends.
   */
  serverPages?: { fileName: string; routes: Record<string, string> };
}

/**
 * Writes into an early script of index.html's head the files each of its pages loads once the
 * app's code has chosen the route, so that the script can start them beside the app's code
 * instead of after it: one round trip less before the page is drawn.
 */
export function routePreloads({ script, routes, serverPages }: RoutePreloadsOptions): Plugin {
  return {
    name: 'photo:route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks: RouteChunk[] = [];
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.push(output);
        }
        const files = Object.fromEntries(
          Object.entries(routes).map(([name, module]) => [name, routeOnlyFiles(chunks, module)]),
        );
        const asset = bundle[script];
        if (asset?.type !== 'asset' || typeof asset.source !== 'string') {
          this.error(`route preloads: the build has no script ${script}`);
        }
        const token = new RegExp(`(["'\`])${ROUTE_FILES_TOKEN}\\1`);
        if (!token.test(asset.source)) {
          this.error(`route preloads: ${script} does not hold ${ROUTE_FILES_TOKEN}`);
        }
        asset.source = asset.source.replace(token, () => JSON.stringify(JSON.stringify(files)));
        if (serverPages) {
          const pages = Object.fromEntries(
            Object.entries(serverPages.routes).map(([name, module]) => [
              name,
              routeOnlyFiles(chunks, module),
            ]),
          );
          this.emitFile({
            type: 'asset',
            fileName: serverPages.fileName,
            source: JSON.stringify(pages),
          });
        }
      },
    },
  };
}
