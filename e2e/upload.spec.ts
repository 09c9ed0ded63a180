import type { Page, Route } from '@playwright/test';
import { albumWithCover, expect, logIn, test, type TestFile } from './support/fixtures';
import { dropFiles } from './support/drop';
import { fakeJpeg, makeJpeg, svgDrawing } from './support/images';
import { expectNoSeriousA11yViolations } from './support/checks';

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

test('a photo already in the album is not added again, says so, and offers no retry', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  const photo = await makeJpeg({ name: 'twice.jpg' });
  await logIn(page, user);
  await openUploadPage(page, album.id);

  await page.getByTestId('upload-input').setInputFiles([photo]);
  await expect(uploadRow(page, photo.name)).toContainText('Added', { timeout: 30_000 });
  await page.getByTestId('upload-input').setInputFiles([photo]);

  const again = uploadRow(page, photo.name).filter({ hasText: 'Not added' });
  await expect(again).toContainText('Already in this album', { timeout: 30_000 });
  await expect(again.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(page.getByText(/1 of 2 photos added\./)).toBeVisible();
  expect(await api.albumPhotos(user, album.id)).toHaveLength(2);
});

for (const colorScheme of SCREENS ? (['light', 'dark'] as const) : (['light'] as const)) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a batch: each photo says Processing once sent, then Added with its thumbnail', async ({
      page,
      api,
      user,
    }) => {
      const { album } = await albumWithCover(api, user);
      const photos = await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          makeJpeg({ name: `batch-${i + 1}.jpg`, width: 1200, height: 900 }),
        ),
      );
      await logIn(page, user);
      await openUploadPage(page, album.id);

      // The first three are added at once; the others wait here, their bytes all sent.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let adds = 0;
      await page.route(`**/api/albumsDb/${album.id}/photos`, async (route: Route) => {
        if (route.request().method() === 'POST' && ++adds > 3) await released;
        await route.continue();
      });
      await page.getByTestId('upload-input').setInputFiles([...photos, fakeJpeg('notes.jpg')]);

      await expect(page.getByText('Processing…')).toHaveCount(4, { timeout: 30_000 });
      // Those waiting to be added show the thumbnail made with their upload (decision 0128).
      const processing = page.getByRole('listitem').filter({ hasText: 'Processing…' });
      await expect(processing.locator('img[src*="size=thumb"]')).toHaveCount(4);
      await expect
        .poll(() =>
          processing
            .locator('img[src*="size=thumb"]')
            .evaluateAll((images) =>
              images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);
      const added = page.getByRole('listitem').filter({ hasText: 'Added' });
      await expect(added).toHaveCount(3);
      // Their thumbnails, once the server has made them.
      await expect(added.locator('img[src*="size=thumb"]')).toHaveCount(3, { timeout: 30_000 });
      // Sent once a place is free: the server's answer about it comes then.
      await expect(uploadRow(page, 'notes.jpg')).toContainText('Waiting…');
      await expectNoSeriousA11yViolations(page, 'the upload page during a batch');
      await screens(page, `upload-during-${colorScheme}`);

      release();
      await expect(page.getByText(/7 of 8 photos added\./)).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('li img[src*="size=thumb"]')).toHaveCount(7, { timeout: 30_000 });
      await expect(uploadRow(page, 'notes.jpg')).toContainText('Not a photo or video');
      await expect(uploadRow(page, 'notes.jpg').getByRole('button', { name: /Retry/ })).toHaveCount(
        0,
      );
      await page.getByTestId('upload-input').setInputFiles([photos[0]!]);
      await expect(page.getByText('Already in this album')).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousA11yViolations(page, 'the upload page after a batch');
      await screens(page, `upload-after-${colorScheme}`);
    });
  });
}
