import { ID_TOKEN_HEADER, XSRF_HEADER, type UploadedFile } from '@photo/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  type ApiError,
  apiErrorFromBody,
  withRetryAfter,
  networkError,
  parseJsonBody,
  sessionEndedError,
} from './api-error';
import { nextPageUrl } from './link-header';
import { takePreloaded } from './preloaded';
import { readXsrfToken } from './xsrf';

/**
 * The one way the app talks to its API. Every call carries the `idToken` header, and every
 * state-changing call the `X-XSRF-TOKEN` header. An ID token about to expire is refreshed first;
 * a call answered 401 TOKEN_EXPIRED/TOKEN_INVALID is retried once with a refreshed token.
 * Failures become ApiError with the server's message (shown by the QueryClient's error handlers).
 */

/** How the client gets ID tokens; provided by the sign-in feature (see connectSession). */
export interface SessionHooks {
  /** The current ID token, refreshed first when it is about to expire; null when signed out. */
  getIdToken(): Promise<string | null>;
  /**
   * A new ID token after the server refused `staleToken`; null when the session cannot be
   * refreshed (the user is then signed out).
   */
  refreshIdToken(staleToken: string | null): Promise<string | null>;
  /** The server says an administrator disabled the account (401 ACCOUNT_DISABLED): sign out. */
  accountDisabled?(): void;
}

const signedOut: SessionHooks = {
  getIdToken: async () => null,
  refreshIdToken: async () => null,
};

let session: SessionHooks = signedOut;

export function connectSession(hooks: SessionHooks): void {
  session = hooks;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** A JSON body. */
  json?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** More headers (a share link's key, say). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Codes of a 401 that a fresh ID token can cure. */
export const REFRESHABLE = new Set(['TOKEN_EXPIRED', 'TOKEN_INVALID']);

/**
 * The ID token for a request sent by another client (resumable uploads), refreshed first when it
 * is about to expire; null when signed out.
 */
export const currentIdToken = (): Promise<string | null> => session.getIdToken();

/** A new ID token after the server refused `staleToken`; null when the session has ended. */
export const refreshedIdToken = (staleToken: string | null): Promise<string | null> =>
  session.refreshIdToken(staleToken);

/** The `idToken` header, and for a state-changing method the `X-XSRF-TOKEN` header. */
export function authHeaders(method: string, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { [ID_TOKEN_HEADER]: token ?? '' };
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readXsrfToken();
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  return headers;
}

async function send(path: string, options: ApiRequestOptions, token: string | null) {
  const method = options.method ?? 'GET';
  const preloaded = method === 'GET' ? takePreloaded(path, token) : null;
  if (preloaded) {
    try {
      return await preloaded;
    } catch {
      // The early request failed: this one is sent as usual.
    }
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...authHeaders(method, token),
  };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    return await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // The body could not be read: described by the status.
  }
  return withRetryAfter(
    apiErrorFromBody(response.status, response.statusText, body),
    response.headers.get('Retry-After'),
  );
}

/**
 * Runs `attempt` with the current ID token; when the server answers that the token expired or is
 * invalid, refreshes it and runs `attempt` once more.
 */
async function withFreshToken<R extends { status: number }>(
  attempt: (token: string | null) => Promise<R>,
  errorOf: (result: R) => Promise<ApiError>,
): Promise<R> {
  const token = await session.getIdToken();
  const result = await attempt(token);
  if (result.status !== 401) return result;
  const error = await errorOf(result);
  if (error.code === 'ACCOUNT_DISABLED') session.accountDisabled?.();
  if (!REFRESHABLE.has(error.code)) throw error;
  const fresh = await session.refreshIdToken(token);
  if (!fresh) throw sessionEndedError();
  return attempt(fresh);
}

/** Sends a request; resolves with the successful Response, or throws ApiError. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const response = await withFreshToken(
    (token) => send(path, options, token),
    (failed) => errorFrom(failed),
  );
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Sends a request and reads its JSON answer (undefined for 204 No Content). */
export async function apiJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  return parseJsonBody<T>(response.status, text);
}

/**
 * A fetch for streams the browser reads itself (Server-Sent Events): it adds the current ID
 * token, refreshed first when it is about to expire.
 */
export async function fetchWithIdToken(
  input: string | URL | Request,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const token = await session.getIdToken();
  return fetch(input, {
    ...init,
    headers: { ...init.headers, ...authHeaders('GET', token) },
    credentials: 'same-origin',
  });
}

/** One page of a paged list and the address of the next page (from the Link header). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

export async function apiPage<T>(
  path: string,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<Page<T>> {
  const response = await apiRequest(path, { signal, headers });
  const items = (await response.json()) as T[];
  return {
    items: Array.isArray(items) ? items : [],
    next: nextPageUrl(response.headers.get('Link')),
  };
}

/**
 * The loaded pages of a paged list (an infinite query's data) with each page's items passed
 * through `change` (to replace, update or drop some); nothing while nothing is loaded.
 */
export function changeLoadedItems<T, Param>(
  data: InfiniteData<Page<T>, Param> | undefined,
  change: (items: T[]) => T[],
): InfiniteData<Page<T>, Param> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/** The same, in place, for the paged list kept under `queryKey` (when loaded). */
export function changeCachedItems<T>(
  client: QueryClient,
  queryKey: QueryKey,
  change: (items: T[]) => T[],
): void {
  client.setQueryData<InfiniteData<Page<T>, unknown>>(queryKey, (data) =>
    changeLoadedItems(data, change),
  );
}

export interface UploadOptions {
  /** Called as bytes go out, with the fraction sent (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface XhrResult {
  status: number;
  statusText: string;
  body: string;
  retryAfter: string | null;
}

export const UPLOAD_PATH = '/api/files/upload';

/** Posts a form through XMLHttpRequest, which (unlike fetch) reports upload progress. */
function sendForm(
  path: string,
  form: FormData,
  headers: Record<string, string>,
  options: UploadOptions,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) onProgress?.(1);
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        body: xhr.responseText,
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(cancelled());
    };
    onProgress?.(0);
    xhr.send(form);
  });
}

function sendFile(file: File, token: string | null, options: UploadOptions): Promise<XhrResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm(UPLOAD_PATH, form, authHeaders('POST', token), options);
}

/**
 * Posts a multipart form with progress, without the ID token (share links' visitors have none):
 * the answer's JSON, or ApiError (with retryAfter, in seconds, when the server said when to try
 * again).
 */
export async function postFormWithProgress<T>(
  path: string,
  form: FormData,
  headers: Record<string, string>,
  options: UploadOptions = {},
): Promise<T> {
  const result = await sendForm(path, form, { ...headers, ...authHeaders('POST', null) }, options);
  if (result.status < 200 || result.status >= 300) {
    const error = apiErrorFromBody(result.status, result.statusText, result.body);
    throw withRetryAfter(error, result.retryAfter);
  }
  return parseJsonBody<T>(result.status, result.body);
}

/**
 * Uploads one file (POST files/upload, multipart field `file`) with progress, through
 * XMLHttpRequest (fetch cannot report upload progress). Same headers and token refresh as above.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const toError = async (result: XhrResult) =>
    apiErrorFromBody(result.status, result.statusText, result.body);
  const result = await withFreshToken((token) => sendFile(file, token, options), toError);
  if (result.status < 200 || result.status >= 300) throw await toError(result);
  return parseJsonBody<UploadedFile>(result.status, result.body);
}
