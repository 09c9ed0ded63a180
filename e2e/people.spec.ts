import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
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

test("a face wrongly grouped is taken out on the person's page, as a new person", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const server = await startOwnServer({ ML_ENABLED: 'true' });
  const api = new ApiClient(server.url);
  const user = await api.signUp();
  // The same face flipped and smaller joins the first: one person of two photos.
  const flipped: TestFile = {
    name: 'astronaut-flipped.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp(astronaut.buffer).flop().resize(240).jpeg({ quality: 85 }).toBuffer(),
  };
  const { album } = await api.createAlbum(user, albumName('Crew'), astronaut);
  await api.addPhoto(user, album.id, flipped);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto('/people');
  const someone = page.getByRole('list', { name: 'People' }).getByRole('link', {
    name: /^Someone 2 photos$/,
  });
  await expect(async () => {
    await page.reload();
    await expect(someone).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 100_000 });
  await someone.click();
  const photos = page.getByRole('list', { name: 'Photos of Someone' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Not this person…' }).click();
  const bar = page.getByRole('form', { name: 'Not this person' });
  await expect(bar).toContainText('Pick the photos that do not show Someone.');
  await expect(bar.getByRole('button', { name: 'Move' })).toBeDisabled();
  const tiles = photos.getByRole('button');
  await tiles.nth(1).click();
  await expect(tiles.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(bar).toContainText('1 photo picked');
  await expect(bar.getByRole('combobox', { name: 'Their face goes to' })).toHaveValue('new');
  await expectNoSeriousA11yViolations(page, 'not this person');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`not-this-person-${width}.png`) });
  }
  await bar.getByRole('button', { name: 'Move' }).click();

  await expect(page.getByRole('status').filter({ hasText: '1 photo moved.' })).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('1 photo', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Open that person' }).click();
  await expect(
    page.getByRole('list', { name: 'Photos of Someone' }).getByRole('listitem'),
  ).toHaveCount(1);
  // Hidden, a person is still theirs by address: the page says so and offers to show them again.
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('1 photo · Hidden')).toBeVisible();
  const hiddenUrl = page.url();
  await page.goto('/people');
  await expect(
    page.getByRole('list', { name: 'People' }).getByRole('link', { name: /^Someone 1 photo$/ }),
  ).toHaveCount(1);
  await page.goto(hiddenUrl);
  await page.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByRole('button', { name: 'Hide' })).toBeVisible();
  await page.goto('/people');
  await expect(
    page.getByRole('list', { name: 'People' }).getByRole('link', { name: /^Someone 1 photo$/ }),
  ).toHaveCount(2);
  await context.close();
  await server.stop();
});
