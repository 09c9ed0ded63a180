import type { Page } from '@playwright/test';
import { albumName, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';

/** The tab comes back to the front, as when the person returns to it from another tab. */
const backToTheTab = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

test("Photos' count says what it counts and follows uploads and deletions made elsewhere", async ({
  page,
  api,
  user,
}) => {
  const { album } = await api.createAlbum(user, albumName('Counted'), await makeJpeg());
  await api.keepToOwner(user, album.id);
  await logIn(page, user);
  await page.goto('/photos');
  const count = page.getByText(/^\d+ photos? you can see$/);
  await expect(count).toBeVisible();
  const before = Number((await count.textContent())!.split(' ')[0]);

  // Added in another tab: the count is current once this tab is back in front.
  const { photo } = await api.addPhoto(user, album.id, await makeJpeg());
  await backToTheTab(page);
  await expect(count).toHaveText(`${before + 1} photos you can see`);

  // Deleted elsewhere: the same.
  await api.deletePhoto(user, photo.id);
  await backToTheTab(page);
  await expect(count).toHaveText(`${before} photo${before === 1 ? '' : 's'} you can see`);
});
