import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { ApiClient, type TestFile, type TestUser } from './api';
import { makeJpeg } from './images';

export { expect };
export type { TestFile, TestUser };

interface Fixtures {
  /** The real API, for the data a test needs before it starts. */
  api: ApiClient;
  /** A fresh user, signed up through the identity service and registered with the API. */
  user: TestUser;
  /** Makes more fresh users (another user than `user`, say). */
  makeUser: () => Promise<TestUser>;
  /** Another fresh user than `user`. */
  friend: TestUser;
  /** A page of the friend's own browser (its own storage), signed in. */
  friendPage: Page;
}

export const test = base.extend<Fixtures>({
  api: async ({ baseURL }, use) => {
    await use(new ApiClient(baseURL!));
  },
  user: async ({ api }, use) => {
    await use(await api.signUp());
  },
  makeUser: async ({ api }, use) => {
    await use(() => api.signUp());
  },
  friend: async ({ api }, use) => {
    await use(await api.signUp());
  },
  friendPage: async ({ browser, baseURL, friend }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await logIn(page, friend);
    await use(page);
    await context.close();
  },
});

/** A unique album name, readable in screenshots and failure messages. */
export function albumName(label = 'Album'): string {
  return `${label} ${randomUUID().slice(0, 6)}`;
}

/** The tab panel shown on the login screen (the other tab's panel is hidden). */
export function loginPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Fills the visible login form and submits it; does not wait for where it goes. */
export async function submitLogIn(page: Page, email: string, password: string) {
  const panel = loginPanel(page);
  await panel.getByRole('textbox', { name: 'Email address' }).fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Logs the page in through the real login form; it lands on Recent Albums. */
export async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await submitLogIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
}

/** The name of the cookie with which the server draws a signed-in page (decision 0099). */
export const SESSION_COOKIE = 'photo_session';

/**
 * The storage of a browser the user has signed in to through the login form: a context made
 * from it is signed in without typing the form again. `withoutSessionCookie` leaves the cookie
 * out, as a client that keeps none: the app signs in from its stored token, drawn by the browser.
 */
export async function signedInState(
  browser: Browser,
  user: TestUser,
  { withoutSessionCookie = false } = {},
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, user);
    const state = await context.storageState();
    return withoutSessionCookie
      ? { ...state, cookies: state.cookies.filter((cookie) => cookie.name !== SESSION_COOKIE) }
      : state;
  } finally {
    await context.close();
  }
}

/** Opens the menu of the top bar's round picture: Logout, and the pages on a phone. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /toggle navigation/i }).click();
}

/** Logs out with the top bar's "Logout" button (opening its menu first). */
export async function logOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' });
  const toggle = page.getByRole('button', { name: /toggle navigation/i });
  if (!(await logout.isVisible()) && (await toggle.isVisible())) await toggle.click();
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
}

/** An album with a cover made through the API; its cover is also its first photo. */
export async function albumWithCover(api: ApiClient, user: TestUser, name = albumName()) {
  const cover = await makeJpeg({ name: 'cover.jpg' });
  return api.createAlbum(user, name, cover);
}

/** The file id in a picture URL such as /api/files/show/{id}?size=thumb. */
export function fileIdOf(url: string): string {
  const match = /\/api\/files\/show\/([^/?#]+)/.exec(url);
  if (!match?.[1]) throw new Error(`not a stored picture URL: ${url}`);
  return decodeURIComponent(match[1]);
}
