import path from 'node:path';
import type { Page } from '@playwright/test';
import { showColorScheme } from './checks';

const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [390, 1440] as const;

/**
 * With SHOTS_DIR=<folder>, pictures of the page as it is, for people to look at: at a phone's
 * and a desktop's width, in the light and the dark scheme, named `<name>-<width>-<scheme>.png`.
 * Without it, nothing: a test run writes no picture and spends no time on one. The page goes
 * back to its size and to the light scheme afterwards, its colours settled, so what the test
 * checks next is as it would be without pictures.
 */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const colorScheme of SCHEMES) {
    await showColorScheme(page, colorScheme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // The page settles into its new width before the picture is taken.
      await page.waitForTimeout(400);
      await page.screenshot({
        path: path.join(dir, `${name}-${width}-${colorScheme}.png`),
        fullPage: options.fullPage,
      });
    }
  }
  await showColorScheme(page, 'light');
  if (size) await page.setViewportSize(size);
}
