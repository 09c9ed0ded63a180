// "The page has loaded": no request under way for a while. Playwright's 'networkidle' never
// comes on a signed-in page, whose bell keeps an event stream open as long as the page lives.
import type { Page, Request } from '@playwright/test';

/** How long no request may be under way for the page to count as quiet, and the most to wait. */
const QUIET_MS = 500;
const QUIET_DEADLINE_MS = 30_000;

/** Resolves once `open` has been empty for QUIET_MS; fails naming what was still under way. */
export async function untilQuiet(
  open: { readonly size: number },
  underWay: () => string[],
): Promise<void> {
  const deadline = Date.now() + QUIET_DEADLINE_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      throw new Error(
        `the page was not quiet within ${QUIET_DEADLINE_MS / 1000} s: ${underWay().join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Date.now();
  }
}

/** The watch of each page that has one. */
const watches = new WeakMap<Page, { untilQuiet: () => Promise<void> }>();

/** Resolves once `page` (watched since it was made: watchRequests) is quiet. */
export function untilPageQuiet(page: Page): Promise<void> {
  const watch = watches.get(page);
  if (!watch) throw new Error('untilPageQuiet: watchRequests(page) was not called first');
  return watch.untilQuiet();
}

/**
 * Follows `page`'s requests from now on, event streams aside; `untilQuiet()` resolves once none
 * has been under way for QUIET_MS.
 */
export function watchRequests(page: Page): { untilQuiet: () => Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  page.on('response', (response) => {
    if (response.headers()['content-type']?.startsWith('text/event-stream')) {
      open.delete(response.request());
    }
  });
  const watch = {
    untilQuiet: () => untilQuiet(open, () => [...open].map((request) => request.url())),
  };
  watches.set(page, watch);
  return watch;
}
