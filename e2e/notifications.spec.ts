import { randomUUID } from 'node:crypto';
import { expect, loginPanel, submitLogIn, test } from './support/fixtures';

test('keeps the two newest failure messages, newest first, until cleared', async ({
  page,
  user,
}) => {
  const alerts = page.getByRole('alert');
  const textOf = async (index: number) => (await alerts.nth(index).innerText()).trim();
  await page.goto('/login');

  // 1. Log in with an e-mail address nobody has.
  await submitLogIn(page, `nobody-${randomUUID()}@example.com`, 'not-the-password');
  await expect(alerts).toHaveCount(1);
  const wrongLogin = await textOf(0);

  // 2. Sign up with a password too short.
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = loginPanel(page);
  const signUp = async (email: string, password: string) => {
    await panel.getByRole('textbox', { name: 'Name' }).fill('Someone');
    await panel.getByRole('textbox', { name: 'Email address' }).fill(email);
    await panel.getByLabel('Password').fill(password);
    await panel.getByRole('button', { name: 'Sign Up', exact: true }).click();
  };
  await signUp(`someone-${randomUUID()}@example.com`, 'abc');
  await expect(alerts).toHaveCount(2);
  const weakPassword = await textOf(0);
  expect(weakPassword).not.toBe(wrongLogin);
  expect(await textOf(1)).toBe(wrongLogin);

  // 3. Sign up with an e-mail address that already has an account.
  await signUp(user.email, `pw-${randomUUID()}`);
  await expect(alerts.first()).not.toHaveText(weakPassword);
  await expect(alerts).toHaveCount(2);
  const emailTaken = await textOf(0);
  expect([wrongLogin, weakPassword]).not.toContain(emailTaken);
  expect(await textOf(1)).toBe(weakPassword);
  for (const text of [weakPassword, emailTaken]) expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  await expect(alerts.first()).toHaveClass(/alert-danger/);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(alerts).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear' })).toBeHidden();
});
