/**
 * The server's entry (decision 0100): built by `vite build --ssr` into dist/server, loaded by the
 * Fastify server, which draws the pages it knows with React (Recent Albums, an album's page, a
 * share link's page) from the API's answers, for the browser to hydrate (main.tsx).
 */
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { pageCache, pageQueries, type PageAnswer } from './app/server-render/page-queries';
import { setDrawnGridWidth } from './features/albums/lib/drawn-grid-width';
import { SERVER_DATA_ID, type ServerData } from './features/pages/server-data';
import { pickLocale } from './i18n/locales';
import { setLocale } from './i18n/i18n';

export { pageQueries };
export type { PageAnswer };

export interface RenderInput {
  /** The page's address: path and query. */
  url: string;
  /** The language chosen in the browser (its `photo.locale` cookie), if any. */
  chosenLocale: string | null;
  /** The browser's languages, from Accept-Language, best first. */
  languages: readonly string[];
  /** Whom the page is for (their session cookie), or null. */
  viewer: string | null;
  /** The API's answers to pageQueries(pathname), by path. */
  answers: ReadonlyMap<string, PageAnswer>;
  /** The width the browser last laid its album grid out at (its `photo.grid` cookie), if known. */
  gridWidth?: number | null;
}

export interface RenderedPage {
  /** What goes inside the page's root element. */
  html: string;
  /** The page's data block (a JSON script element), to put after the root. */
  dataScript: string;
  locale: string;
}

/** A JSON text safe inside a script element: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** React's output, whole: the server waits for every part (code split routes) before sending. */
function renderToString(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    let failed: Error | null = null;
    const stream = renderToPipeableStream(element, {
      // A large part (a grid of many tiles) is not sent apart, put in place by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => {
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      // A part that failed would be left to the browser, by an inline script: the whole page is.
      onError: (error) => {
        failed ??= error instanceof Error ? error : new Error('The page could not be drawn.');
      },
    });
    setTimeout(() => stream.abort(new Error('The page took too long to draw.')), 5000).unref();
  });
}

/**
 * Draws the page at `url`, or answers null when the page is not drawn on the server (not one it
 * knows, or an answer it needs failed): the browser then draws it as it always did.
 */
export async function render(input: RenderInput): Promise<RenderedPage | null> {
  const pathname = new URL(input.url, 'http://page.invalid').pathname;
  const queries = pageQueries(pathname, input.viewer !== null, input.answers);
  const entries = queries && pageCache(queries, input.answers);
  if (!entries) return null;
  const locale = pickLocale(input.chosenLocale, input.languages);
  // One page at a time is drawn (the server queues them): the language is the process's.
  await setLocale(locale);
  setDrawnGridWidth(input.gridWidth ?? null);
  const data: ServerData = { locale, viewer: input.viewer, queries: entries };
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={input.url}>{children}</StaticRouter>
  );
  const app = (
    <StrictMode>
      <App serverData={data} Router={Router} />
    </StrictMode>
  );
  // A page whose code split parts were not loaded yet comes out in pieces put together by inline
  // scripts, which the page's CSP refuses: drawn again once they are, it comes out whole.
  let html = await renderToString(app);
  if (html.includes('<script')) html = await renderToString(app);
  if (html.includes('<script')) return null;
  return {
    html,
    dataScript: `<script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(data)}</script>`,
    locale,
  };
}
