import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ApiClient } from './support/api';
import { expect, openAccountMenu, submitLogIn, test, type TestUser } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own: its first account, made first here, is its administrator; it reads which
// accounts are disabled every 2 seconds (the default is 30).
let server: OwnServer;
let api: ApiClient;
let admin: TestUser;
let second: TestUser;

const SHOTS = 'test-results/screens';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({ DISABLED_ACCOUNTS_CHECK_SECONDS: '2' });
  api = new ApiClient(server.url);
  admin = await api.signUp({ name: 'Ada Admin' });
  second = await api.signUp({ name: 'Sam Second' });
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

async function loggedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  return page;
}

test('a person who is not an administrator has no Administration entry, and gets 403', async ({
  browser,
}) => {
  const page = await loggedIn(browser, second);
  await openAccountMenu(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'People on this server' })).toHaveCount(0);
  const answer = await fetch(`${server.url}/api/admin/users`, {
    headers: { idToken: second.idToken },
  });
  expect(answer.status).toBe(403);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('NOT_ADMIN');
  await page.goto('/admin');
  await expect(page.getByText('This page is for the administrators.')).toBeVisible();
  await page.context().close();
});

test('the administrator disables an account: its open page is signed out', async ({ browser }) => {
  test.setTimeout(120_000);
  const secondPage = await loggedIn(browser, second);
  const adminPage = await loggedIn(browser, admin);
  await openAccountMenu(adminPage);
  await adminPage.getByRole('link', { name: 'People on this server' }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('heading', { name: 'People on this server' })).toBeVisible();
  await expect(adminPage.getByText('Jobs failed')).toBeVisible();
  const row = adminPage.getByRole('listitem', { name: 'Sam Second' });
  await expect(row).toContainText(second.email);
  // Nobody disables or deletes themself.
  const own = adminPage.getByRole('listitem', { name: 'Ada Admin' });
  await expect(own.getByRole('button', { name: /Disable/ })).toHaveCount(0);

  await adminPage.screenshot({ path: `${SHOTS}/admin-desktop.png`, fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: `${SHOTS}/admin-phone.png`, fullPage: true });
  await adminPage.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('button', { name: 'Disable the account of Sam Second' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  const disabledAt = Date.now();

  // The second person's page, left open, signs them out with a notice within the minute.
  await expect(secondPage).toHaveURL(/\/login$/, { timeout: 60_000 });
  expect(Date.now() - disabledAt).toBeLessThan(60_000);
  await expect(
    secondPage.getByText(/Your account has been disabled by an administrator/),
  ).toBeVisible();
  await secondPage.screenshot({ path: `${SHOTS}/admin-disabled-notice.png` });
  // Signing in again is refused.
  await submitLogIn(secondPage, second.email, second.password);
  await expect(secondPage.getByText('This account has been disabled.')).toBeVisible();

  // Enabled again, the account signs in.
  await row.getByRole('button', { name: 'Enable the account of Sam Second' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
  await submitLogIn(secondPage, second.email, second.password);
  await expect(secondPage.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  for (const page of [adminPage, secondPage]) await page.context().close();
});
