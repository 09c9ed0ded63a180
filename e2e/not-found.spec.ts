import { expect, logIn, test } from './support/fixtures';

test('an unknown address shows "Page not found" with a way home', async ({ page, user }) => {
  await logIn(page, user);
  await page.goto('/no/such/page');

  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · My Photo Application');
  const home = page.getByRole('main').getByRole('link');
  await expect(home).toHaveCount(1);
  await home.click();
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  await expect(page).toHaveTitle('Recent Albums · My Photo Application');
});

test('an unknown address shows "Page not found" to a signed-out visitor too', async ({ page }) => {
  await page.goto('/albums/recent/nothing-here');

  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('main').getByRole('link').click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
});
