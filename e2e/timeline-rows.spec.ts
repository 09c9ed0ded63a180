import type { Page } from '@playwright/test';
import { ApiClient } from './support/api';
import { expectNoSeriousA11yViolations } from './support/checks';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { startOwnServer } from './support/own-server';

/** Photos' tiles on the screen with their thumbnail in: how many a person sees at once. */
async function photosOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tiles = [...document.querySelectorAll('.app-tl-tile')].filter((tile) => {
      const box = tile.getBoundingClientRect();
      const image = tile.querySelector('img');
      return (
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        image !== null &&
        image.complete &&
        image.naturalWidth > 0
      );
    });
    return tiles.length;
  });
}

const SHAPES = [
  { width: 320, height: 240 },
  { width: 240, height: 320 },
  { width: 320, height: 240 },
  { width: 300, height: 300 },
  { width: 360, height: 200 },
];

test('Photos shows a library of 40 photos over 6 months in justified rows, months running on, drawn first on the server', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A server of its own: Photos also shows the albums every user of a server may see, and the
  // suite's other tests make many.
  const server = await startOwnServer({});
  const api = new ApiClient(server.url);
  const user = await api.signUp();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const { album } = await albumWithCover(api, user);
  await api.keepToOwner(user, album.id);
  // 40 photos in six months, from one photo in a month to twelve; the cover is a seventh month.
  const perMonth = [12, 1, 9, 3, 7, 8];
  let made = 0;
  for (const [at, count] of perMonth.entries()) {
    for (let k = 0; k < count; k += 1) {
      const shape = SHAPES[made % SHAPES.length]!;
      made += 1;
      const dateTaken = new Date(Date.UTC(2025, 9 - at * 2, 25 - k)).toISOString();
      await api.addPhoto(user, album.id, await makeJpeg({ ...shape, dateTaken }));
    }
  }

  await logIn(page, user);
  for (const [name, size, least] of [
    ['desktop', { width: 1440, height: 900 }, 15],
    ['phone', { width: 390, height: 844 }, 9],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/photos');
    await expect(page.getByRole('heading', { name: /^October 2025/ })).toBeVisible();
    await expect
      .poll(() => photosOnScreen(page), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(least);
    // The one-photo month sits in a row beside others, its label above it.
    const lone = page.getByRole('list', { name: 'Photos of August 2025' }).getByRole('listitem');
    await expect(lone).toHaveCount(1);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
      await page.screenshot({ path: `test-results/photos-rows-${name}-${colorScheme}.png` });
    }
    await expectNoSeriousA11yViolations(page, `Photos in rows (${name})`);
    await page.emulateMedia({ colorScheme: 'light' });
    test.info().annotations.push({
      type: 'first screen',
      description: `${name}: ${await photosOnScreen(page)} photos`,
    });
  }

  // Drawn on the server: with JavaScript turned off, the first months' photos are there, in
  // rows, their pictures named in the HTML.
  const state = await context.storageState();
  const noScript = await browser.newContext({
    baseURL: server.url,
    javaScriptEnabled: false,
    storageState: state,
  });
  const still = await noScript.newPage();
  for (const [name, size] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await still.setViewportSize(size);
    await still.goto('/photos');
    await expect(still.getByRole('heading', { name: /^October 2025/ })).toBeVisible();
    const october = still.getByRole('list', { name: 'Photos of October 2025' });
    await expect(october.getByRole('listitem')).toHaveCount(12);
    const pictures = still.locator('main img');
    expect(await pictures.count()).toBeGreaterThanOrEqual(15);
    for (const picture of (await pictures.all()).slice(0, 12)) {
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await still.screenshot({ path: `test-results/photos-server-drawn-${name}.png` });
  }
  await noScript.close();

  // The server's page as it stands before its code has run (the app's scripts held back): no
  // serious accessibility violation.
  const unhydrated = await browser.newContext({ baseURL: server.url, storageState: state });
  const before = await unhydrated.newPage();
  await before.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  await before.goto('/photos');
  await expect(before.getByRole('heading', { name: /^October 2025/ })).toBeVisible();
  await expect(before.locator('.app-tl-first')).toBeVisible();
  await expectNoSeriousA11yViolations(before, 'Photos drawn on the server');
  await unhydrated.close();

  // With JavaScript, the page hydrates from what it came with, and lays its grid out: the months
  // and their photos are not asked for again.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/timeline')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/photos');
  expect(await response!.text()).toMatch(/<img [^>]*src="\/api\/files\/show\//);
  await expect(page.locator('.app-tl-tile').first()).toBeVisible();
  await expect(page.locator('.app-tl-first')).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Photos of October 2025' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(asked).toEqual([]);
  await context.close();
  await server.stop();
});
