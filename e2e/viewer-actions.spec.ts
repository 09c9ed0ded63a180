import type { Page } from '@playwright/test';
import { albumName, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { makeJpeg } from './support/images';

const SHOTS = 'test-results/viewer-actions';

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });
const tiles = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
const shownPosition = (page: Page) =>
  viewer(page)
    .locator('.yarl__slide_current')
    .getByText(/\d+ of \d+/);

test("the viewer's Delete: to Trash after asking, the next photo shown, and Undo brings it back", async ({
  page,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  const { album } = await api.createAlbum(user, albumName('Actions'), await makeJpeg({}));
  for (const name of ['second.jpg', 'third.jpg']) {
    await api.addPhoto(user, album.id, await makeJpeg({ name }));
  }
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await expect(tiles(page)).toHaveCount(3);
  await tiles(page)
    .nth(1)
    .getByRole('link', { name: /View larger/ })
    .click();
  await expect(shownPosition(page)).toHaveText(/2 of 3/);
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));

  await test.step('the toolbar, on a phone and on a desktop, passes axe', async () => {
    const toolbar = viewer(page).locator('.yarl__toolbar');
    await expect(toolbar.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Delete' })).toBeVisible();
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/viewer-toolbar-${width}.png` });
    }
    await expectNoSeriousA11yViolations(page, 'the viewer with Delete and Archive');
  });

  await test.step('Delete asks, moves the photo to Trash and shows the next one', async () => {
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Move 1 photo to Trash?' });
    await expect(dialog).toContainText('deleted for good after 30 days');
    await page.screenshot({ path: `${SHOTS}/viewer-delete-dialog-1440.png` });
    await expectNoSeriousA11yViolations(page, "the viewer's Delete dialog");
    await dialog.getByRole('button', { name: 'Move to Trash' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(shownPosition(page)).toHaveText(/2 of 2/);
  });

  await test.step('Undo, over the viewer, brings it back', async () => {
    const notice = page.getByRole('status').filter({ hasText: '1 photo moved to Trash' });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/viewer-undo-1440.png` });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(notice).toHaveCount(0);
    await expect(shownPosition(page)).toHaveText(/\d of 3/);
    // The focus was on Undo, outside the viewer: its own button closes it.
    await viewer(page).getByRole('button', { name: 'Close the viewer' }).click();
    await expect(viewer(page)).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(3);
  });
});
