import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { albumName, expect, logIn, test, type TestUser } from './support/fixtures';
import { ApiClient } from './support/api';
import { makeJpeg } from './support/images';
import { startOwnServer } from './support/own-server';

/** Pictures to look at, on demand: SCREENS=1 E2E_PORT=3201 npx playwright test memories. */
const SCREENS_DIR = path.join('test-results', 'screens');

async function screen(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  await fs.mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `memories-${name}.png`) });
}

/** Noon (UTC) of today's date `yearsAgo` years ago, `daysOff` days later. */
function dayOf(yearsAgo: number, daysOff = 0): Date {
  const now = new Date();
  return new Date(
    Date.UTC(now.getFullYear() - yearsAgo, now.getMonth(), now.getDate() + daysOff, 12),
  );
}

/**
 * An album of the person's own: two photos taken on today's date three years ago (the second the
 * day after), and one taken today, which is no memory.
 */
async function photosOfTheDay(api: ApiClient, user: TestUser) {
  const name = albumName('Then');
  const { album } = await api.createAlbum(
    user,
    name,
    await makeJpeg({ dateTaken: dayOf(3), seed: 11 }),
  );
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: dayOf(3, 1), seed: 12 }));
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: dayOf(0), seed: 13 }));
  return name;
}

/** From now on (every load), the page's layout shifts added up, as CLS counts them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { shifted: number };
    state.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) state.shifted += shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

const threeYearsAgo = String(new Date().getFullYear() - 3);

test.describe('On this day', () => {
  test("a memory of a photo taken on today's date three years ago, none for today's; its story steps on, and once hidden it is gone", async ({
    browser,
  }) => {
    // A server of its own: Recent Albums lists the albums every user may see, and the suite's
    // other tests make new ones while this one measures how far the albums move.
    const server = await startOwnServer({});
    const api = new ApiClient(server.url);
    const user = await api.signUp();
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    try {
      const name = await photosOfTheDay(api, user);
      const cover = page.getByRole('img', { name: `Cover photo of the album ${name}` });
      const shifts = await watchLayoutShifts(page);
      await logIn(page, user);
      await page.reload();

      const row = page.getByRole('region', { name: 'On this day' });
      const card = row.getByRole('button', { name: '3 years ago, 2 photos' });
      await test.step('Recent Albums shows one memory, three years ago, above the albums', async () => {
        await expect(card).toBeVisible();
        await expect(row.getByRole('button')).toHaveCount(1);
        await expect(row).toContainText(threeYearsAgo);
        await expectImageLoaded(card.locator('img'));
        await expectImageLoaded(cover);
        // On top, as Google Photos has it: the albums below move once, by one line.
        expect(await shifts()).toBeLessThan(0.1);
        await expectNoSeriousA11yViolations(page, 'Recent Albums with a memory');
        await screen(page, 'desktop-row');
      });

      const story = page.getByRole('dialog', { name: `3 years ago, ${threeYearsAgo}` });
      await test.step('the memory opens as a story that steps on by key and by button', async () => {
        await card.click();
        await expect(story).toBeVisible();
        // Paused at once: a slow machine's checks take no photo's five seconds away.
        await story.getByRole('button', { name: 'Pause' }).click();
        await expect(story.getByRole('button', { name: 'Play' })).toBeVisible();
        await expectImageLoaded(story.getByRole('img', { name: 'Photo 1 of 2' }));
        await expect(story.getByRole('heading', { name: '3 years ago' })).toBeVisible();
        await expect(story).toContainText(threeYearsAgo);
        await screen(page, 'desktop-story');
        await expectNoSeriousA11yViolations(page, 'a memory as a story');
        await page.keyboard.press('ArrowRight');
        await expectImageLoaded(story.getByRole('img', { name: 'Photo 2 of 2' }));
        await story.getByRole('button', { name: 'Previous photo' }).click();
        await expect(story.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();
        await story.getByRole('button', { name: 'Next photo' }).click();
        await expect(story.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();
      });

      await test.step("Don't show this memory: gone, and still gone after a reload", async () => {
        await story.getByRole('button', { name: "Don't show this memory" }).click();
        await expect(story).toHaveCount(0);
        await expect(page.getByRole('status').filter({ hasText: 'Memory hidden' })).toBeVisible();
        await expect(row).toHaveCount(0);
        const answered = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/memories',
        );
        await page.reload();
        expect((await (await answered).json()) as unknown).toEqual({ memories: [] });
        await expect(cover).toBeVisible();
        await expect(row).toHaveCount(0);
      });
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('on a phone: a tap on the right half goes on, a swipe back; with reduced motion it still moves on by itself', async ({
    browser,
    api,
    user,
  }) => {
    await photosOfTheDay(api, user);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const shifts = await watchLayoutShifts(page);
    await logIn(page, user);
    await page.reload();
    const card = page
      .getByRole('region', { name: 'On this day' })
      .getByRole('button', { name: '3 years ago, 2 photos' });
    await expectImageLoaded(card.locator('img'));
    // The row comes after the albums drawn by the server: they move little, once.
    expect(await shifts()).toBeLessThan(0.1);
    await screen(page, 'phone-row');

    await card.tap();
    const story = page.getByRole('dialog', { name: `3 years ago, ${threeYearsAgo}` });
    await story.getByRole('button', { name: 'Pause' }).tap();
    await expectImageLoaded(story.getByRole('img', { name: 'Photo 1 of 2' }));
    await screen(page, 'phone-story');
    const bar = story.locator('.app-story-fill.is-now');
    expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');

    const stage = story.locator('.app-story-stage');
    await stage.tap({ position: { x: 300, y: 420 } });
    await expect(story.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();
    // A swipe to the right: back to the first photo.
    await stage.dispatchEvent('pointerdown', { button: 0, clientX: 100, clientY: 400 });
    await stage.dispatchEvent('pointerup', { button: 0, clientX: 260, clientY: 410 });
    await expect(story.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();
    // Played and left alone, it goes on after about five seconds, and closes after the last photo.
    await story.getByRole('button', { name: 'Play' }).tap();
    await expect(story.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible({
      timeout: 8_000,
    });
    await expect(story).toHaveCount(0, { timeout: 8_000 });
    await context.close();
  });
});
