import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expectImageLoaded,
  expectNoSeriousA11yViolations,
  showColorScheme,
} from './support/checks';
import {
  expect,
  logIn,
  openAccountMenu,
  test,
  type TestFile,
  type TestUser,
} from './support/fixtures';
import type { ApiClient } from './support/api';
import { makeJpeg } from './support/images';

/** Pictures to look at, on demand: SCREENS=1 E2E_PORT=3740 npx playwright test places. */
const SCREENS_DIR = path.join('test-results', 'screens');

const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const TOKYO = { latitude: 35.6762, longitude: 139.6503 };

function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/** A photo a phone took here (GPS in its EXIF), on this day `yearsAgo` years ago at noon. */
async function locatedPhoto(
  place: { latitude: number; longitude: number },
  yearsAgo: number,
  name: string,
  cameraModel = 'X100V',
): Promise<TestFile> {
  const now = new Date();
  const taken = new Date(Date.UTC(now.getFullYear() - yearsAgo, now.getMonth(), now.getDate(), 12));
  const file = await makeJpeg({
    name,
    dateTaken: taken,
    cameraMake: 'Fujifilm',
    cameraModel,
  });
  const buffer = await sharp(file.buffer)
    .withExifMerge({
      IFD3: {
        GPSLatitudeRef: place.latitude < 0 ? 'S' : 'N',
        GPSLatitude: dms(place.latitude),
        GPSLongitudeRef: place.longitude < 0 ? 'W' : 'E',
        GPSLongitude: dms(place.longitude),
      },
    })
    .jpeg()
    .toBuffer();
  return { ...file, buffer };
}

/**
 * Three photos a few hundred metres apart in Lisbon three years ago today, one in Tokyo a year ago,
 * all with a camera model of their own.
 */
async function trip(api: ApiClient, user: TestUser, camera = `X100V-${randomUUID().slice(0, 6)}`) {
  const spots = [0, 1, 2].map((step) => ({
    latitude: LISBON.latitude + step * 0.004,
    longitude: LISBON.longitude + step * 0.004,
  }));
  const [first, ...rest] = await Promise.all(
    spots.map((spot) => locatedPhoto(spot, 3, `${randomUUID()}.jpg`, camera)),
  );
  const album = await api.createAlbum(user, 'Lisbon and Tokyo', first!);
  for (const photo of rest) await api.addPhoto(user, album.album.id, photo);
  await api.addPhoto(
    user,
    album.album.id,
    await locatedPhoto(TOKYO, 1, `${randomUUID()}.jpg`, camera),
  );
  return { ...album, camera };
}

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });

async function noAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
    .join('\n');
  expect(results.violations, `axe on ${screen}:\n${report}`).toEqual([]);
}

async function screens(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  await fs.mkdir(SCREENS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', scheme);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const { label, width, height } of [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`the map clusters one's located photos, splits them when zoomed, and opens them (${label})`, async ({
    page,
    api,
    user,
  }) => {
    await page.setViewportSize({ width, height });
    await trip(api, user);
    await logIn(page, user);

    await test.step('the account menu opens the Map', async () => {
      await openAccountMenu(page);
      await page.getByRole('link', { name: 'Map', exact: true }).click();
      await expect(page).toHaveURL('/map');
      await expect(page.getByRole('heading', { name: 'Map', level: 1 })).toBeVisible();
      // The whole world fits a wide screen; a phone shows most of it.
      if (width > 1000) await expect(page.getByText('4 photos in this view')).toBeVisible();
      else await expect(page.getByText(/^\d photos? in this view$/)).toBeVisible();
    });

    const lisbon = page.getByRole('button', { name: 'Open 3 photos' });
    await test.step('a cluster of three in Lisbon, one photo in Tokyo', async () => {
      await expect(lisbon).toBeVisible();
      if (width > 1000)
        await expect(page.getByRole('button', { name: 'Open 1 photo' })).toHaveCount(1);
      await expectImageLoaded(lisbon.locator('img'));
      await screens(page, `${label}-map`);
      await noAxeViolations(page, `map (${label})`);
      await showColorScheme(page, 'dark');
      await noAxeViolations(page, `map, dark (${label})`);
      await page.emulateMedia({ colorScheme: 'light' });
    });

    await test.step('the cluster lists its photos and zooms in, where it splits', async () => {
      await lisbon.click();
      const grid = page.getByRole('region', { name: 'Photos of this place' });
      await expect(grid.getByRole('listitem')).toHaveCount(3);
      await expect(lisbon).toHaveCount(0);
      await expect
        .poll(async () => page.locator('.app-map-marker').count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      await screens(page, `${label}-map-cluster`);
    });

    await test.step('a photo of it opens in the viewer', async () => {
      await page
        .getByRole('region', { name: 'Photos of this place' })
        .getByRole('listitem')
        .first()
        .getByRole('button')
        .click();
      await expect(viewer(page)).toBeVisible();
      await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
      await page.keyboard.press('Escape');
      await expect(viewer(page)).toHaveCount(0);
    });
  });
}

test("On this day shows three years ago's photos on Photos, and the box finds a city", async ({
  page,
  api,
  user,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { camera } = await trip(api, user);
  await logIn(page, user);

  await test.step('Photos starts with a memory of three years ago, opened as a story', async () => {
    await page.goto('/photos');
    const memories = page.getByRole('region', { name: 'On this day' });
    const card = memories.getByRole('button', { name: '3 years ago, 3 photos' });
    await expect(card).toBeVisible();
    // The Tokyo photo of a year ago today is a memory too; this year's would not be.
    await expect(memories.getByRole('button')).toHaveCount(2);
    await expectImageLoaded(card.locator('img'));
    await screens(page, 'desktop-memories');
    await noAxeViolations(page, 'Photos with memories');
    await card.click();
    const story = page.getByRole('dialog', { name: /^3 years ago, \d{4}$/ });
    await expect(story).toBeVisible();
    await expectImageLoaded(story.locator('img'));
    await page.keyboard.press('Escape');
    await expect(story).toHaveCount(0);
  });

  await test.step('the top bar finds the photos taken in Lisbon, and in Portugal', async () => {
    for (const text of ['Lisbon', 'Portugal']) {
      await expect
        .poll(
          async () => {
            await page.goto(`/search?q=${text}`);
            await expect(
              page.getByRole('heading', { name: `Results for “${text}”` }),
            ).toBeVisible();
            return page.getByRole('list', { name: 'Photos' }).getByRole('listitem').count();
          },
          { timeout: 20_000 },
        )
        .toBe(3);
    }
    const field = page.getByRole('searchbox', { name: 'Search albums and photos' });
    await field.fill(camera.toLowerCase());
    await field.press('Enter');
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(4);
  });
});

test('the map of a person without located photos says how to get some', async ({ page, user }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, user);
  await page.goto('/map');
  await expect(page.getByRole('heading', { name: 'No photos with a place yet' })).toBeVisible();
  await screens(page, 'phone-map-empty');
  await noAxeViolations(page, 'empty map');
});

test("a located photo's details show its place on a small map, which opens the Map there", async ({
  page,
  api,
  user,
}, testInfo) => {
  const located = await locatedPhoto(LISBON, 2, `${randomUUID()}.jpg`);
  const { album } = await api.createAlbum(user, 'Lisbon', located);
  await logIn(page, user);
  const panel = viewer(page).getByRole('complementary', { name: 'Photo details' });
  const smallMap = panel.getByRole('img', { name: 'Map of where it was taken' });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/album/${album.id}`);
    await page
      .getByRole('list', { name: 'Photos' })
      .getByRole('listitem')
      .first()
      .getByRole('link', { name: /View larger/ })
      .click();
    await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
    await page.keyboard.press('i');
    // The place is named once the naming job ran: the panel is read again until it says so.
    await expect(async () => {
      await expect(panel).toContainText('Lisbon', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(smallMap).toBeVisible();
    await expect(smallMap.locator('.app-map-land')).toHaveCount(1);
    await expect(smallMap.locator('.app-place-marker')).toHaveCount(1);
    await smallMap.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`place-map-${width}.png`) });
  }
  await expectNoSeriousA11yViolations(page, 'a photo with its place');
  await panel.getByRole('link', { name: 'Open in map' }).click();
  await expect(page).toHaveURL(/\/map\?lat=38\.72\d+&lng=-9\.13\d+&zoom=12$/);
  await expect(page.getByRole('button', { name: 'Open 1 photo' })).toBeVisible();
  await expect(page.getByText('1 photo in this view')).toBeVisible();
});
