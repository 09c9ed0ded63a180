/** A request the page's early script (src/preload/albums-preload.ts) started before the app's code ran. */
export interface Preload {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __photoPreloads?: Record<string, Preload | undefined>;
  }
}

/**
 * The answer of a GET the page started early for this address, taken once; null when there is
 * none, or when it was sent with another ID token than `token`.
 */
export function takePreloaded(path: string, token: string | null): Promise<Response> | null {
  const preloads = typeof window === 'undefined' ? undefined : window.__photoPreloads;
  const entry = preloads?.[path];
  if (!preloads || !entry) return null;
  delete preloads[path];
  return token !== null && entry.token === token ? entry.response : null;
}
