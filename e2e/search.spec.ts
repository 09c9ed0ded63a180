import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/checks';
import { albumWithCover, expect, logIn, test, type TestFile } from './support/fixtures';
import { makeJpeg } from './support/images';
import { readZip } from './support/zip';

/** The files of a downloaded zip, as a zip reader reads them (CRC-32 checked). */
async function zipEntries(download: Download) {
  const file = await download.path();
  return readZip(await fs.readFile(file));
}

/** The bytes of every file, sorted: two sets of files hold the same bytes when these are equal. */
const sortedBytes = (files: readonly { buffer?: Buffer; bytes?: Buffer }[]) =>
  files.map((file) => (file.buffer ?? file.bytes)!.toString('base64')).sort();

async function searchFromTopBar(page: Page, text: string) {
  const toggle = page.getByRole('button', { name: 'Search', exact: true });
  // On a phone the field is behind its magnifier.
  if (await toggle.isVisible()) await toggle.click();
  const field = page
    .getByRole('search', { name: 'Albums and photos' })
    .getByRole('searchbox', { name: 'Search albums and photos' });
  await field.fill(text);
  await field.press('Enter');
}

for (const { label, width, height } of [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`finds an album by its name from the top bar's box and opens it (${label})`, async ({
    page,
    api,
    user,
  }) => {
    await page.setViewportSize({ width, height });
    const word = `Quokka${randomUUID().slice(0, 6)}`;
    const name = `${word} picnic`;
    const { album } = await albumWithCover(api, user, name);
    await albumWithCover(api, user, 'Something else entirely');
    await logIn(page, user);

    await searchFromTopBar(page, word);

    await expect(page).toHaveURL(`/search?q=${word}`);
    const albums = page.getByRole('list', { name: 'Albums' });
    await expect(albums.getByRole('heading', { name })).toBeVisible();
    await expect(albums.getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, `search results (${label})`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expectNoSeriousA11yViolations(page, `search results, dark (${label})`);
    await page.emulateMedia({ colorScheme: 'light' });

    await albums.getByRole('link', { name: `Go to Album ${name}` }).click();
    await expect(page).toHaveURL(`/album/${album.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    // Back to the results, as they were.
    await page.goBack();
    await expect(page.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
    await expect(albums.getByRole('heading', { name })).toBeVisible();
  });
}

test('a search that matches nothing says so, and a backwards date range is refused beside the filters', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  const nothing = `nothing-${randomUUID().slice(0, 8)}`;
  await page.goto(`/search?q=${nothing}`);
  await expect(page.getByText(/^No albums or photos match “nothing-/)).toBeVisible();

  // A filter is a new address; the back button goes to the search before it.
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Camera').fill('Hasselblad');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(`/search?q=${nothing}&camera=Hasselblad`);
  await expect(page.getByText(/^No albums or photos match “nothing-/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/search?q=${nothing}`);
  await expect(filters.getByLabel('Camera')).toHaveValue('');

  await page.goto('/search?from=2024-07-01&to=2024-06-01');
  await expect(filters.getByLabel('From')).toHaveValue('2024-07-01');
  await expect(page.getByRole('alert')).toContainText(/after/);
  await expectNoSeriousA11yViolations(page, 'search refused');
});

/** An album of the user's with a cover and two more photos; answers it and its originals. */
async function albumWithOriginals(
  api: Parameters<typeof albumWithCover>[0],
  user: Parameters<typeof albumWithCover>[1],
) {
  const cover = await makeJpeg({ name: 'cover.jpg' });
  const made = await api.createAlbum(user, `Zip ${randomUUID().slice(0, 6)}`, cover);
  const more: TestFile[] = [
    await makeJpeg({ name: 'first.jpg', width: 400, height: 300 }),
    await makeJpeg({ name: 'second.jpg', width: 240, height: 320 }),
  ];
  for (const file of more) await api.addPhoto(user, made.album.id, file);
  return { album: made.album, originals: [cover, ...more] };
}

test('downloads a whole album as one zip holding its originals, byte for byte', async ({
  page,
  api,
  user,
}) => {
  const { album, originals } = await albumWithOriginals(api, user);
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const entries = await zipEntries(download);
  expect(entries).toHaveLength(originals.length);
  expect(sortedBytes(entries)).toEqual(sortedBytes(originals));
  // The page is still there.
  await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
});

test('a share link whose owner allows it offers all the photos as one zip', async ({
  page,
  browser,
  baseURL,
  api,
  user,
}) => {
  const { album, originals } = await albumWithOriginals(api, user);
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${album.name}”` });
  await dialog.getByRole('button', { name: 'New link' }).click();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const address = await dialog.getByRole('textbox', { name: 'Address of Link' }).inputValue();
  const allows = dialog.getByRole('combobox', { name: 'What Link allows' });
  await expect(allows).toHaveValue('view');

  // Someone with the link, signed out: no zip until the owner allows it.
  const guest = await (await browser.newContext({ baseURL })).newPage();
  await guest.goto(address);
  await expect(guest.getByRole('heading', { name: album.name })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Download all' })).toHaveCount(0);

  await allows.selectOption({ label: 'Can view and download' });
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
  await expect(allows).toBeEnabled();
  // Read again after closing: the server kept it.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByRole('combobox', { name: 'What Link allows' })).toHaveValue('download');

  await guest.reload();
  const [download] = await Promise.all([
    guest.waitForEvent('download'),
    guest.getByRole('link', { name: 'Download all' }).click(),
  ]);
  const entries = await zipEntries(download);
  expect(sortedBytes(entries)).toEqual(sortedBytes(originals));
  await guest.context().close();
});
