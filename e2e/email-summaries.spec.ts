import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { freePort } from '../apps/server/src/test/ports';
import { startSmtpPeer, type SmtpPeer } from '../apps/server/src/test/smtp-peer';
import { ApiClient } from './support/api';
import { expectNoSeriousA11yViolations } from './support/checks';
import { expect, logIn, test, type TestUser } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own that sends e-mail (SMTP_URL, to a real SMTP peer) and knows its address.
let smtp: SmtpPeer;
let server: OwnServer;
let api: ApiClient;
let person: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  const port = await freePort();
  server = await startOwnServer(
    { SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    { port },
  );
  api = new ApiClient(server.url);
  person = await api.signUp({ name: 'Ann Summaries' });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const SCREENS_DIR = path.join('test-results', 'screens');

async function pageOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

test('account settings offer e-mail summaries off, hourly or daily, and keep the choice', async ({
  browser,
}) => {
  const page = await pageOf(browser);
  await logIn(page, person);
  await page.goto('/profile/me');
  const group = page.getByRole('group', { name: 'E-mail summaries' });
  await expect(group.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await group.getByRole('radio', { name: 'Hourly' }).check();
  await expect(group.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(group.getByRole('radio', { name: 'Hourly' })).toBeChecked();
  // Keyboard: the arrow keys move the choice within the group.
  await group.getByRole('radio', { name: 'Hourly' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await expect(group.getByRole('status')).toHaveText('Saved.');
  await expectNoSeriousA11yViolations(page, 'account settings with e-mail summaries');
  if (process.env.SCREENS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SCREENS_DIR, `email-summaries-${width}.png`),
        fullPage: true,
      });
    }
  }
});

test('on a server that sends no e-mail, the settings say so and offer no choice', async ({
  page,
  api: suiteApi,
}) => {
  const user = await suiteApi.signUp({ name: 'Ned No-mail' });
  await logIn(page, user);
  await page.goto('/profile/me');
  await expect(page.getByText(/E-mail isn.t set up on this server/)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
});
