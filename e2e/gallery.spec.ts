import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { Album } from '@photo/contract';
import { albumName, expect, logIn, test, type TestUser } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import type { ApiClient } from './support/api';
import { makeJpeg } from './support/images';

/** Photos of the shapes cameras and phones make: landscape, portrait, wide, square. */
const SHAPES = [
  [480, 360],
  [360, 480],
  [640, 360],
  [400, 400],
  [480, 320],
  [320, 480],
  [480, 360],
  [400, 400],
  [360, 640],
  [640, 360],
  [480, 320],
  [400, 400],
  [480, 360],
  [360, 480],
  [480, 320],
  [640, 360],
  [400, 400],
  [320, 480],
  [480, 360],
  [480, 320],
] as const;

/** An album of twenty photos of varied shapes, made through the API. */
async function albumOfTwenty(api: ApiClient, user: TestUser): Promise<Album> {
  const [[width, height], ...rest] = SHAPES;
  const { album } = await api.createAlbum(
    user,
    albumName('Gallery'),
    await makeJpeg({ width, height }),
  );
  for (const [w, h] of rest) {
    await api.addPhoto(user, album.id, await makeJpeg({ width: w, height: h }));
  }
  return album;
}

const tiles = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('listitem');

/** How many tiles lie wholly inside the window, as the page first shows. */
function tilesInFirstScreen(page: Page) {
  return tiles(page).evaluateAll((items) =>
    items.filter((item) => {
      const box = item.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth
      );
    }),
  );
}

async function openAlbum(
  browser: Browser,
  user: TestUser,
  album: Album,
  screen: { width: number; height: number; touch: boolean },
) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.touch,
    hasTouch: screen.touch,
  });
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await expect(tiles(page)).toHaveCount(SHAPES.length);
  return { context, page };
}

test.describe('the album page shows its photos first', () => {
  test('a phone shows at least 9 whole photos in the first screen, a desktop at least 15', async ({
    browser,
    api,
    user,
  }) => {
    test.setTimeout(120_000);
    const album = await albumOfTwenty(api, user);
    for (const [screen, least] of [
      [{ width: 390, height: 844, touch: true }, 9],
      [{ width: 1440, height: 900, touch: false }, 15],
    ] as const) {
      const { context, page } = await openAlbum(browser, user, album, screen);
      // Read until the page has settled: the grid drawn on the server gives way to the browser's
      // own layout after hydration, and a single reading under load twice found no whole tile
      // where the picture taken just after showed fifteen.
      await expect
        .poll(async () => (await tilesInFirstScreen(page)).length, {
          message: `whole tiles at ${screen.width} x ${screen.height}`,
        })
        .toBeGreaterThan(least - 1);
      // The page starts where the photos are: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(screen.width);
      await expectImageLoaded(tiles(page).first().getByRole('img'));
      await context.close();
    }
  });

  test('its code, its photos and its first screen’s pictures are asked for before the app’s code has arrived, each once', async ({
    browser,
    api,
    user,
  }) => {
    test.setTimeout(120_000);
    const album = await albumOfTwenty(api, user);
    const screen = { width: 1280, height: 800, touch: false };
    // A first visit, until every picture is made and shown; then the page is loaded afresh.
    const { context, page } = await openAlbum(browser, user, album, screen);
    await expectImageLoaded(tiles(page).last().getByRole('img'));
    await page.goto('about:blank');
    // Without the session cookie, as a browser that does not keep it: the page the app and its
    // early script draw (the page drawn on the server is server-rendered.spec.ts's).
    await context.clearCookies({ name: 'photo_session' });
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push(`${url.pathname}${url.search}`);
    });
    // The app's code is held back, as on a slow network, until a thumbnail is asked for (10 s at
    // most): what the page's early script starts, it starts without the app.
    let thumbnailAskedFor = () => {};
    const thumbnail = new Promise<boolean>((resolve) => (thumbnailAskedFor = () => resolve(true)));
    page.on('request', (request) => {
      if (request.url().endsWith('size=thumb')) thumbnailAskedFor();
    });
    let heldUntilThumbnail = false;
    let askedBeforeTheApp: string[] = [];
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      heldUntilThumbnail = await Promise.race([
        thumbnail,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      askedBeforeTheApp = [...requests];
      await route.continue();
    });
    await page.goto(`/album/${album.id}`);
    await expect(tiles(page)).toHaveCount(SHAPES.length);
    await expectImageLoaded(tiles(page).first().getByRole('img'));
    expect(heldUntilThumbnail, 'a thumbnail was asked for before the app’s code arrived').toBe(
      true,
    );
    for (const early of [/^\/assets\/album-page-.*\.js$/, /^\/api\/albumsDb\/.*\/photos$/]) {
      expect(
        askedBeforeTheApp.some((path) => early.test(path)),
        String(early),
      ).toBe(true);
    }
    // The tiles show the pictures the early script asked for: none is asked for twice.
    const thumbnails = requests.filter((path) => path.endsWith('size=thumb'));
    expect(thumbnails.length).toBeGreaterThanOrEqual(15);
    expect(new Set(thumbnails).size).toBe(thumbnails.length);
    expect(requests.filter((path) => /\/photos$/.test(path))).toHaveLength(1);
    expect(requests.filter((path) => path.endsWith('.css')).length).toBe(
      new Set(requests.filter((path) => path.endsWith('.css'))).size,
    );
    await context.close();
  });

  test('each tile names its creator, and the keyboard reaches its picture, its check, "Go to Photo" and its heart', async ({
    page,
    api,
    user,
  }) => {
    test.setTimeout(120_000);
    const album = await albumOfTwenty(api, user);
    await logIn(page, user);
    await page.goto(`/album/${album.id}`);
    await expect(tiles(page)).toHaveCount(SHAPES.length);

    const photos = await api.albumPhotos(user, album.id);
    await tiles(page)
      .first()
      .getByRole('link', { name: /View larger/ })
      .focus();
    for (const [index, photo] of photos.entries()) {
      const tile = tiles(page).nth(index);
      await expect(tile.getByRole('heading', { name: user.name })).toBeVisible();
      await expect(tile.getByRole('link', { name: /View larger/ })).toBeFocused();
      await page.keyboard.press('Tab');
      // The check that selects the photo, shown while it has the focus.
      const check = tile.getByRole('button', { name: /^Select: / });
      await expect(check).toBeFocused();
      await expect(check).toHaveCSS('opacity', '1');
      await page.keyboard.press('Tab');
      const goToPhoto = tile.getByRole('link', { name: 'Go to Photo' });
      await expect(goToPhoto).toBeFocused();
      await expect(goToPhoto).toHaveAttribute('href', `/photo/${photo.id}`);
      // Shown while the keyboard is in the tile.
      await expect(tile.locator('.app-tile-chrome')).toHaveCSS('opacity', '1');
      // Delete is the selection bar's and the viewer's, not each tile's.
      await expect(tile.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await page.keyboard.press('Tab');
      // The person's heart, in the tile's corner, last.
      await expect(tile.getByRole('button', { name: 'Favourite' })).toBeFocused();
      await page.keyboard.press('Tab');
    }
  });

  test('a touch screen shows each tile’s photo alone; its creator and "Go to Photo" are read out, and the viewer shows them', async ({
    browser,
    api,
    user,
  }) => {
    const { album } = await api.createAlbum(user, albumName('Touch'), await makeJpeg());
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await logIn(page, user);
    await page.goto(`/album/${album.id}`);
    const tile = tiles(page).first();
    await expectImageLoaded(tile.getByRole('img'));
    await expect(tile.locator('.app-tile-chrome')).toHaveCSS('opacity', '0');
    // Screen readers still find the creator and "Go to Photo" on the tile.
    await expect(tile.getByRole('heading', { name: user.name })).toHaveCount(1);
    await expect(tile.getByRole('link', { name: 'Go to Photo' })).toHaveAttribute(
      'href',
      /^\/photo\//,
    );
    await expect(tile.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    // A tap opens the viewer, which says who added the photo and opens its page.
    await tile.getByRole('link', { name: /View larger/ }).tap();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByText(`Photo by ${user.name}`)).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Photo page' })).toBeVisible();
    await context.close();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the album page has no accessibility problems in ${colorScheme} mode`, async ({
    page,
    api,
    user,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    const album = await albumOfTwenty(api, user);
    await logIn(page, user);
    await page.goto(`/album/${album.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
    await expect(tiles(page)).toHaveCount(SHAPES.length);
    await expectImageLoaded(tiles(page).first().getByRole('img'));
    await expectNoSeriousA11yViolations(page, `album page (${colorScheme})`);
    // Not even a minor one.
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // With a tile's names and actions shown.
    await tiles(page).nth(1).getByRole('link', { name: 'Go to Photo' }).focus();
    await expect(tiles(page).nth(1).locator('.app-tile-chrome')).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(
      page,
      `album page, a tile's actions shown (${colorScheme})`,
    );
  });
}
