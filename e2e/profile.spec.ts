import { expect, logIn, test } from './support/fixtures';
import { expectImageLoaded } from './support/checks';

test("a new user's profile shows their name, e-mail, the default picture and when they joined", async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();

  await expect(page).toHaveURL(/\/profile\/me$/);
  await expect(page.getByText(user.name, { exact: true })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  const picture = page.getByRole('main').getByRole('img');
  await expect(picture).toHaveAttribute('src', /\/default-avatar\.png/);
  await expectImageLoaded(picture);
  await expect(page.getByText(/^Joined (just now|.+ ago)$/)).toBeVisible();

  // The address's profile id is not used: the signed-in user's profile is always shown.
  await page.goto('/profile/someone-else');
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
});
