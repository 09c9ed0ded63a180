import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Assertions the specs share, on what a page shows. */

/** Waits until the image has loaded and has pixels (a broken image has naturalWidth 0). */
export async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  // The picture itself, not its placeholder (shown while a just-uploaded picture's sizes are made).
  await expect
    .poll(
      () =>
        image.evaluate((img) => {
          const element = img as HTMLImageElement;
          return element.currentSrc.startsWith('data:') ? 0 : element.naturalWidth;
        }),
      { message: 'the image loads', timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

/** Runs axe on the page; fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(serious, `accessibility violations on ${screen}:\n${report}`).toEqual([]);
}

/**
 * Waits, 2 s at most, for the page's running CSS transitions to end: colours read halfway through
 * one (a button's, just after the colour scheme changed) are neither theme's. Animations are left
 * alone: a story's progress bar runs for seconds, or stands paused.
 */
export async function transitionsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) => animation instanceof CSSTransition && animation.playState === 'running',
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Shows the page in a colour scheme and waits until the app has taken it (the theme is set by a
 * script on the media query's change, after emulateMedia answers) and its colours have settled.
 */
export async function showColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
  await transitionsSettled(page);
}
