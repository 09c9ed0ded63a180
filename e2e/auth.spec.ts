import { randomUUID } from 'node:crypto';
import {
  albumWithCover,
  expect,
  logIn,
  loginPanel,
  openAccountMenu,
  submitLogIn,
  test,
} from './support/fixtures';

test('signs up and lands on Recent Albums; e-mail and password are cleared after each attempt', async ({
  page,
  api,
}) => {
  const name = `Newcomer ${randomUUID().slice(0, 6)}`;
  const email = `newcomer-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;

  await page.goto('/');
  await expect(page.getByText('My Photo Application')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Log In' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    loginPanel(page).getByText("We'll never share your email with anyone else."),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  const panel = loginPanel(page);
  const nameField = panel.getByRole('textbox', { name: 'Name' });
  const emailField = panel.getByRole('textbox', { name: 'Email address' });
  const passwordField = panel.getByLabel('Password');

  // A first attempt the identity service refuses (the password is too short).
  await nameField.fill(name);
  await emailField.fill(email);
  await passwordField.fill('abc');
  await panel.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(emailField).toHaveValue('');
  await expect(passwordField).toHaveValue('');

  await nameField.fill(name);
  await emailField.fill(email);
  await passwordField.fill(password);
  await panel.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The session is kept under the spec's key, and the API knows the new user by name.
  const idToken = await page.evaluate(() => localStorage.getItem('userIdToken'));
  expect(idToken).toBeTruthy();
  const me = await api.me({ idToken: idToken! });
  expect(me).toMatchObject({ name, emailAddress: email });
});

test('logging out clears the browser storage and guards the pages again', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await page.evaluate(() => sessionStorage.setItem('something', 'kept by the app'));

  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeHidden();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  await page.goto('/albums/recent');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
});

test('after a logout, the next login lands on Recent Albums, not on the page left', async ({
  page,
  user,
  makeUser,
}) => {
  const next = await makeUser();
  await logIn(page, user);
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogIn(page, next.email, next.password);

  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
});

test('logs in with an existing account', async ({ page, user }) => {
  await page.goto('/');
  await submitLogIn(page, user.email, user.password);

  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByText('My Photo Application')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/albums/recent');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/me');
  await expect(nav.getByRole('link', { name: 'Albums' })).toHaveAttribute('href', '/albums/me');
  await openAccountMenu(page);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a wrong password is told in plain words and the fields are cleared', async ({
  page,
  user,
}) => {
  await page.goto('/login');
  await submitLogIn(page, user.email, `${user.password}-wrong`);

  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toBeVisible();
  const text = (await alert.innerText()).trim();
  expect(text).not.toContain('INVALID_LOGIN_CREDENTIALS');
  // Words, not a code: no SHOUTED_IDENTIFIER in it.
  expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  expect(text).toMatch(/password/i);
  await expect(alert).toHaveClass(/alert-danger/);

  await expect(page).toHaveURL(/\/login$/);
  const panel = loginPanel(page);
  await expect(panel.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  await expect(panel.getByLabel('Password')).toHaveValue('');
});

test('a signed-out visit to a photo goes to login, then back to the photo', async ({
  page,
  api,
  user,
}) => {
  const { coverPhoto } = await albumWithCover(api, user);

  await page.goto(`/photo/${coverPhoto.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await submitLogIn(page, user.email, user.password);

  await expect(page).toHaveURL(new RegExp(`/photo/${coverPhoto.id}$`));
  await expect(page.getByRole('heading', { name: 'Photo', exact: true })).toBeVisible();
  await expect(page.getByText(coverPhoto.id)).toBeVisible();
});

test('a signed-out visit to My Albums goes to login, then back to My Albums', async ({
  page,
  user,
}) => {
  await page.goto('/albums/me');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogIn(page, user.email, user.password);

  await expect(page).toHaveURL(/\/albums\/me$/);
  await expect(page.getByText('All my albums will be listed here!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Album' })).toHaveAttribute('href', '/create');
});
