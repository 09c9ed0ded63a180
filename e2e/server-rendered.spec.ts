import type { Browser, Page } from '@playwright/test';
import {
  albumWithCover,
  expect,
  SESSION_COOKIE,
  signedInState,
  test,
  type TestUser,
} from './support/fixtures';
import { makeJpeg } from './support/images';
import type { ApiClient } from './support/api';

const PHOTOS = 6;

/**
 * An album of PHOTOS photos (its cover among them), made through the API, every size of them
 * made: a page drawn with a photo still being made draws its stand-in, which the app asks for
 * again (and a page without script never does).
 */
async function albumOfPhotos(api: ApiClient, user: TestUser) {
  const { album } = await albumWithCover(api, user);
  for (let i = 1; i < PHOTOS; i += 1) {
    await api.addPhoto(user, album.id, await makeJpeg({ name: `photo-${i}.jpg` }));
  }
  await api.untilAlbumReady(user, album.id);
  return album;
}

/** A browser of `user`'s, signed in through the login form once, made with `options`. */
async function signedInBrowser(
  browser: Browser,
  user: TestUser,
  options: { baseURL?: string; javaScriptEnabled?: boolean; withoutSessionCookie?: boolean },
) {
  const { withoutSessionCookie, ...contextOptions } = options;
  return browser.newContext({
    ...contextOptions,
    storageState: await signedInState(browser, user, { withoutSessionCookie }),
  });
}

/** The console errors and uncaught exceptions of a page, as they come. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('pages drawn on the server', () => {
  test('an album page shows its photos with JavaScript turned off', async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const album = await albumOfPhotos(api, user);
    const state = await signedInState(browser, user);
    expect(state.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    const noScript = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: state,
    });
    const page = await noScript.newPage();
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(tiles).toHaveCount(PHOTOS);
    const pictures = page.locator('main img[srcset]');
    await expect(pictures).toHaveCount(PHOTOS);
    // Every picture came from the HTML alone, and loaded.
    for (const picture of await pictures.all()) {
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(PHOTOS);
    await noScript.close();
  });

  test("a phone's album page is drawn in the rows its grid lays out: nothing moves as it hydrates", async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const album = await albumOfPhotos(api, user);
    const phone = { baseURL, viewport: { width: 390, height: 844 } };
    const tileBoxes = (page: Page) =>
      page
        .getByRole('list', { name: 'Photos' })
        .getByRole('listitem')
        .evaluateAll((tiles) =>
          tiles.map((tile) => {
            const { x, y, width, height } = tile.getBoundingClientRect();
            return [x, y, width, height].map(Math.round).join(' ');
          }),
        );
    // Once laid out by the browser, the grid's width is kept for the server.
    const hydrated = await signedInBrowser(browser, user, phone);
    const page = await hydrated.newPage();
    await page.goto(`/album/${album.id}`);
    await expect(page.locator('.app-photo-row').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(
      PHOTOS,
    );
    const laidOut = await tileBoxes(page);
    await expect
      .poll(async () => (await hydrated.cookies()).find(({ name }) => name === 'photo.grid')?.value)
      .toMatch(/^\d+$/);
    // Drawn by the server alone (no script), the tiles are where the browser put them.
    const noScript = await browser.newContext({
      ...phone,
      javaScriptEnabled: false,
      storageState: await hydrated.storageState(),
    });
    const drawn = await noScript.newPage();
    await drawn.goto(`/album/${album.id}`);
    await expect(drawn.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(
      PHOTOS,
    );
    expect(await tileBoxes(drawn)).toEqual(laidOut);
    await noScript.close();
    await hydrated.close();
  });

  test('with JavaScript, an album page hydrates without asking for its photos again', async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const album = await albumOfPhotos(api, user);
    const context = await signedInBrowser(browser, user, { baseURL });
    const page = await context.newPage();
    const problems = problemsOf(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    const response = await page.goto(`/album/${album.id}`);
    // The first screen's pictures are named in the HTML itself.
    const html = await response!.text();
    expect(html).toMatch(/<img [^>]*srcSet="\/api\/files\/show\//i);
    // The first of them are asked for before anything else. The app's code (with the language's
    // catalog, which hydrating waits for, and the bar's later code) is named for the first
    // screen's script, which asks for it once the pictures are on the screen.
    expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const firstScreen =
      /<script src="\/first-screen\.js" data-entry="([^"]+)" data-files="([^"]+)" defer><\/script>/.exec(
        html,
      );
    expect(firstScreen?.[1]).toMatch(/^\/assets\/index-[^"]+\.js$/);
    expect(firstScreen?.[2]).toMatch(/\/assets\/messages-en-[^ ]+\.js/);
    expect(firstScreen?.[2]).toMatch(/\/assets\/activity-bell-[^ ]+\.js/);
    // Drawn for one viewer, it leaves compressed like the API's text answers.
    expect(await response!.headerValue('content-encoding')).toMatch(/^(br|gzip)$/);
    await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
    // Hydrated: the grid has laid itself out (its rows), and the page answers clicks.
    await expect(page.locator('.app-photo-row').first()).toBeVisible();
    await expect(page.locator('.app-photo-grid-first')).toHaveCount(0);
    await page
      .getByRole('link', { name: /^View larger/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\?photo=/);
    await expect(page.getByRole('dialog')).toBeVisible();
    // The code was asked for after the first pictures had come.
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const pictures = resources.filter((entry) => entry.name.includes('/api/files/show/'));
      const code = resources.find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name));
      return {
        firstPicture: Math.min(...pictures.map((entry) => entry.responseEnd)),
        code: code?.startTime ?? -1,
      };
    });
    expect(timing.code).toBeGreaterThanOrEqual(timing.firstPicture);
    const photosPath = `/api/albumsDb/${album.id}/photos`;
    expect(asked.filter((path) => path.startsWith(photosPath))).toEqual([]);
    expect(asked.filter((path) => path.startsWith('/api/albums/find'))).toEqual([]);
    // The bell's count came with the page too.
    expect(asked.filter((path) => path.startsWith('/api/activity/unread'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a button pressed as the page appears, before its code has arrived, still works', async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const { album } = await albumWithCover(api, user);
    const context = await signedInBrowser(browser, user, { baseURL });
    const page = await context.newPage();
    // The album page's code is held back, as on a slow network: its buttons are drawn already.
    await page.route(/\/assets\/album-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue();
    });
    const loaded = page.goto(`/album/${album.id}`);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.waitFor();
    // Until the page is hydrated nothing would answer a press: the button says so.
    await expect(share).toBeDisabled();
    await share.click();
    await expect(page.getByRole('dialog', { name: /^Share/ })).toBeVisible();
    await loaded;
    await context.close();
  });

  test('Recent Albums shows its cards with JavaScript turned off', async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const { album } = await albumWithCover(api, user);
    const noScript = await signedInBrowser(browser, user, { baseURL, javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto('/albums/recent');
    await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
    await noScript.close();
  });

  test('a share link page is drawn for its guest, who has no account', async ({
    browser,
    baseURL,
    api,
    user,
    request,
  }) => {
    const album = await albumOfPhotos(api, user);
    const made = await request.post(`/api/albumsDb/${album.id}/links`, {
      headers: { idToken: user.idToken },
      data: { permission: 'view' },
    });
    expect(made.status()).toBe(201);
    const { token } = (await made.json()) as { token: string };
    const guest = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await guest.newPage();
    await page.goto(`/shared/${token}`);
    await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).locator('img')).toHaveCount(PHOTOS);
    await guest.close();
  });

  test('without the cookie, the page is the app as before, drawn by the browser', async ({
    browser,
    baseURL,
    api,
    user,
  }) => {
    const album = await albumOfPhotos(api, user);
    // The ID token stays in the browser's storage; the cookie is gone (a client that keeps none).
    const context = await signedInBrowser(browser, user, { baseURL, withoutSessionCookie: true });
    const page = await context.newPage();
    const response = await page.goto(`/album/${album.id}`);
    expect(await response!.text()).not.toContain('photo-server-data');
    await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
    await expect(page.locator('main img[srcset]').first()).toBeVisible();
    await context.close();
  });
});
