import { expect, logIn, test } from './support/fixtures';

test('a page whose code cannot be loaded says so, and the app goes on from another page', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  // As after a new version replaced the files: the page's chunk is not there any more.
  await page.route(/\/assets\/my-albums-page-[^/]*\.js$/, (route) => route.abort());

  await page.getByRole('navigation').getByRole('link', { name: 'Albums' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText('This page could not be shown. Reloading usually helps.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
});
