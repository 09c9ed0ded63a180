import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { crc32, inflateRawSync } from 'node:zlib';
import { expectNoSeriousA11yViolations } from './support/checks';
import { albumName, albumWithCover, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { goToMonth } from './support/timeline';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The files of a zip, read from its central directory (zip64 aside, which two small photos do not
 * need): each entry's stored bytes, inflated when deflated, checked against its CRC-32.
 */
function unzip(zip: Buffer): Buffer[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of central directory record').toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Buffer[] = [];
  for (let entry = 0; entry < count; entry += 1) {
    expect(zip.readUInt32LE(at), 'a central directory header').toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    expect(zip.readUInt32LE(local), 'a local file header').toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(start, start + size);
    const file = method === 8 ? inflateRawSync(stored) : Buffer.from(stored);
    expect(crc32(file), 'the CRC-32 of an entry').toBe(crc);
    files.push(file);
  }
  return files;
}

/** Opens Photos from the top bar. */
async function openPhotos(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Photos' }).first().click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
}

/** The check of the tile of the photo taken that day (its name says the date). */
const check = (page: Page, date: string) =>
  page.getByRole('button', { name: `Select: Photo of ${date}`, exact: true });

test('scrolls Photos to an old month, selects two photos with their checks and downloads both originals in one zip', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  const old = await makeJpeg({ name: 'old.jpg', dateTaken: '2019-03-14T09:00:00Z' });
  const middle = await makeJpeg({ name: 'middle.jpg', dateTaken: '2022-07-04T12:00:00Z' });
  // Enough photos between them that the old one is far below the first screen: months run on
  // in a row, so four in each month of 2024.
  for (let at = 0; at < 48; at += 1) {
    await api.addPhoto(
      user,
      album.id,
      await makeJpeg({
        dateTaken: new Date(Date.UTC(2024, at % 12, 10 + (at >> 4))).toISOString(),
      }),
    );
  }
  await api.addPhoto(user, album.id, old);
  await api.addPhoto(user, album.id, middle);
  // An older month still, at the page's end with March 2019.
  await api.addPhoto(
    user,
    album.id,
    await makeJpeg({ name: 'oldest.jpg', dateTaken: '1987-04-02T10:00:00Z' }),
  );

  await page.setViewportSize({ width: 1280, height: 720 });
  await logIn(page, user);
  await openPhotos(page);
  // The months of 2024 lie between: once the months are laid out, March 2019 is far below, not
  // yet drawn. (Right after the heading, the page may still be one screen high.)
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight))
    .toBeGreaterThan(12 * 200);
  await expect(page.getByRole('heading', { name: /^March 2019/ })).toHaveCount(0);

  // The scrubber goes there, and the wheel scrolls on from there.
  await goToMonth(page, 'March 2019');
  // The page's end stops it short of March 2019's top: the month chosen stays chosen as the page
  // settles, rather than becoming the oldest, April 1987.
  await page.waitForTimeout(600);
  await page.evaluate(async () => {
    window.dispatchEvent(new Event('resize'));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
  expect(await scrubber.getAttribute('aria-valuetext')).toBe('March 2019');
  const there = await page.evaluate(() => window.scrollY);
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(there);

  await goToMonth(page, 'July 2022');
  await check(page, 'July 4, 2022').click();
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  // Once one is selected, every tile shows its check; a click on a tile toggles it.
  await goToMonth(page, 'March 2019');
  await page
    .getByRole('button', { name: 'Photo of March 14, 2019', exact: true, pressed: false })
    .click();
  await expect(bar.getByText('2 selected')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzip(await fs.readFile(await download.path()));
  expect(files.map(sha256).sort()).toEqual([old.buffer, middle.buffer].map(sha256).sort());
  await expect(page.getByRole('status').getByText('Downloading 2 photos as a zip')).toBeVisible();
  await expect(bar).toBeHidden();
});

test('moves selected photos to another album', async ({ page, api, user }) => {
  const from = await albumWithCover(api, user, albumName('From'));
  const toName = albumName('To');
  const to = await albumWithCover(api, user, toName);
  const moved = await api.addPhoto(
    user,
    from.album.id,
    await makeJpeg({ dateTaken: '2021-05-01T10:00:00Z' }),
  );

  await logIn(page, user);
  await openPhotos(page);
  await goToMonth(page, 'May 2021');
  await check(page, 'May 1, 2021').click();
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await bar.getByRole('button', { name: 'Move to album' }).click();
  const dialog = page.getByRole('dialog', { name: /Move to album/ });
  await dialog.getByRole('button', { name: new RegExp(toName) }).click();
  await expect(page.getByText(`1 photo moved to ${toName}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const fileOf = (photos: { photoUrl: string }[]) =>
    photos.map((photo) => photo.photoUrl.split('?')[0]);
  const movedFile = moved.photo.photoUrl.split('?')[0];
  await expect
    .poll(async () => fileOf(await api.albumPhotos(user, to.album.id)))
    .toContain(movedFile);
  expect(fileOf(await api.albumPhotos(user, from.album.id))).not.toContain(movedFile);
});

test('Photos has no serious accessibility violations, with photos and while selecting', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: '2023-02-02T10:00:00Z' }));
  await logIn(page, user);
  await openPhotos(page);
  await goToMonth(page, 'February 2023');
  await expectNoSeriousA11yViolations(page, 'Photos');
  await check(page, 'February 2, 2023').click();
  await expect(page.getByRole('toolbar', { name: 'Selected photos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Photos while selecting');
});
