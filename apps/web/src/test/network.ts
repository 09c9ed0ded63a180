import { http, HttpResponse, type HttpHandler } from 'msw';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { SetupServerApi } from 'msw/node';

/**
 * The network of web tests: MSW answers the app's real fetch and XMLHttpRequest calls. Started
 * and reset around every test by setup.ts. Only these two are intercepted: the app makes no other
 * requests, and MSW's Node http interceptor rewraps Headers in a way that loses the headers of
 * XMLHttpRequest calls under jsdom.
 */
export const server = new SetupServerApi(
  [],
  [new FetchInterceptor(), new XMLHttpRequestInterceptor()],
);

/** One request the app sent, as the network saw it. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** JSON bodies parsed, form data as FormData, other text as it is; undefined when empty. */
  body: unknown;
}

type Reply = Response | ((request: SentRequest) => Response | Promise<Response>);

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const apiError = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: { code, message } });

export const identityError = (message: string) =>
  jsonResponse(400, { error: { code: 400, message, errors: [] } });

/** The request fails before any answer, as when the server cannot be reached. */
export const networkFailure = () => HttpResponse.error();

async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    return request.formData();
  }
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers prepared per "METHOD /path" (query string ignored unless given, and a route with the
 * query wins over one without); each answer is used once, the last one repeatedly. Any other
 * request answers 404 NOT_FOUND. Every request is recorded, in order.
 */
export function fakeNetwork() {
  const requests: SentRequest[] = [];
  const withQuery: HttpHandler[] = [];
  const withoutQuery = new Map<string, HttpHandler>();

  const record = async (request: Request): Promise<SentRequest> => {
    const sent: SentRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body: await readBody(request.clone()),
    };
    requests.push(sent);
    return sent;
  };

  const notFound = http.all('*', async ({ request }) => {
    await record(request);
    const { pathname } = new URL(request.url);
    return apiError(404, 'NOT_FOUND', `No answer prepared for ${request.method} ${pathname}`);
  });
  const install = () => server.resetHandlers(...withQuery, ...withoutQuery.values(), notFound);
  install();

  return {
    requests,
    /** Prepares the answers to "METHOD /path[?query]", in order. */
    on(route: string, ...replies: Reply[]) {
      const [method = 'GET', target = '/'] = route.split(' ');
      const [pathname = '/', query] = target.split('?');
      // Exact paths, matched here: MSW's patterns would read ":signUp" in a path as a parameter.
      const handler = http.all('*', async ({ request }) => {
        const url = new URL(request.url);
        if (request.method !== method || url.pathname !== pathname) return undefined;
        if (query !== undefined && url.search !== `?${query}`) return undefined;
        const sent = await record(request);
        const reply = replies.length > 1 ? replies.shift() : replies[0];
        if (!reply) return apiError(404, 'NOT_FOUND', `No answer left for ${route}`);
        if (typeof reply === 'function') return reply(sent);
        return reply.type === 'error' ? HttpResponse.error() : reply.clone();
      });
      if (query === undefined) withoutQuery.set(`${method} ${pathname}`, handler);
      else withQuery.unshift(handler);
      install();
      return this;
    },
    sent(route: string): SentRequest[] {
      const [method, path] = route.split(' ');
      return requests.filter(
        (request) =>
          request.method === method &&
          (path?.includes('?')
            ? `${request.url.pathname}${request.url.search}` === path
            : request.url.pathname === path),
      );
    },
  };
}
