import type { Browser } from '@playwright/test';
import { albumWithCover, expect, signedInState, test, type TestUser } from './support/fixtures';
import { expectImageLoaded } from './support/checks';

const SCREENS = [
  { name: 'a 412 px phone at 1.75x', width: 412, height: 823, scale: 1.75, chosen: 'card' },
  // Two cards a row on a phone: 175 px at 3x is 525 pixels, the 576-pixel crop.
  { name: 'a 390 px phone at 3x', width: 390, height: 844, scale: 3, chosen: 'card' },
  { name: 'a 768 px tablet at 3x', width: 768, height: 1024, scale: 3, chosen: 'card3x' },
  { name: 'a 1,440 px desktop at 2x', width: 1440, height: 900, scale: 2, chosen: 'card' },
] as const;

type BrowserState = Awaited<ReturnType<typeof signedInState>>;

/**
 * Recent Albums opened afresh in a browser of the given screen, signed in from `state` without its
 * session cookie: the page as a browser without the cookie gets it, drawn by the app and its early
 * script (the page drawn on the server is server-rendered.spec.ts's).
 */
async function openRecentAlbums(
  browser: Browser,
  state: BrowserState,
  screen: { width: number; height: number; scale: number },
) {
  const context = await newScreenContext(browser, state, screen);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/albums/recent');
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  return { context, page, requests };
}

function newScreenContext(
  browser: Browser,
  storageState: BrowserState,
  screen: { width: number; height: number; scale: number },
) {
  return browser.newContext({
    storageState,
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.scale,
    isMobile: screen.width < 800,
    hasTouch: screen.width < 800,
  });
}

/** The browser storage of `user` signed in once through the form, without the session cookie. */
function signedInWithoutCookie(browser: Browser, user: TestUser) {
  return signedInState(browser, user, { withoutSessionCookie: true });
}

test.describe('Recent Albums, first screen', () => {
  test('each screen loads the card-sized cover that fits, never the preview', async ({
    browser,
    api,
    user,
  }) => {
    for (let i = 0; i < 10; i += 1) await albumWithCover(api, user);
    const state = await signedInWithoutCookie(browser, user);
    for (const screen of SCREENS) {
      const { context, page } = await openRecentAlbums(browser, state, screen);
      const first = page.locator('main img').first();
      await expectImageLoaded(first);
      const shown = await first.evaluate((img: HTMLImageElement) => ({
        src: new URL(img.currentSrc).search,
        width: img.getBoundingClientRect().width,
      }));
      expect(shown.src, screen.name).toBe(`?size=${screen.chosen}`);
      // The card is 18rem wide at most: what `sizes` tells the browser.
      expect(shown.width, screen.name).toBeLessThanOrEqual(288);
      await context.close();
    }
  });

  test("covers reserve their space, the first screen's load first and the rest lazily", async ({
    browser,
    api,
    user,
  }) => {
    for (let i = 0; i < 10; i += 1) await albumWithCover(api, user);
    const state = await signedInWithoutCookie(browser, user);
    const { context, page } = await openRecentAlbums(browser, state, SCREENS[2]);
    // Recent Albums lists everyone's albums: other tests' may come first; the rule is the same.
    const images = page.locator('main img');
    await expect.poll(() => images.count()).toBeGreaterThanOrEqual(10);
    const attributes = await images.evaluateAll((all) =>
      all.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
      })),
    );
    attributes.forEach((image, index) => {
      expect(image.width, `image ${index}`).toBe('576');
      expect(image.height, `image ${index}`).toBe('432');
      // Two rows of four on a desktop, three rows of two on a phone.
      expect(image.loading, `image ${index}`).toBe(index < 8 ? 'eager' : 'lazy');
      expect(image.priority, `image ${index}`).toBe(index < 8 ? 'high' : 'auto');
    });
    await context.close();
  });

  test('the albums are asked for once, before the page code has loaded', async ({
    browser,
    api,
    user,
  }) => {
    const { album } = await albumWithCover(api, user);
    // Its cover made: a page showing a cover still being made asks for the albums again.
    await api.untilAlbumReady(user, album.id);
    const state = await signedInWithoutCookie(browser, user);
    const { context, page, requests } = await openRecentAlbums(browser, state, SCREENS[0]);
    await expectImageLoaded(page.locator('main img').first());
    const albums = requests.filter((path) => path === '/api/albumsDb');
    expect(albums).toHaveLength(1);
    const pageCode = requests.findIndex((path) =>
      /\/assets\/recent-albums-page-.*\.js$/.test(path),
    );
    expect(pageCode).toBeGreaterThan(-1);
    expect(requests.indexOf('/api/albumsDb')).toBeLessThan(pageCode);
    await context.close();
  });
});

test('the first covers start loading before the app’s code has arrived', async ({
  browser,
  api,
  user,
}) => {
  await albumWithCover(api, user);
  const state = await signedInWithoutCookie(browser, user);
  const context = await newScreenContext(browser, state, SCREENS[0]);
  const page = await context.newPage();
  let coverAskedFor = () => {};
  const cover = new Promise<boolean>((resolve) => (coverAskedFor = () => resolve(true)));
  const covers: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.get('size') !== 'card') return;
    covers.push(request.url());
    coverAskedFor();
  });
  // The app's code is held back, as on a slow network, until a cover is asked for (10 s at most).
  let heldUntilCover = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    heldUntilCover = await Promise.race([
      cover,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    await route.continue();
  });
  await page.goto('/albums/recent');
  await expectImageLoaded(page.locator('main img').first());
  expect(heldUntilCover, 'a cover was asked for before the app’s code arrived').toBe(true);
  // The card shows the picture the page's early script asked for: each is asked for once.
  expect(new Set(covers).size).toBe(covers.length);
  await context.close();
});

test('built scripts and the page arrive compressed and decode to the same bytes', async ({
  request,
  baseURL,
}) => {
  const page = await request.get('/albums/recent');
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await page.text())?.[1];
  expect(script, 'the page names its script').toBeTruthy();
  for (const path of ['/albums/recent', script!]) {
    const plain = await fetch(new URL(path, baseURL), {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding'), path).toBeNull();
    const plainText = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body and still shows the Content-Encoding it was sent with.
      const res = await fetch(new URL(path, baseURL), {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status, `${path} ${encoding}`).toBe(200);
      expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(encoding);
      expect(res.headers.get('vary') ?? '', `${path} ${encoding}`).toMatch(/accept-encoding/i);
      expect(await res.text(), `${path} ${encoding}`).toBe(plainText);
    }
  }
});
