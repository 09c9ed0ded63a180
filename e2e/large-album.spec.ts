import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';

/** More than a page of the API (50), and more rows than the screen and its margins hold. */
const PHOTOS = 90;

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 180_000 });

test('a large album: only the rows near the screen are drawn, its end is reached, Back and the viewer keep the place', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  for (let i = 1; i < PHOTOS; i += 1) {
    // Landscapes and portraits in turn, as from a phone.
    const [width, height] = i % 3 === 0 ? [120, 160] : [160, 120];
    await api.addPhoto(user, album.id, await makeJpeg({ name: `photo-${i}.jpg`, width, height }));
  }
  const photos = await api.albumPhotos(user, album.id);
  const last = photos.at(-1)!;

  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  const grid = page.getByRole('list', { name: 'Photos' });
  const tiles = grid.getByRole('listitem');
  await expect(tiles.first()).toBeVisible();
  // Each tile says where it is in the album, though the tiles far down are not drawn yet.
  await expect(tiles.first()).toHaveAttribute('aria-posinset', '1');
  await expect(tiles.first()).toHaveAttribute('aria-setsize', String(photos.length));
  expect(await tiles.count()).toBeLessThan(photos.length);

  // Scrolled to its end with the wheel, as a person does: the last photo shows.
  const lastTile = grid.locator(`[aria-posinset="${photos.length}"]`);
  await page.mouse.move(720, 450);
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(lastTile).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 60_000 });
  expect(await tiles.count()).toBeLessThan(photos.length);
  await expect(tiles.first()).not.toHaveAttribute('aria-posinset', '1');

  // Its page, then Back: the album is where it was, its last photo on the screen.
  await lastTile.hover();
  // Where the page rests once the wheel's last turn has been applied.
  let scrolled = -1;
  await expect
    .poll(async () => {
      const before = scrolled;
      scrolled = await page.evaluate(() => window.scrollY);
      return scrolled === before;
    })
    .toBe(true);
  await lastTile.getByRole('link', { name: 'Go to Photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/photo/${last.id}$`));
  await page.goBack();
  await expect(lastTile).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);

  // The viewer opened on the last photo from the album's top (a shared address): closing it
  // puts the focus on that photo's tile, which the grid brought on the screen behind it.
  await page.goto(`/album/${album.id}?photo=${last.id}`);
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(lastTile.getByRole('link', { name: /View larger/ })).toBeFocused();
  await expect(lastTile).toBeInViewport();
});
