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

test('the account settings appear whole, where they stay: slow reads move no button', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  // The reads the settings' sections need, each answered late and one after another.
  const slow: [RegExp, number][] = [
    [/\/api\/client-config$/, 600],
    [/\/api\/users\/me\/notifications$/, 1200],
    [/\/identity\/v1\/accounts:lookup/, 1800],
    [/\/identity\/v1\/passkeys:list/, 2400],
  ];
  for (const [address, ms] of slow) {
    await page.route(address, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }
  await page.goto('/profile/me');
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading your account settings…' }),
  ).toBeAttached();
  const remove = page.getByRole('button', { name: 'Delete account…' });
  await expect(remove).toBeVisible({ timeout: 15_000 });
  const first = await remove.boundingBox();
  // Every section is there as the button appears: nothing is filled in later above it.
  await expect(page.getByRole('heading', { name: 'E-mail summaries' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await remove.boundingBox()).toEqual(first);
  await remove.click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
});
