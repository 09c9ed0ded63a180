import type { Page, Route } from '@playwright/test';
import { albumWithCover, expect, logIn, test, type TestFile } from './support/fixtures';
import { dropFiles } from './support/drop';
import { fakeJpeg, makeJpeg, svgDrawing } from './support/images';

/** The drop zone of the upload page (also a button that opens the file dialog). */
function dropZone(page: Page) {
  return page.getByRole('button', { name: /drag and drop/i });
}

/** The row of one file in the upload list. */
function uploadRow(page: Page, fileName: string) {
  return page.getByRole('listitem').filter({ hasText: fileName });
}

/** Opens the album, then its upload page through "Upload Photo". */
async function openUploadPage(page: Page, albumId: string) {
  await page.goto(`/album/${albumId}`);
  await expect(page.getByRole('heading', { name: 'Photos in this Album' })).toBeVisible();
  await page.getByRole('link', { name: 'Upload Photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/upload/${albumId}$`));
}

/** The photo ids in the order the album page shows them. */
async function shownPhotoIds(page: Page): Promise<string[]> {
  const links = page.getByRole('link', { name: 'Go to Photo' });
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/photo\//, '')));
}

const TAKEN: Record<string, string> = {
  'lake.jpg': '2019-07-01T10:00:00Z',
  'snow.jpg': '2016-03-15T08:30:00Z',
  'city.jpg': '2021-11-30T18:45:00Z',
  'forest.jpg': '2018-01-20T12:00:00Z',
  'beach.jpg': '2017-05-05T16:20:00Z',
};

test('uploads five photos by drag and drop, with progress, shown in date-taken order', async ({
  page,
  api,
  user,
}) => {
  const { album, coverPhoto } = await albumWithCover(api, user);
  const files: TestFile[] = [];
  for (const [name, iso] of Object.entries(TAKEN)) {
    files.push(await makeJpeg({ name, dateTaken: new Date(iso) }));
  }
  await logIn(page, user);
  await openUploadPage(page, album.id);

  // Hold the uploads until every file has shown its progress bar.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/uploads', async (route: Route) => {
    await released;
    await route.continue();
  });

  await dropFiles(dropZone(page), files);

  for (const file of files) {
    const row = uploadRow(page, file.name);
    await expect(row).toBeVisible();
    // A bar at 0% has no width of its own; its track shows.
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^\d+$/);
  }
  await expect(page.getByRole('progressbar')).toHaveCount(files.length);
  release();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  for (const file of files) {
    await expect(uploadRow(page, file.name)).not.toContainText(/fail|not uploaded|error/i);
  }
  await page.unroute('**/api/uploads');

  await page.getByRole('link', { name: 'Go back to Album' }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
  await expect(page.getByRole('heading', { name: 'Photos in this Album' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(files.length + 1);

  // Oldest taken first; the cover, which has no date taken, counts from its upload: last.
  const photos = await api.albumPhotos(user, album.id);
  const takenById = new Map(photos.map((photo) => [photo.id, photo.dateTaken]));
  const shownIds = await shownPhotoIds(page);
  const shownTaken = shownIds.map((id) => takenById.get(id));
  const expectedTaken = Object.values(TAKEN)
    .sort()
    .map((iso) => new Date(iso).toISOString());
  expect(shownTaken).toEqual([...expectedTaken, null]);
  expect(shownIds.at(-1)).toBe(coverPhoto.id);

  // The photo taken in 2021 shows when it was taken.
  const cityId = shownIds[4]!;
  await page.getByRole('link', { name: 'Go to Photo' }).nth(4).click();
  await expect(page).toHaveURL(new RegExp(`/photo/${cityId}$`));
  await expect(page.getByRole('heading', { name: 'Photo', exact: true })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('listitem').filter({ hasText: /^Taken/ })).toContainText('2021');
});

test('uploads photos chosen with the file dialog', async ({ page, api, user }) => {
  const { album } = await albumWithCover(api, user);
  const files = [await makeJpeg({ name: 'one.jpg' }), await makeJpeg({ name: 'two.jpg' })];
  await logIn(page, user);
  await openUploadPage(page, album.id);

  const chooser = page.waitForEvent('filechooser');
  await dropZone(page).click();
  await (await chooser).setFiles(files);

  await expect(page.getByText(/2 of 2 photos added/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Go back to Album' }).click();
  await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(3);
});

test('refuses files that are not photos, with a message, and never adds them', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  const drawing = svgDrawing('drawing.svg');
  const notes = fakeJpeg('notes.jpg');
  const photo = await makeJpeg({ name: 'real.jpg' });
  await logIn(page, user);
  await openUploadPage(page, album.id);
  const sent: string[] = [];
  page.on('request', (request) => {
    // A resumable upload names its file in Upload-Metadata (base64).
    if (request.url().includes('/api/uploads')) {
      const metadata = request.headers()['upload-metadata'] ?? '';
      for (const pair of metadata.split(',')) {
        const [, value = ''] = pair.trim().split(' ');
        sent.push(Buffer.from(value, 'base64').toString());
      }
    }
  });

  await dropFiles(dropZone(page), [drawing, notes, photo]);

  await expect(page.getByText(/1 of 3 photos added/)).toBeVisible({ timeout: 30_000 });
  for (const refused of [drawing, notes]) {
    const row = uploadRow(page, refused.name);
    await expect(row).toContainText(/not a photo|was refused: Only photos/i);
    await expect(row).not.toContainText('Added');
  }
  await expect(uploadRow(page, photo.name)).toContainText('Added');
  // The drawing was refused in the browser: it never went to the server.
  expect(sent.some((body) => body.includes('drawing.svg'))).toBe(false);

  const photos = await api.albumPhotos(user, album.id);
  expect(photos).toHaveLength(2);
  await page.getByRole('link', { name: 'Go back to Album' }).click();
  await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(2);
});
