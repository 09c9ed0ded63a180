import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { albumWithCover, expect, loginPanel, test, type TestUser } from './support/fixtures';

const SCREENS_DIR = path.join('test-results', 'screens');

/** The login form's texts and the top bar's links, as each language says them. */
const WORDS = {
  en: {
    logIn: 'Log In',
    email: 'Email address',
    password: 'Password',
    home: 'Home',
    photos: 'Photos',
    language: 'Language',
  },
  de: {
    logIn: 'Anmelden',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    home: 'Start',
    photos: 'Fotos',
    language: 'Sprache',
  },
  fr: {
    logIn: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    home: 'Accueil',
    photos: 'Photos',
    language: 'Langue',
  },
  es: {
    logIn: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    home: 'Inicio',
    photos: 'Fotos',
    language: 'Idioma',
  },
} as const;
type Locale = keyof typeof WORDS;

/** Logs in through the login form as the given language labels it. */
async function logInIn(page: Page, locale: Locale, user: TestUser) {
  const words = WORDS[locale];
  const panel = loginPanel(page);
  await panel.getByRole('textbox', { name: words.email }).fill(user.email);
  await panel.getByLabel(words.password).fill(user.password);
  await panel.getByRole('button', { name: words.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/albums\/recent$/);
}

const topBar = (page: Page) => page.getByRole('navigation');

test.describe('a browser that prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('sees the login screen and the app in German; Español chosen in the top bar stays after a reload and is told to the server', async ({
    page,
    user,
    request,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('tab', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Registrieren' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden · My Photo Application');

    await logInIn(page, 'de', user);
    await expect(topBar(page).getByRole('link', { name: 'Start' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Alben' })).toBeVisible();
    await expect(topBar(page).getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

    await topBar(page)
      .getByRole('combobox', { name: 'Sprache' })
      .selectOption({ label: 'Español' });
    await expect(topBar(page).getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.reload();
    await expect(topBar(page).getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Álbumes' })).toBeVisible();
    await expect(topBar(page).getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

    // The server writes this person's e-mails in Spanish from now on.
    await expect
      .poll(async () => {
        const res = await request.get('/api/users/me/preferences', {
          headers: { idToken: user.idToken },
        });
        return (await res.json()) as unknown;
      })
      .toEqual({ locale: 'es' });
  });
});

/** The login screen and Recent Albums of a browser speaking `locale`, pictured. */
async function picture(
  browser: Browser,
  baseURL: string,
  locale: Locale,
  user: TestUser,
  phone = false,
) {
  const context = await browser.newContext({
    baseURL,
    locale,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const suffix = phone ? `${locale}-phone` : locale;
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: WORDS[locale].logIn })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, `language-login-${suffix}.png`) });
  await logInIn(page, locale, user);
  // On a phone the choice is in the folded account menu (and hidden in the bar): read it there.
  await expect(
    page.getByRole('combobox', { name: WORDS[locale].language, includeHidden: phone }).first(),
  ).toHaveValue(locale);
  if (!phone) {
    await expect(topBar(page).getByRole('link', { name: WORDS[locale].home })).toBeVisible();
  }
  await expect(page.locator('main img').first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, `language-recent-albums-${suffix}.png`) });
  await context.close();
}

test('screenshots of the login screen and Recent Albums in each language (and German on a phone)', async ({
  browser,
  baseURL,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  await albumWithCover(api, user, 'Sommerferien am Meer 2026');
  for (const locale of Object.keys(WORDS) as Locale[]) {
    await picture(browser, baseURL!, locale, user);
  }
  await picture(browser, baseURL!, 'de', user, true);
});
