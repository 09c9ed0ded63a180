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

  test('the theme and the language are in the account menu, which leaves the name its room', async ({
    page,
    user,
  }) => {
    await logIn(page, user);
    await expect(themeControl(page)).toBeHidden();
    await page.getByRole('button', { name: /toggle navigation/i }).click();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await choose(page, 'Dark');
    await expect(theme(page)).toHaveAttribute('data-bs-theme', 'dark');
    // The brand's words are all shown: none is cut off with an ellipsis.
    const brand = page.getByRole('banner').getByText('My Photo Application');
    await expect(brand).toBeVisible();
    expect(await brand.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
  });
});

/** Contrast ratio (WCAG 2) of two `rgb(r, g, b)` colours as getComputedStyle gives them. */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test('in the dark top bar the current page stands out and the others are quieter, still legible', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await choose(page, 'Dark');
  await page.getByRole('navigation').getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(page).toHaveURL(/\/photos$/);
  const bar = page.getByRole('navigation').getByRole('list');
  const current = bar.getByRole('link', { name: 'Photos' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const barBackground = await page
    .getByRole('navigation')
    .evaluate((nav) => getComputedStyle(nav).backgroundColor);
  const colourOf = (name: string) =>
    bar.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).color);
  const currentColour = await colourOf('Photos');
  const currentPill = await current.evaluate((link) => getComputedStyle(link).backgroundColor);
  expect(contrast(currentColour, currentPill)).toBeGreaterThanOrEqual(4.5);
  const weightOf = (name: string) =>
    bar.getByRole('link', { name }).evaluate((link) => Number(getComputedStyle(link).fontWeight));
  expect(await weightOf('Photos')).toBeGreaterThanOrEqual(600);
  for (const other of ['Home', 'Profile', 'Albums']) {
    expect(await weightOf(other), other).toBeLessThan(600);
    await expect(bar.getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    const colour = await colourOf(other);
    expect(contrast(colour, barBackground), other).toBeGreaterThanOrEqual(4.5);
    // Dimmer than the current page's words: less contrast with the bar.
    expect(contrast(colour, barBackground), other).toBeLessThan(
      contrast(currentColour, barBackground) - 3,
    );
  }
});
