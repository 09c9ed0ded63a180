import type { Page } from '@playwright/test';
import { albumName, albumWithCover, expect, fileIdOf, logIn, test } from './support/fixtures';
import { expectImageLoaded } from './support/checks';
import { fakeJpeg, makeJpeg } from './support/images';

/** The card of the album with this name in the album grid on the page. */
function albumCard(page: Page, name: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('creates an album with a cover; it shows in Recent Albums and My Albums', async ({
  page,
  api,
  user,
}) => {
  const name = albumName('Holidays');
  await logIn(page, user);

  await page.getByRole('navigation').getByRole('link', { name: 'Albums' }).click();
  await expect(page).toHaveURL(/\/albums\/me$/);
  await expect(page.getByText('All my albums will be listed here!')).toBeVisible();
  await page.getByRole('link', { name: 'Create Album' }).click();

  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Album' })).toBeVisible();
  const nameField = page.getByRole('textbox', { name: 'Album Name' });
  const coverPicker = page.getByLabel('Cover Photo');
  await expect(nameField).toHaveAttribute('placeholder', 'Enter Album name');
  await expect(coverPicker).toBeDisabled();
  await nameField.fill('x');
  await expect(coverPicker).toBeEnabled();
  await nameField.fill('');
  await expect(coverPicker).toBeDisabled();
  await nameField.fill(name);
  await expect(coverPicker).toBeEnabled();

  await coverPicker.setInputFiles(await makeJpeg({ name: 'beach.jpg' }));

  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  const [saved] = await api.myAlbums(user);
  expect(saved?.name).toBe(name);
  const coverFileId = fileIdOf(saved!.coverPhotoUrl);

  for (const where of ['Recent Albums', 'My Albums']) {
    if (where === 'My Albums') {
      await page.getByRole('navigation').getByRole('link', { name: 'Albums' }).click();
      await expect(page).toHaveURL(/\/albums\/me$/);
      await expect(page.getByText('All my albums will be listed here!')).toBeHidden();
    }
    const card = albumCard(page, name);
    await expect(card, `the card in ${where}`).toHaveCount(1);
    // The cover is its one photo, dated the day it was added (it carries no date taken).
    await expect(card.getByText(/^1 photo · \S/)).toBeVisible();
    await expect(card.getByText(`by ${user.name}`)).toBeVisible();
    const cover = card.getByRole('img');
    await expectImageLoaded(cover);
    expect(fileIdOf((await cover.getAttribute('src'))!)).toBe(coverFileId);
    await expect(card.getByRole('link', { name: /Go to Album/ })).toHaveAttribute(
      'href',
      `/album/${saved!.id}`,
    );
  }
});

test("an album's card says how many photos it holds and the months they were taken", async ({
  page,
  api,
  user,
}) => {
  const name = albumName('Spring');
  const { album } = await api.createAlbum(
    user,
    name,
    await makeJpeg({ name: 'march.jpg', dateTaken: '2024-03-12T10:00:00Z' }),
  );
  for (const [file, taken] of [
    ['june.jpg', '2024-06-20T18:00:00Z'],
    ['april.jpg', '2024-04-01T09:00:00Z'],
  ] as const) {
    await api.addPhoto(user, album.id, await makeJpeg({ name: file, dateTaken: taken }));
  }
  await logIn(page, user);

  const card = albumCard(page, name);
  await expect(card).toHaveCount(1);
  // ICU writes thin spaces around the range's dash.
  await expect(card.getByText(/^3 photos · Mar\s–\sJun 2024$/)).toBeVisible();

  // One deleted: the count follows.
  const [, second] = await api.albumPhotos(user, album.id);
  await api.deletePhoto(user, second!.id);
  await page.reload();
  await expect(albumCard(page, name).getByText(/^2 photos · /)).toBeVisible();
});

test('a cover that is not a photo is refused, and no album is made', async ({
  page,
  api,
  user,
}) => {
  await logIn(page, user);
  await page.goto('/create');
  await page.getByRole('textbox', { name: 'Album Name' }).fill(albumName('Notes'));

  await page.getByLabel('Cover Photo').setInputFiles(fakeJpeg('notes.jpg'));

  // Said in the notification area, and next to the picker.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /image|photo/i })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/album was not created/i)).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  expect(await api.myAlbums(user)).toEqual([]);
});

test('opens an album and sees its photos with their creator', async ({ page, api, user }) => {
  const name = albumName('Garden');
  const { album, coverPhoto } = await albumWithCover(api, user, name);
  const { photo } = await api.addPhoto(user, album.id, await makeJpeg({ name: 'rose.jpg' }));
  await logIn(page, user);

  await albumCard(page, name)
    .getByRole('link', { name: /Go to Album/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
  await expect(page.getByRole('heading', { name: 'Photos in this Album' })).toBeVisible();
  const cards = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Go to Photo' }) });
  await expect(cards).toHaveCount(2);
  for (const [index, shown] of [coverPhoto, photo].entries()) {
    const card = cards.nth(index);
    await expect(card.getByText(user.name, { exact: true })).toBeVisible();
    await expectImageLoaded(card.getByRole('img'));
    await expect(card.getByRole('link', { name: 'Go to Photo' })).toHaveAttribute(
      'href',
      `/photo/${shown.id}`,
    );
  }

  await cards.nth(1).getByRole('link', { name: 'Go to Photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/photo/${photo.id}$`));
  await expect(page.getByRole('heading', { name: 'Photo', exact: true })).toBeVisible();
});
