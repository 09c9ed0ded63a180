import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/checks';
import { ApiClient } from './support/api';
import { albumName, expect, logIn, openAccountMenu, test, type TestFile } from './support/fixtures';
import { startOwnServer } from './support/own-server';

/** Astronaut Eileen Collins, a NASA photograph in the public domain (scikit-image's data). */
const astronaut: TestFile = {
  name: 'astronaut.jpg',
  mimeType: 'image/jpeg',
  buffer: fs.readFileSync('apps/server/src/test/fixtures/faces/astronaut.jpg'),
};

async function searchFromTopBar(page: Page, text: string) {
  const toggle = page.getByRole('button', { name: 'Search', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  const field = page
    .getByRole('search', { name: 'Albums and photos' })
    .getByRole('searchbox', { name: 'Search albums and photos' });
  await field.fill(text);
  await field.press('Enter');
}

test('a face uploaded becomes a person on People; named there, the top bar finds them', async ({
  browser,
}) => {
  // Finding faces loads the model on the server's first face job: seconds on a busy machine.
  test.setTimeout(120_000);
  // The only server of the suite that looks for faces: it costs seconds of CPU a photo.
  const server = await startOwnServer({ ML_ENABLED: 'true' });
  const api = new ApiClient(server.url);
  const user = await api.signUp();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await api.createAlbum(user, albumName('Launch'), astronaut);
  await logIn(page, user);

  await openAccountMenu(page);
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL('/people');
  const people = page.getByRole('list', { name: 'People' });
  const someone = people.getByRole('link', { name: /^Someone 1 photo$/ });
  await expect(async () => {
    await page.reload();
    await expect(someone).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(page, 'People');

  await someone.click();
  await expect(page.getByRole('heading', { name: 'Someone' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Photos of Someone' }).getByRole('listitem'),
  ).toHaveCount(1);
  await page.getByRole('button', { name: 'Add a name' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Eileen Collins');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Eileen Collins' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a person');
  const personUrl = page.url();

  await searchFromTopBar(page, 'eileen');
  await expect(page).toHaveURL('/search?q=eileen');
  const found = page.getByRole('list', { name: 'People' });
  await expect(found.getByRole('link', { name: /^Eileen Collins 1 photo$/ })).toBeVisible();
  await found.getByRole('link', { name: /^Eileen Collins/ }).click();
  await expect(page).toHaveURL(personUrl);
  await expect(page.getByRole('heading', { name: 'Eileen Collins' })).toBeVisible();
  await context.close();
  await server.stop();
});
