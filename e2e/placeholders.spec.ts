import type { Locator, Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { albumName, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { ApiClient } from './support/api';
import { makeJpeg } from './support/images';
import { startOwnServer } from './support/own-server';

/**
 * Holds back every picture the page asks for until `release()`: the page shows what it shows on a
 * slow network before the images arrive.
 */
async function holdPictures(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/api/files/show/**', async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue().catch(() => undefined);
  });
  return { held, release };
}

/** What the img shows behind itself (its placeholder, or none) and whether its picture is there. */
function imageState(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return {
      background: getComputedStyle(img).backgroundImage,
      loaded: img.complete && img.naturalWidth > 0,
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
    };
  });
}

/** Starts adding up the layout shifts from now on; the answer reads the sum. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const state = window as unknown as { shifted: number };
    state.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.shifted += (entry as unknown as { value: number }).value;
      }
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

/** A 320 x 240 PNG: the left half opaque red, the right half fully transparent. */
async function halfTransparentPng() {
  const buffer = await sharp({
    create: { width: 320, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: {
          create: { width: 160, height: 240, channels: 4, background: '#d00000' },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  return { name: 'half.png', mimeType: 'image/png', buffer };
}

test.describe('placeholders', () => {
  test('an album card shows its cover’s placeholder until the cover arrives, in the same place', async ({
    browser,
  }) => {
    // A server of its own: Recent Albums lists the albums every user may see, and a new one of
    // another test's, listed as the page looks again for covers being made, would move the cards.
    const server = await startOwnServer({});
    const api = new ApiClient(server.url);
    const user = await api.signUp();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    try {
      const name = albumName('Blur');
      const { album } = await api.createAlbum(user, name, await makeJpeg({ seed: 4242 }));
      expect(album.coverPlaceholder).toEqual(expect.any(String));
      const transparentName = albumName('Glass');
      await api.createAlbum(user, transparentName, await halfTransparentPng());

      await logIn(page, user);
      // The page the app draws, its pictures held: without the session cookie, which has the
      // server draw the page and its pictures with it (server-rendered.spec.ts).
      await page.context().clearCookies({ name: 'photo_session' });
      const { held, release } = await holdPictures(page);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
      const cover = page.getByRole('img', { name: `Cover photo of the album ${name}` });
      const glass = page.getByRole('img', { name: `Cover photo of the album ${transparentName}` });
      await expect(cover).toBeVisible();
      await expect
        .poll(() => held.length, { message: 'the covers are asked for' })
        .toBeGreaterThan(0);

      const waiting = await imageState(cover);
      expect(waiting.loaded).toBe(false);
      expect(waiting.background).toMatch(/^url\("data:image\/png;base64,/);
      // The img's width and height reserve the card's 4:3 box before any byte of the picture.
      expect(waiting.box.width).toBeGreaterThan(100);
      expect(waiting.box.height / waiting.box.width).toBeCloseTo(3 / 4, 2);
      // The second card may be drawn a moment after the first: its placeholder is waited for.
      await expect
        .poll(async () => (await imageState(glass)).background)
        .toMatch(/^url\("data:image\/png;base64,/);

      const shifts = await watchLayoutShifts(page);
      release();
      await expectImageLoaded(cover);
      await expectImageLoaded(glass);
      const loaded = await imageState(cover);
      expect(loaded.box).toEqual(waiting.box);
      expect(await shifts()).toBe(0);
      // Once the picture is there, nothing is painted behind it: a transparent picture shows no blur.
      expect(loaded.background).toBe('none');
      expect((await imageState(glass)).background).toBe('none');
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('photo cards and the photo page show the photo’s placeholder while it loads', async ({
    page,
    api,
    user,
  }) => {
    const name = albumName('Photos');
    const { album, coverPhoto } = await api.createAlbum(user, name, await makeJpeg());
    await logIn(page, user);
    await page.context().clearCookies({ name: 'photo_session' });
    const { release } = await holdPictures(page);

    await page.goto(`/album/${album.id}`);
    const card = page.getByRole('list', { name: 'Photos' }).getByRole('img').first();
    await expect(card).toBeVisible();
    expect((await imageState(card)).background).toMatch(/^url\("data:image\/png;base64,/);

    await page.goto(`/photo/${coverPhoto.id}`);
    const photo = page.locator('main img.app-photo');
    await expect(photo).toBeVisible();
    const waiting = await imageState(photo);
    expect(waiting.loaded).toBe(false);
    expect(waiting.background).toMatch(/^url\("data:image\/png;base64,/);
    release();
    await expectImageLoaded(photo);
    const loaded = await imageState(photo);
    // Its height attribute is rounded to a whole pixel; the picture's own ratio may differ by less.
    expect(loaded.box.width).toBe(waiting.box.width);
    expect(Math.abs(loaded.box.height - waiting.box.height)).toBeLessThanOrEqual(1);
    expect(loaded.background).toBe('none');
  });

  test('Recent Albums while its covers are on their way: a picture, and no accessibility problem', async ({
    page,
    api,
    user,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (let seed = 0; seed < 4; seed += 1) {
      await api.createAlbum(user, albumName('Screen'), await makeJpeg({ seed: 7000 + seed * 97 }));
    }
    await logIn(page, user);
    // The page the app draws, its pictures held: without the session cookie, which has the
    // server draw the page and its pictures with it (server-rendered.spec.ts).
    await page.context().clearCookies({ name: 'photo_session' });
    const { held, release } = await holdPictures(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath('recent-albums-placeholders.png') });
    await expectNoSeriousA11yViolations(page, 'Recent Albums with placeholders');
    release();
  });
});
