import type { Page } from '@playwright/test';
import { actionLinkIn, startSmtpPeer, type SmtpPeer } from '../apps/server/src/test/smtp-peer';
import { ApiClient } from './support/api';
import { albumWithCover, expect, submitLogIn, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own that sends its e-mail to a real SMTP peer, which the tests read.
let smtp: SmtpPeer;
let server: OwnServer;
let api: ApiClient;

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startOwnServer({ SMTP_URL: smtp.url });
  api = new ApiClient(server.url);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The links of one kind e-mailed to that address, oldest first. */
function linksTo(address: string, mode: 'resetPassword' | 'verifyEmail'): string[] {
  return smtp.received
    .filter((mail) => mail.to.includes(address))
    .flatMap((mail) => {
      const link = actionLinkIn(mail);
      return link?.mode === mode ? [link.link] : [];
    });
}

async function nextLink(address: string, mode: 'resetPassword' | 'verifyEmail', before = 0) {
  await expect
    .poll(() => linksTo(address, mode).length, { message: `a ${mode} e-mail`, timeout: 20_000 })
    .toBeGreaterThan(before);
  return linksTo(address, mode).at(-1)!;
}

async function logInHere(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await submitLogIn(page, email, password);
  await expect(page).toHaveURL(/\/albums\/recent$/);
}

async function openProfile(page: Page) {
  await page.goto(`${server.url}/profile/me`);
  await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
}

test('forgot password: an e-mailed link opens a page that sets a new password', async ({
  page,
}) => {
  const user = await api.signUp();
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await page.screenshot({ path: 'test-results/account-forgot-password.png', fullPage: true });

  await page.getByRole('textbox', { name: 'Email address' }).fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent it a link');

  const link = await nextLink(user.email, 'resetPassword');
  expect(link.startsWith(`${server.url}/auth/action?mode=resetPassword&oobCode=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'choose a new password');
  await page.screenshot({ path: 'test-results/account-reset-password.png', fullPage: true });
  await page.getByLabel('New password', { exact: true }).fill('my new secret 1');
  await page.getByLabel('New password, again').fill('my new secret 1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('already been used');

  await page.goto(`${server.url}/login`);
  await submitLogIn(page, user.email, user.password);
  await expect(page.getByText('The e-mail address or password is not right.')).toBeVisible();
  await submitLogIn(page, user.email, 'my new secret 1');
  await expect(page).toHaveURL(/\/albums\/recent$/);
});

test('change password on the Profile page, with the current one', async ({ page }) => {
  const user = await api.signUp();
  await logInHere(page, user.email, user.password);
  await openProfile(page);
  const form = page.getByRole('form', { name: 'Change password' });

  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password').fill('changed secret 22');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription(
    'The current password is not right.',
  );
  await expect(form.getByRole('alert')).toHaveCount(0);

  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password').fill('changed secret 22');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toContainText('Your password has been changed');
  // Still signed in here: the page keeps working.
  await page.reload();
  await expect(page.getByRole('heading', { name: user.name })).toBeVisible();

  const other = await page.context().browser()!.newContext();
  const fresh = await other.newPage();
  await fresh.goto(`${server.url}/login`);
  await submitLogIn(fresh, user.email, user.password);
  await expect(fresh.getByText('The e-mail address or password is not right.')).toBeVisible();
  await submitLogIn(fresh, user.email, 'changed secret 22');
  await expect(fresh).toHaveURL(/\/albums\/recent$/);
  await other.close();
});

test('change name, and confirm the address with a link sent again', async ({ page }) => {
  const user = await api.signUp();
  await logInHere(page, user.email, user.password);
  await openProfile(page);

  const nameForm = page.getByRole('form', { name: 'Change name' });
  await nameForm.getByLabel('Name').fill('  Renamed Person ');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(nameForm.getByRole('status')).toHaveText('Your name has been changed.');
  await expect(page.getByRole('heading', { name: 'Renamed Person' })).toBeVisible();

  const notice = page.getByText('Please confirm your e-mail address');
  await expect(notice).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile with account settings');
  await page.screenshot({ path: 'test-results/account-profile.png', fullPage: true });
  // One link came with the sign-up; the button sends another.
  await nextLink(user.email, 'verifyEmail');
  const before = linksTo(user.email, 'verifyEmail').length;
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('Sent. Check your inbox')).toBeVisible();
  const link = await nextLink(user.email, 'verifyEmail', before);

  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('is confirmed');
  await page.screenshot({ path: 'test-results/account-verified.png', fullPage: true });
  await openProfile(page);
  await expect(page.getByRole('heading', { name: 'Renamed Person' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('delete account after typing the e-mail address: everything of theirs goes', async ({
  page,
}) => {
  const user = await api.signUp();
  const { coverFile } = await albumWithCover(api, user);
  expect((await fetch(`${server.url}${coverFile.url}`)).status).toBe(200);
  await logInHere(page, user.email, user.password);
  await openProfile(page);

  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill('someone@example.com');
  await expect(confirm).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'delete account dialog');
  await page.screenshot({ path: 'test-results/account-delete.png' });
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill(user.email);
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your account and everything in it have been deleted.',
  );
  expect((await fetch(`${server.url}${coverFile.url}`)).status).toBe(404);
  await submitLogIn(page, user.email, user.password);
  await expect(page.getByText('The e-mail address or password is not right.')).toBeVisible();
});
