import { vi } from 'vitest';

/** One request the app sent, as the network saw it. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
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

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * A fake network behind `fetch`: answers are queued per "METHOD /path" (query string ignored unless
 * given); each answer is used once, the last one repeatedly. Unknown requests answer 404.
 */
export function fakeNetwork() {
  const routes = new Map<string, Reply[]>();
  const requests: SentRequest[] = [];

  const keyOf = (method: string, url: URL, withQuery: boolean) =>
    `${method} ${url.pathname}${withQuery ? url.search : ''}`;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
    };
    requests.push(request);
    const replies =
      routes.get(keyOf(request.method, url, true)) ?? routes.get(keyOf(request.method, url, false));
    const reply = replies && (replies.length > 1 ? replies.shift() : replies[0]);
    if (!reply) {
      return apiError(404, 'NOT_FOUND', `No answer prepared for ${request.method} ${url.pathname}`);
    }
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** Prepares the answers to "METHOD /path[?query]", in order. */
    on(route: string, ...replies: Reply[]) {
      routes.set(route, replies);
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

/** A stand-in for XMLHttpRequest (uploads), answering as `respond` says. */
export interface FakeXhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

export function fakeXhr(respond: (call: FakeXhrCall) => { status: number; body: unknown }) {
  const calls: FakeXhrCall[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #call: FakeXhrCall = { method: '', url: '', headers: {}, body: null };
    #aborted = false;

    open(method: string, url: string) {
      this.#call = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.#call.headers[name] = value;
    }
    abort() {
      this.#aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      this.#call.body = body;
      calls.push(this.#call);
      setTimeout(() => {
        if (this.#aborted) return;
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 50,
          total: 100,
        } as ProgressEvent);
        const answer = respond(this.#call);
        this.status = answer.status;
        this.statusText = answer.status < 400 ? 'OK' : 'Error';
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { calls };
}
