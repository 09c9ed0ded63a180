import type { Page } from '@playwright/test';
import { expect, logIn, logOut, test } from './support/fixtures';

const theme = (page: Page) => page.locator('html');
const themeControl = (page: Page) => page.getByRole('combobox', { name: /dark mode|theme/i });

async function choose(page: Page, label: 'Light' | 'Dark' | 'System') {
  await themeControl(page).selectOption({ label });
}

/** Records the theme the page had when its body was first created, before anything is drawn. */
async function recordThemeAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      if (!document.body) return false;
      (window as unknown as { themeAtBody?: string | null }).themeAtBody =
        document.documentElement.getAttribute('data-bs-theme');
      return true;
    };
    if (record()) return;
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const themeAtFirstPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeAtBody?: string | null }).themeAtBody);

test('dark mode chosen in the top bar survives a reload, a sign-in and a logout, with no flash of light', async ({
  page,
  user,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await recordThemeAtFirstPaint(page);
  await page.goto('/login');
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'light');
  await choose(page, 'Dark');
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  await expect(themeControl(page)).toHaveAccessibleName('Colour theme (dark mode)');
  await expect(themeControl(page)).toHaveValue('dark');

  await page.reload();
  expect(await themeAtFirstPaint(page)).toBe('dark');
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The design's dark surface (tokens.css).
  expect(background).toBe('rgb(17, 18, 20)');

  await logIn(page, user);
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  await logOut(page);
  await page.reload();
  expect(await themeAtFirstPaint(page)).toBe('dark');
});

test("follows the device's colour scheme until a theme is chosen, and again after System", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'light');

  await choose(page, 'Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'light');

  await choose(page, 'System');
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the theme control stays in view beside the folded menu', async ({ page, user }) => {
    await logIn(page, user);
    await expect(themeControl(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /toggle navigation/i })).toBeVisible();
    await choose(page, 'Dark');
    await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
  });
});
