import type { Page } from '@playwright/test';
import { startOidcPeer, type OidcPeer } from '../apps/server/src/test/oidc-peer';
import { freePort } from '../apps/server/src/test/ports';
import { expectNoSeriousA11yViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A real OpenID provider (oidc-provider) in this process, and a server of our own that offers
// single sign-on with it and makes accounts for verified addresses.
let peer: OidcPeer;
let server: OwnServer;

test.beforeAll(async () => {
  const port = await freePort();
  peer = await startOidcPeer({
    redirectUris: [`http://127.0.0.1:${port}/identity/v1/sso/callback`],
    accounts: {
      'ann-at-example-id': { email: 'ann.sso@example.com', email_verified: true, name: 'Ann' },
      'bob-at-example-id': { email: 'bob.sso@example.com', email_verified: false, name: 'Bob' },
    },
  });
  server = await startOwnServer(
    {
      OIDC_ISSUER_URL: peer.issuer,
      OIDC_CLIENT_ID: peer.clientId,
      OIDC_CLIENT_SECRET: peer.clientSecret,
      OIDC_BUTTON_LABEL: 'Example ID',
      OIDC_AUTO_CREATE: 'true',
    },
    { port },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await peer?.close();
});

/** From the login screen to the provider's page, and through it as `email`. */
async function signInAtProvider(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(peer.issuer);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The account the stored ID token names. */
function signedInUid(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const token = localStorage.getItem('userIdToken');
    const payload = token?.split('.')[1];
    if (!payload) return undefined;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { user_id?: string }).user_id;
  });
}

test('the login screen offers Sign in with Example ID, at desktop and phone width', async ({
  page,
}) => {
  await page.goto(`${server.url}/login`);
  const button = page.getByRole('link', { name: 'Sign in with Example ID' });
  await expect(button).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login with single sign-on');
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await expect(button).toBeInViewport();
    await page.screenshot({ path: `test-results/screens/sso-login-${name}.png`, fullPage: true });
  }
});

test('signing in with the provider lands signed in on Recent Albums, and again later', async ({
  page,
}) => {
  await signInAtProvider(page, 'ann.sso@example.com');
  await expect(page).toHaveURL(`${server.url}/albums/recent`);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  // The session is the app's own: it lasts a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  const first = await signedInUid(page);
  expect(first).toBeTruthy();

  // Signed out here, still signed in at the provider: the button signs in to the same account
  // (through its link) without the provider asking again.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await expect(page).toHaveURL(`${server.url}/albums/recent`);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  expect(await signedInUid(page)).toBe(first);
});

test('an address the provider has not confirmed is refused in words', async ({ page }) => {
  await signInAtProvider(page, 'bob.sso@example.com');
  await expect(page).toHaveURL(`${server.url}/auth/sso?error=SSO_EMAIL_NOT_VERIFIED`);
  await expect(page.getByRole('alert')).toHaveText(
    'Your sign-in provider has not confirmed your e-mail address. Confirm it there, then try again.',
  );
  await page.screenshot({ path: 'test-results/screens/sso-refused-desktop.png', fullPage: true });
  await page.getByRole('link', { name: 'Back to Log In' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
});
