import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, loginPanel, logOut, submitLogIn, test } from './support/fixtures';

const SCREENS = process.env.SCREENS === '1';

/** With SCREENS=1: the page at a phone's and a desktop's width, in test-results/screens/. */
async function screens(page: Page, name: string) {
  if (!SCREENS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/${width}-${name}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The code an authenticator app shows, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test('two-step verification: enrol with the QR code, then the password asks for a code; a recovery code works once', async ({
  page,
}) => {
  const email = `two-step-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = loginPanel(page);
  await signUp.getByRole('textbox', { name: 'Name' }).fill('Tess Two-Step');
  await signUp.getByRole('textbox', { name: 'Email address' }).fill(email);
  await signUp.getByLabel('Password').fill(password);
  await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/albums\/recent$/);

  // Enrol: the QR code and the key; the key gives the code.
  await page.goto('/profile/me');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByText('Off.')).toBeVisible();
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await section.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.scrollIntoViewIfNeeded();
  await screens(page, 'two-step-enrol');
  await section.getByLabel('6-digit code').fill(codeOf(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await screens(page, 'two-step-recovery-codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // The password alone no longer signs in: the code is asked for.
  await logOut(page);
  await submitLogIn(page, email, password);
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await screens(page, 'two-step-sign-in');
  // The enrolment's code is spent: the app's next one (one period ahead is accepted).
  await code.fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();

  // A recovery code instead of the app's code: once.
  for (const attempt of ['first', 'again'] as const) {
    await logOut(page);
    await submitLogIn(page, email, password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/albums\/recent$/);
    } else {
      await expect(page.getByRole('alert')).toHaveText(
        'That recovery code is not right, or was used already.',
      );
      await expect(page).toHaveURL(/\/login$/);
    }
  }
});
