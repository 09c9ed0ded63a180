import { expect, type Page } from '@playwright/test';

/**
 * Goes to a month of Photos with the scrubber's keyboard: the newest (Home), then a month at a
 * time, until the month's heading is on screen. The server is shared by every test, and albums
 * are seen by everyone unless told: other people's photos are on the timeline too, and a month
 * once on the first screen is far below it when more tests have run before.
 */
export async function goToMonth(page: Page, label: string) {
  const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
  await scrubber.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 500; step += 1) {
    if ((await scrubber.getAttribute('aria-valuetext')) === label) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(scrubber).toHaveAttribute('aria-valuetext', label);
  await expect(page.getByRole('heading', { name: new RegExp(`^${label}`) })).toBeInViewport();
}
