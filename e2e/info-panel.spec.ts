import type { Page } from '@playwright/test';
import { albumName, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { makeJpeg } from './support/images';

const SHOTS = 'test-results/info-panel';

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });
const panel = (page: Page) => viewer(page).getByRole('complementary', { name: 'Photo details' });
const tiles = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('listitem');

/** A camera's JPEG: taken 1 May 2024 at 18:30 in UTC+2, with its lens and exposure. */
const cameraShot = () =>
  makeJpeg({
    name: 'IMG_0042.JPG',
    width: 1600,
    height: 1200,
    dateTaken: '2024-05-01T18:30:00Z',
    takenOffset: '+02:00',
    cameraMake: 'Canon',
    cameraModel: 'Canon EOS R5',
    photoExif: {
      LensModel: 'RF 50mm F1.8 STM',
      FNumber: '18/10',
      ExposureTime: '1/250',
      ISOSpeedRatings: '400',
      FocalLength: '50/1',
      FocalLengthIn35mmFilm: '80',
    },
  });

test("the viewer's details: beside the photo on a desktop, a sheet on a phone, dark in both themes", async ({
  page,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  const shot = await cameraShot();
  const { album } = await api.createAlbum(user, albumName('Paris'), shot);
  // The same file in a second album of the owner's: the details name both.
  const { album: second } = await api.createAlbum(user, albumName('Best of'), await makeJpeg());
  await api.addPhoto(user, second.id, shot);

  await logIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/album/${album.id}`);
  await tiles(page)
    .first()
    .getByRole('link', { name: /View larger/ })
    .click();
  const photo = viewer(page).locator('.yarl__slide_current img');
  await expectImageLoaded(photo);
  const wide = await photo.boundingBox();

  await test.step('I opens the details: when, where and with what it was taken', async () => {
    await page.keyboard.press('i');
    await expect(panel(page)).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Info' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(panel(page)).toContainText('Taken Wed, May 1, 2024');
    await expect(panel(page)).toContainText('6:30 PM · UTC+2');
    await expect(panel(page)).toContainText('IMG_0042.JPG');
    await expect(panel(page)).toContainText('1.9 MP · 1600 × 1200 pixels');
    await expect(panel(page)).toContainText('Canon EOS R5');
    await expect(panel(page)).toContainText('RF 50mm F1.8 STM');
    await expect(panel(page)).toContainText(
      'ƒ/1.8 · 1/250 s · 50 mm (80 mm in 35 mm terms) · ISO 400',
    );
    await expect(panel(page)).toContainText(`Added by ${user.name}`);
    await expect(panel(page).getByText('In 2 albums')).toBeVisible();
    await expect(panel(page).getByRole('link', { name: second.name })).toHaveAttribute(
      'href',
      `/album/${second.id}`,
    );
  });

  await test.step('on a desktop the photo shrinks beside it, in both themes', async () => {
    await page.waitForTimeout(400);
    const narrow = await photo.boundingBox();
    const side = await panel(page).boundingBox();
    expect(narrow!.width).toBeLessThan(wide!.width);
    expect(narrow!.x + narrow!.width).toBeLessThanOrEqual(side!.x + 1);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(200);
      // Dark whatever the app's theme, as the viewer is.
      const background = await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor);
      const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
      expect(Math.max(...channels), background).toBeLessThan(64);
      await page.screenshot({ path: `${SHOTS}/info-1440-${colorScheme}.png` });
      await expectNoSeriousA11yViolations(page, `the viewer's details, 1440 px (${colorScheme})`);
    }
  });

  await test.step('on a phone it is a sheet under the photo', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(400);
      const sheet = await panel(page).boundingBox();
      const shown = await photo.boundingBox();
      expect(sheet!.width).toBe(390);
      expect(sheet!.y).toBeGreaterThan(844 * 0.4);
      expect(shown!.y + shown!.height).toBeLessThanOrEqual(sheet!.y + 1);
      await page.screenshot({ path: `${SHOTS}/info-390-${colorScheme}.png` });
      await expectNoSeriousA11yViolations(page, `the viewer's details, 390 px (${colorScheme})`);
    }
  });

  await test.step('I again closes it, and the photo takes the room back', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('i');
    await expect(panel(page)).toHaveCount(0);
  });
});

test("Photos' viewer has the details too: I opens and closes them", async ({ page, api, user }) => {
  const { album, coverPhoto } = await api.createAlbum(user, albumName('Paris'), await cameraShot());
  await api.keepToOwner(user, album.id);
  await logIn(page, user);
  await page.goto('/photos');
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
  const tile = page
    .getByRole('list', { name: /May 2024/ })
    .getByRole('link', { name: /May 1, 2024/ })
    .and(page.locator(`a[href*="${coverPhoto.id}"]`));
  // Other tests' photos on the same server come first, newest first: scroll down to May 2024.
  for (let step = 0; step < 60 && !(await tile.isVisible()); step += 1) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(150);
  }
  await tile.click();
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
  await page.keyboard.press('i');
  await expect(panel(page)).toContainText('Taken Wed, May 1, 2024');
  await expect(panel(page)).toContainText('6:30 PM · UTC+2');
  await expect(panel(page)).toContainText('IMG_0042.JPG');
  await expect(panel(page)).toContainText('Canon EOS R5');
  await expect(panel(page)).toContainText('ƒ/1.8 · 1/250 s');
  await expect(panel(page)).toContainText(`Added by ${user.name}`);
  await expect(panel(page).getByRole('link', { name: album.name })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/photos-viewer-${width}-${scheme}.png` });
    }
  }
  await expectNoSeriousA11yViolations(page, "Photos' viewer with its details");
  await page.keyboard.press('i');
  await expect(panel(page)).toHaveCount(0);
});
