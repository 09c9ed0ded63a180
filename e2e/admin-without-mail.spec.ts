import type { Browser, Page } from '@playwright/test';
import { ApiClient } from './support/api';
import { expectNoSeriousA11yViolations, showColorScheme } from './support/checks';
import {
  albumWithCover,
  albumName,
  expect,
  openAccountMenu,
  submitLogIn,
  test,
  type TestUser,
} from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { shoot } from './support/shots';

// A server of its own, without SMTP_URL: it sends no e-mail, and its first account, made first
// here, is its administrator.
let server: OwnServer;
let api: ApiClient;
let admin: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({});
  api = new ApiClient(server.url);
  admin = await api.signUp({ name: 'Ada Admin' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function pageOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

async function logInHere(page: Page, user: TestUser) {
  await page.goto('/login');
  await submitLogIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
}

/** axe in light and dark mode; with SHOTS_DIR, pictures of the whole page too. */
async function lookAt(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await showColorScheme(page, colorScheme);
    await expectNoSeriousA11yViolations(page, `${name} (${colorScheme})`);
  }
  await showColorScheme(page, 'light');
  await shoot(page, name, { fullPage: true });
}

test('an invited friend sees the album once the administrator confirms their address', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await api.signUp({ name: 'Olga Owner' });
  const friend = await api.signUp({ name: 'Fred Friend' });
  const name = albumName('Trip');
  const { album } = await albumWithCover(api, owner, name);

  // The owner keeps the album to invited people and invites the friend's address.
  const ownerPage = await pageOf(browser);
  await logInHere(ownerPage, owner);
  await ownerPage.goto(`/album/${album.id}`);
  await ownerPage.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = ownerPage.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Only people I invite' }).click();
  await expect(dialog.getByRole('radio', { name: 'Only people I invite' })).toBeEnabled();
  await expect(dialog.getByText(/ask the server.s administrator to confirm it/)).toBeVisible();
  await dialog.getByLabel('Invite by e-mail').fill(friend.email);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: friend.email }).getByText('Pending'),
  ).toBeVisible();

  // The friend cannot see it: their address is not confirmed, and no e-mail can confirm it.
  const friendPage = await pageOf(browser);
  await logInHere(friendPage, friend);
  await friendPage.goto(`/album/${album.id}`);
  await expect(friendPage.getByText('This album does not exist.')).toBeVisible();
  await friendPage.goto('/profile/me');
  const notice = friendPage.locator('.alert').filter({ hasText: 'is not confirmed yet' });
  await expect(notice).toContainText('E-mail is not set up on this server');
  await expect(notice).toContainText('administrator, Ada Admin');
  await expect(notice).not.toContainText('we sent');
  await expect(notice.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
  await lookAt(friendPage, 'verify-notice-no-mail');

  // The administrator finds the page in the account menu and confirms the friend's address.
  const adminPage = await pageOf(browser);
  await logInHere(adminPage, admin);
  await openAccountMenu(adminPage);
  await adminPage.getByRole('link', { name: 'People on this server' }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('heading', { name: 'People on this server' })).toBeVisible();
  const row = adminPage
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: friend.email });
  await expect(row).toContainText('Address not confirmed');
  await lookAt(adminPage, 'admin-page');
  await row.getByRole('button', { name: 'Mark the address of Fred Friend as verified' }).click();
  await expect(row).toContainText('Address confirmed');

  // The friend's page, left open and not reloaded, drops its notice once they come back to it
  // (or within the quarter of a minute it asks again); then they see the album.
  await friendPage.bringToFront();
  await expect(friendPage.getByText('is not confirmed yet')).toHaveCount(0, { timeout: 20_000 });
  await friendPage.goto(`/album/${album.id}`);
  await expect(friendPage.getByRole('heading', { name })).toBeVisible();
  for (const page of [ownerPage, friendPage, adminPage]) await page.context().close();
});

test('a password link made by the administrator sets a new password once', async ({ browser }) => {
  const forgetful = await api.signUp({ name: 'Fay Forgetful' });
  const adminPage = await pageOf(browser);
  await logInHere(adminPage, admin);
  await adminPage.goto('/admin');
  const row = adminPage
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: forgetful.email });
  await row.getByRole('button', { name: 'Make a password link for Fay Forgetful' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Password link for Fay Forgetful' });
  await expect(dialog.getByText(/It works once, until/)).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'password link dialog');
  await shoot(adminPage, 'password-link');
  const link = await dialog.getByLabel('Password link').inputValue();
  expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Fay opens it in her own browser and chooses a new password.
  const fayPage = await pageOf(browser);
  await fayPage.goto(link);
  const form = fayPage.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await form.getByLabel('New password, again').fill('a brand new secret');
  await form.getByRole('button', { name: 'Set the new password' }).click();
  await expect(fayPage.getByText('Your password has been changed')).toBeVisible();
  await logInHere(fayPage, { ...forgetful, password: 'a brand new secret' });

  // Used once: the same link no longer works.
  await fayPage.goto(link);
  await expect(fayPage.getByText(/already been used, or is not valid/)).toBeVisible();
  for (const page of [adminPage, fayPage]) await page.context().close();
});

test('Forgot password says that no e-mail is sent, and whom to ask', async ({ browser }) => {
  const page = await pageOf(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByText(/E-mail is not set up on this server/)).toBeVisible();
  await expect(page.getByText(/Ask the server.s administrator for a password link/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link' })).toHaveCount(0);
  await expect(page.getByText(/we have sent/)).toHaveCount(0);
  await lookAt(page, 'forgot-password-no-mail');
  await page.context().close();
});
