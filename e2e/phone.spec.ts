import type { Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded } from './support/checks';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

function navToggle(page: Page) {
  return page.getByRole('button', { name: /toggle navigation/i });
}

async function expectNoSideScroll(page: Page, screen: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is no wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

test('on a phone the top bar folds into a menu whose links work', async ({ page, user }) => {
  await logIn(page, user);
  const nav = page.getByRole('navigation');
  await expect(nav.getByText('My Photo Application')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'false');

  const go = async (link: string, url: RegExp) => {
    await navToggle(page).click();
    await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    // The menu folds again once a page is chosen.
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden();
  };
  await go('Profile', /\/profile\/me$/);
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await go('Albums', /\/albums\/me$/);
  await expect(page.getByText('All my albums will be listed here!')).toBeVisible();
  await go('Home', /\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();

  await navToggle(page).click();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
  const logout = nav.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone the main screens do not scroll sideways', async ({ page, api, user }) => {
  const { album, coverPhoto } = await albumWithCover(
    api,
    user,
    'A rather long album name for a phone',
  );
  await api.comment(
    user,
    coverPhoto.id,
    'A comment long enough to wrap over several lines on a phone screen.',
  );

  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
  await expectNoSideScroll(page, 'login');
  await logIn(page, user);

  const screens: [string, string, () => Promise<void>][] = [
    [
      'recent albums',
      '/albums/recent',
      () => expect(page.getByRole('heading', { name: album.name })).toBeVisible(),
    ],
    [
      'my albums',
      '/albums/me',
      () => expect(page.getByRole('heading', { name: album.name })).toBeVisible(),
    ],
    [
      'create album',
      '/create',
      () => expect(page.getByRole('heading', { name: 'Create Album' })).toBeVisible(),
    ],
    [
      'album details',
      `/album/${album.id}`,
      () => expect(page.getByRole('link', { name: 'Go to Photo' })).toBeVisible(),
    ],
    [
      'upload',
      `/upload/${album.id}`,
      () => expect(page.getByRole('link', { name: 'Go back to Album' })).toBeVisible(),
    ],
    [
      'photo details',
      `/photo/${coverPhoto.id}`,
      () => expectImageLoaded(page.getByRole('main').getByRole('img')),
    ],
    [
      'profile',
      '/profile/me',
      () => expect(page.getByText(user.email, { exact: true })).toBeVisible(),
    ],
    ['not found', '/nothing/here', () => expect(page.getByText('Page not found')).toBeVisible()],
  ];
  for (const [screen, path, ready] of screens) {
    await page.goto(path);
    await ready();
    await expectNoSideScroll(page, screen);
  }
});
