import type { Locator, Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';

const shownPhoto = (page: Page) => page.getByRole('main').getByRole('img');
const details = (page: Page) => page.getByRole('region', { name: 'Details' });
const commentsHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Comments', exact: true });

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the photo at 450 px, its details and comments beside it, all in the first screen', async ({
    page,
    api,
    user,
  }) => {
    const { coverPhoto } = await albumWithCover(api, user);
    await api.comment(user, coverPhoto.id, 'A first comment.');
    await logIn(page, user);
    await page.goto(`/photo/${coverPhoto.id}`);
    await expectImageLoaded(shownPhoto(page));
    await expect(page.getByText('A first comment.')).toBeVisible();

    const image = await boxOf(shownPhoto(page));
    expect(image.width).toBeCloseTo(450, 0);
    for (const beside of [details(page), commentsHeading(page), page.getByText('Added by')]) {
      await expect(beside).toBeInViewport();
      const box = await boxOf(beside);
      expect(box.x, 'right of the photo').toBeGreaterThanOrEqual(image.x + image.width);
      expect(box.y, 'level with the photo').toBeLessThan(image.y + image.height);
    }
    // The actions sit in a toolbar above the photo.
    for (const name of ['Like', 'Rotate left', 'Rotate right', 'Make this']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeInViewport();
      expect((await boxOf(button)).y + 1).toBeLessThan(image.y);
    }
    await expect(page.getByRole('button', { name: 'Post Comment' })).toBeInViewport();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the top bar is one row with the brand and the signed-in person’s picture', async ({
    page,
    api,
    user,
  }) => {
    const { coverPhoto } = await albumWithCover(api, user);
    await logIn(page, user);
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('My Photo Application')).toBeVisible();
    const avatar = nav.getByRole('button', { name: /toggle navigation/i });
    await expect(avatar).toBeVisible();
    await expectImageLoaded(avatar.locator('img'));
    expect((await boxOf(nav)).height).toBeLessThan(64);

    await page.goto(`/photo/${coverPhoto.id}`);
    await expectImageLoaded(shownPhoto(page));
    expect((await boxOf(nav)).height).toBeLessThan(64);
    // The photo reaches the screen's edges; its details and comments follow it.
    const image = await boxOf(shownPhoto(page));
    expect(image.width).toBeGreaterThan(380);
    expect((await boxOf(details(page))).y).toBeGreaterThan(image.y + image.height - 1);
    expect((await boxOf(commentsHeading(page))).y).toBeGreaterThan(image.y + image.height - 1);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the photo page has no serious accessibility problems (${colorScheme})`, async ({
    page,
    api,
    user,
  }) => {
    await page.emulateMedia({ colorScheme });
    const { coverPhoto } = await albumWithCover(api, user);
    await api.comment(user, coverPhoto.id, 'Looks great.');
    await logIn(page, user);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
    await page.goto(`/photo/${coverPhoto.id}`);
    await expectImageLoaded(shownPhoto(page));
    await expect(page.getByText('Looks great.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `photo page (${colorScheme})`);
    await page.getByRole('button', { name: /toggle navigation/i }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `photo page, account menu open (${colorScheme})`);
  });
}
