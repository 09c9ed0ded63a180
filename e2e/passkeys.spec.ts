import type { CDPSession, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './support/checks';
import { expect, loginPanel, logOut, test } from './support/fixtures';

// An IP address cannot be a WebAuthn relying party: the browser goes to the same server by name.
// Without PUBLIC_URL, the server takes the origin and RP ID from the request (localhost).
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });

/** Chromium's virtual authenticator: a platform authenticator that verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function storedCredentials(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function signUpInBrowser(page: Page) {
  const email = `passkey-${randomUUID()}@example.com`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = loginPanel(page);
  await panel.getByRole('textbox', { name: 'Name' }).fill('Petra Passkey');
  await panel.getByRole('textbox', { name: 'Email address' }).fill(email);
  await panel.getByLabel('Password').fill(`pw-${randomUUID()}`);
  await panel.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/albums\/recent$/);
  return email;
}

/**
 * A browser without passkey suggestions in form fields (no conditional mediation): the virtual
 * authenticator would otherwise answer the login screen's suggestion request by itself.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

test('adds a passkey in account settings, signs in with it without a password, and removes it', async ({
  page,
}) => {
  await withoutAutofill(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = await signUpInBrowser(page);

  await page.goto('/profile/me');
  const section = passkeysSection(page);
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByLabel('Name of the new passkey').fill('This laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText(/Passkey added/);
  const list = section.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByText('This laptop')).toBeVisible();
  await expect(list.getByText(/never used/)).toBeVisible();
  const [credential] = await storedCredentials(cdp, authenticatorId);
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: 'test-results/screens/passkeys-settings-desktop.png',
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page, 'passkeys in account settings');

  await logOut(page);
  const panel = loginPanel(page);
  await expect(panel.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  const button = panel.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/passkeys-login-desktop.png',
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page, 'login with a passkey button');
  await button.click();
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();

  // Signed in as the same person: the passkey now shows when it was last used.
  await page.goto('/profile/me');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(list.getByText(/last used/)).toBeVisible();
  await list.getByRole('button', { name: 'Remove This laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds the credential, but the server no longer knows it.
  await logOut(page);
  await loginPanel(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(loginPanel(page).getByRole('alert')).toHaveText(/not known here/);
  await expect(page).toHaveURL(/\/login$/);
});

test('the e-mail field offers the passkey (autofill): picking it signs in', async ({ page }) => {
  await virtualAuthenticator(page);
  await signUpInBrowser(page);
  await page.goto('/profile/me');
  await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeysSection(page).getByRole('list', { name: 'Passkeys' })).toBeVisible();

  // Signed out, the login screen asks for passkey suggestions; the virtual authenticator picks
  // the one it holds, as a person would in the e-mail field's list, and the screen moves on.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the login screen and the Passkeys section fit a phone', async ({ page }) => {
    await withoutAutofill(page);
    await virtualAuthenticator(page);
    await signUpInBrowser(page);
    await page.goto('/profile/me');
    const section = passkeysSection(page);
    await section.getByLabel('Name of the new passkey').fill('Phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('list', { name: 'Passkeys' }).getByText('Phone')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: 'test-results/screens/passkeys-settings-phone.png',
      fullPage: true,
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await logOut(page);
    await expect(
      loginPanel(page).getByRole('button', { name: 'Sign in with a passkey' }),
    ).toBeVisible();
    await page.screenshot({
      path: 'test-results/screens/passkeys-login-phone.png',
      fullPage: true,
    });
  });
});
