import path from 'node:path';
import { build, type Alias, type Plugin } from 'vite';

export interface ClassicScript {
  /** The script's name in the build's folder, as index.html loads it: `<script src="/NAME">`. */
  fileName: string;
  /** Its TypeScript entry, relative to the web app's root. */
  entry: string;
}

export interface ClassicScriptsOptions {
  scripts: ClassicScript[];
  /** The app build's aliases, so the scripts resolve modules as the app does. */
  alias?: Alias[];
}

const tagOf = (script: ClassicScript) => `<script src="/${script.fileName}"></script>`;
const markOf = (script: ClassicScript) => `<!-- classic script: ${script.fileName} -->`;

/**
 * Builds small scripts of index.html's head from TypeScript, each into one self-contained classic
 * script (an IIFE, no imports): they run before the app's code has loaded, and share the app's
 * modules (the same storage keys, picture URLs and sizes) instead of copies of them. In `vite dev`
 * the page loads their sources as modules instead.
 */
export function classicScripts({ scripts, alias = [] }: ClassicScriptsOptions): Plugin {
  let root = process.cwd();
  let serving = false;
  return {
    name: 'photo:classic-scripts',
    configResolved(config) {
      root = config.root;
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      // Before Vite reads the page: it would try to bundle the tags' sources otherwise.
      order: 'pre',
      handler(html) {
        const missing = scripts.find((script) => !html.includes(tagOf(script)));
        if (missing) throw new Error(`index.html must load ${tagOf(missing)} in its head`);
        return scripts.reduce(
          (page, script) =>
            page.replace(
              tagOf(script),
              serving ? `<script type="module" src="/${script.entry}"></script>` : markOf(script),
            ),
          html,
        );
      },
    },
    // Puts the tags back where they were, once Vite has read the page.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset' || typeof page.source !== 'string') return;
        page.source = scripts.reduce(
          (source, script) => source.replace(markOf(script), tagOf(script)),
          page.source,
        );
      },
    },
    async buildStart() {
      if (serving) return;
      for (const script of scripts) {
        const output = await build({
          configFile: false,
          root,
          logLevel: 'warn',
          resolve: { alias },
          build: {
            write: false,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            lib: {
              entry: path.resolve(root, script.entry),
              formats: ['iife'],
              name: '__photoClassicScript',
            },
          },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
          'output' in result ? result.output : [],
        );
        const chunk = chunks.find((item) => item.type === 'chunk');
        if (!chunk || chunks.some((item) => item.type === 'chunk' && item !== chunk)) {
          this.error(`${script.entry} must build into one script, with no chunks of its own`);
        }
        this.emitFile({ type: 'asset', fileName: script.fileName, source: chunk.code });
      }
    },
  };
}
