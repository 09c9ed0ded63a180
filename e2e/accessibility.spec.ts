import type { Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { makeJpeg } from './support/images';

/** Opens a screen, waits until it shows what it is for, then runs axe on it. */
async function checkScreen(page: Page, screen: string, path: string, ready: () => Promise<void>) {
  await test.step(screen, async () => {
    await page.goto(path);
    await ready();
    await expectNoSeriousA11yViolations(page, screen);
  });
}

// Every screen in both colour modes: the app follows the device's colour scheme by default.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test.beforeEach(async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
    });

    test('the signed-out screens have no serious accessibility problems', async ({ page }) => {
      await checkScreen(page, 'login (Log In tab)', '/login', async () => {
        await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
      });
      await test.step('login (Sign Up tab)', async () => {
        await page.getByRole('tab', { name: 'Sign Up' }).click();
        await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
        // The tab fades in: colours are measured once it is fully shown.
        await expect(page.getByRole('tabpanel')).toHaveCSS('opacity', '1');
        await expectNoSeriousA11yViolations(page, 'login (Sign Up tab)');
      });
      await checkScreen(page, 'not found (signed out)', '/nothing/here', async () => {
        await expect(page.getByText('Page not found')).toBeVisible();
      });
    });

    test("a new user's screens have no serious accessibility problems", async ({ page, user }) => {
      await logIn(page, user);
      await checkScreen(page, 'my albums (empty)', '/albums/me', async () => {
        await expect(page.getByText('All my albums will be listed here!')).toBeVisible();
      });
      await checkScreen(page, 'create album', '/create', async () => {
        await expect(page.getByRole('heading', { name: 'Create Album' })).toBeVisible();
      });
      await test.step('create album (name typed)', async () => {
        await page.getByRole('textbox', { name: 'Album Name' }).fill('Trip');
        await expect(page.getByLabel('Cover Photo')).toBeEnabled();
        await expectNoSeriousA11yViolations(page, 'create album (name typed)');
      });
      await checkScreen(page, 'profile', '/profile/me', async () => {
        await expect(page.getByText(user.email, { exact: true })).toBeVisible();
      });
    });

    test('the screens with albums and photos have no serious accessibility problems', async ({
      page,
      api,
      user,
    }) => {
      // Ten screens and states, each read by axe.
      test.setTimeout(120_000);
      const { album, coverPhoto } = await albumWithCover(api, user);
      await api.addPhoto(user, album.id, await makeJpeg({ name: 'second.jpg' }));
      await api.comment(user, coverPhoto.id, 'What a view!');
      await logIn(page, user);

      await checkScreen(page, 'recent albums', '/albums/recent', async () => {
        await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
      });
      await checkScreen(page, 'my albums', '/albums/me', async () => {
        await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
      });
      await checkScreen(page, 'album details', `/album/${album.id}`, async () => {
        await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(2);
      });
      await test.step('photo viewer', async () => {
        await page
          .getByRole('link', { name: /View larger/ })
          .first()
          .click();
        const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
        await expect(viewer).toBeVisible();
        await expectImageLoaded(viewer.locator('.yarl__slide_current img'));
        await expectNoSeriousA11yViolations(page, 'photo viewer');
        await page.keyboard.press('Escape');
        await expect(viewer).toBeHidden();
      });
      await checkScreen(page, 'upload', `/upload/${album.id}`, async () => {
        await expect(page.getByRole('button', { name: /drag and drop/i })).toBeVisible();
      });
      await checkScreen(page, 'photo details', `/photo/${coverPhoto.id}`, async () => {
        await expect(page.getByText('What a view!')).toBeVisible();
        await expectImageLoaded(page.getByRole('main').getByRole('img'));
      });
      await test.step('photo details (who likes it)', async () => {
        await page.getByRole('button', { name: 'Like', exact: true }).click();
        await page.getByRole('button', { name: /^1 like/ }).click();
        await expect(page.getByRole('list', { name: 'People who like this photo' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'photo details (who likes it)');
        await page.keyboard.press('Escape');
      });
      await test.step('photo details (Make this menu open)', async () => {
        await page.getByRole('button', { name: 'Make this' }).click();
        await expect(page.getByText('Album Cover')).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'photo details (Make this menu open)');
      });
      await checkScreen(page, 'not found (signed in)', '/nothing/here', async () => {
        await expect(page.getByText('Page not found')).toBeVisible();
      });
    });
  });
}
