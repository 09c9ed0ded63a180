import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { INNER_REQUEST_HEADER, innerRequestMark } from '../../http/inner-request.js';
import {
  innerIdToken,
  viewerOfWebSession,
  WEB_SESSION_COOKIE,
} from '../identity/identity.web-session.js';

/** An answer of the API, as the web's server entry reads it. */
interface PageAnswer {
  status: number;
  body: unknown;
  link: string | null;
}

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist/server) offers. */
interface ServerEntry {
  pageQueries(
    pathname: string,
    signedIn: boolean,
    answers: ReadonlyMap<string, PageAnswer>,
  ): { path: string }[] | null;
  render(input: {
    url: string;
    chosenLocale: string | null;
    languages: readonly string[];
    viewer: string | null;
    answers: ReadonlyMap<string, PageAnswer>;
    gridWidth: number | null;
  }): Promise<{ html: string; dataScript: string; locale: string } | null>;
}

/** Draws a page on the server, into the page's HTML (index.html, or a share link's page). */
export interface PageRenderer {
  /** The page drawn into `template`, or null when it is the browser's to draw. */
  page(request: FastifyRequest, template: string): Promise<string | null>;
}

/** The browser's languages from Accept-Language, best first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** Which of the build's route file lists (server-pages.json) a page needs. */
function pageKind(pathname: string): 'album' | 'recent' | 'shared' | 'timeline' {
  if (pathname === '/albums/recent') return 'recent';
  if (pathname === '/photos' || pathname === '/favourites') return 'timeline';
  return pathname.startsWith('/shared/') ? 'shared' : 'album';
}

/**
 * The build's file lists (server-pages.json) a page links from its head, so that none of them is
 * asked for only once the entry has run: its route's; the catalog of the language it is drawn in
 * (hydrating waits for it, the first screen does not); and what a signed-in person's top bar
 * loads as it hydrates (the bell, its live stream, the account menu's panel).
 */
function pageFileLists(pathname: string, locale: string, signedIn: boolean): string[] {
  return [
    pageKind(pathname),
    `messages-${locale}`,
    ...(signedIn ? ['bell', 'activity-live', 'account-menu'] : []),
  ];
}

/**
 * The width the browser last laid its album grid out at (its `photo.grid` cookie), so the server
 * draws the grid in the rows the browser will: a whole number of pixels a screen may have, or null.
 */
function gridWidthOf(cookie: string | undefined): number | null {
  if (!cookie || !/^\d{3,4}$/.test(cookie)) return null;
  const width = Number(cookie);
  return width >= 200 && width <= 7680 ? width : null;
}

/** How many times a page's GETs may depend on answers to others. */
const MAX_QUERY_ROUNDS = 3;

const ROOT = /<div id="root">[\s\S]*?<\/noscript>\s*<\/div>/;
/** The app's entry and what it imports first, as the build wrote them in the template's head. */
const APP_CODE =
  /\s*<script type="module" crossorigin src="([^"]*)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]*)">/g;
const EARLY_SCRIPT = /\s*<script src="\/albums-preload\.js"><\/script>/;
/** What React hoists to the front of its output: preloads of the first pictures, the title. */
const HOISTED = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>|<meta [^>]*\/>)*/;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page's HTML with the drawn page in its root, its data block after it, and in its head what
 * React hoisted, the route's stylesheets, and the first screen's script naming the app's code, which
 * it asks for once the first pictures are shown (decision 0126). The early script of the head is
 * left out: what it would start is in the page already.
 */
function fill(
  template: string,
  drawn: { html: string; dataScript: string; locale: string },
  files: readonly string[],
): string | null {
  if (!ROOT.test(template)) return null;
  const hoisted = HOISTED.exec(drawn.html)?.[0] ?? '';
  const body = drawn.html.slice(hoisted.length);
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  // The app's code, the template's (its entry and what the entry imports) and the page's, is
  // asked for by the first screen's script once the pictures are on the screen.
  const code: string[] = [];
  let entry = '';
  const withoutCode = template.replace(APP_CODE, (_, script?: string, preload?: string) => {
    if (script) entry = script;
    else if (preload) code.push(preload);
    return '';
  });
  const styles: string[] = [];
  for (const file of files) {
    if (file.endsWith('.css'))
      styles.push(`<link rel="stylesheet" crossorigin href="${attribute(file)}">`);
    else code.push(file);
  }
  const head = [
    hoisted.replace(/<title>[^<]*<\/title>/, ''),
    ...styles,
    `<script src="/first-screen.js" data-entry="${attribute(entry)}" data-files="${attribute(code.join(' '))}" defer></script>`,
  ].join('');
  let html = withoutCode
    .replace(EARLY_SCRIPT, '')
    .replace(/<html lang="[^"]*">/, `<html lang="${attribute(drawn.locale)}">`)
    .replace('</head>', `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${body}</div>${drawn.dataScript}`);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  return html;
}

/**
 * The pages the server draws (decision 0100): Recent Albums, an album's page and Photos for the
 * viewer a session cookie names, a share link's page for anyone. The page's data is asked of the
 * API itself, with an ID token of the viewer that never leaves the process, so it is what the
 * browser would have been answered; pages are drawn one at a time (the web app's language is one
 * for the process). Null when the web build has no server entry.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  deps: AppDeps,
  webDist: string,
): Promise<PageRenderer | null> {
  const entryFile = path.join(webDist, 'server', 'entry-server.js');
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const routeFiles = JSON.parse(
    fs.readFileSync(path.join(webDist, 'server-pages.json'), 'utf8'),
  ) as Record<string, string[] | undefined>;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function ask(url: string, idToken: string | null): Promise<PageAnswer> {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        [INNER_REQUEST_HEADER]: innerRequestMark(),
        ...(idToken ? { idtoken: idToken } : {}),
      },
    });
    const link = res.headers.link;
    return {
      status: res.statusCode,
      body: res.statusCode === 200 ? res.json<unknown>() : null,
      link: typeof link === 'string' ? link : null,
    };
  }

  return {
    async page(request, template) {
      const pathname = request.url.split('?')[0] ?? '/';
      const cookie = request.cookies[WEB_SESSION_COOKIE];
      const viewer =
        cookie && deps.signingKeys ? await viewerOfWebSession(deps.db, deps.clock, cookie) : null;
      const answers = new Map<string, PageAnswer>();
      let queries = entry.pageQueries(pathname, viewer !== null, answers);
      if (!queries) return null;
      const idToken =
        viewer && deps.signingKeys
          ? await innerIdToken(deps.signingKeys, deps.config, deps.clock, viewer)
          : null;
      // The page's GETs, then those its answers name (Photos' first months), a few rounds at most.
      for (let round = 0; round < MAX_QUERY_ROUNDS; round += 1) {
        const asked = queries.filter(({ path: url }) => !answers.has(url));
        if (asked.length === 0) break;
        for (const [url, answer] of await Promise.all(
          asked.map(async ({ path: url }) => [url, await ask(url, idToken)] as const),
        )) {
          answers.set(url, answer);
        }
        queries = entry.pageQueries(pathname, viewer !== null, answers) ?? [];
      }
      const drawn = await oneAtATime(() =>
        entry.render({
          url: request.url,
          chosenLocale: request.cookies['photo.locale'] ?? null,
          languages: acceptedLanguages(request.headers['accept-language']),
          viewer: viewer?.id ?? null,
          answers,
          gridWidth: gridWidthOf(request.cookies['photo.grid']),
        }),
      );
      if (!drawn) return null;
      const lists = pageFileLists(pathname, drawn.locale, viewer !== null);
      // Each file once, in the lists' order: the route's files first.
      const files = new Set(lists.flatMap((list) => routeFiles[list] ?? []));
      return fill(template, drawn, [...files]);
    },
  };
}
