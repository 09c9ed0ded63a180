// "The page has loaded": no request under way for a while. Playwright's 'networkidle' never
// comes on a signed-in page, whose bell keeps an event stream open as long as the page lives.
import type { Page, Request } from '@playwright/test';

/** How long no request may be under way for the page to count as quiet, and the most to wait. */
const QUIET_MS = 500;
const QUIET_DEADLINE_MS = 30_000;

/** The requests under way of each watched page, event streams aside. */
const underWay = new WeakMap<Page, Set<Request>>();

/** Follows `page`'s requests from now on, for untilPageQuiet. */
export function watchRequests(page: Page): void {
  const open = new Set<Request>();
  underWay.set(page, open);
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
}

/**
 * Resolves once no request of `page` (watched since it was made: watchRequests) has been under
 * way for QUIET_MS; fails naming what still was after QUIET_DEADLINE_MS.
 */
export async function untilPageQuiet(page: Page): Promise<void> {
  const open = underWay.get(page);
  if (!open) throw new Error('untilPageQuiet: watchRequests(page) was not called first');
  const deadline = Date.now() + QUIET_DEADLINE_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      const urls = [...open].map((request) => request.url());
      throw new Error(
        `the page was not quiet within ${QUIET_DEADLINE_MS / 1000} s: ${urls.join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Date.now();
  }
}
