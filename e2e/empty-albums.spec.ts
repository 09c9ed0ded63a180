import { albumName, albumWithCover, expect, logIn, submitLogIn, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { shoot } from './support/shots';

test('a sign-in error does not survive signing in', async ({ page, user }) => {
  await page.goto('/login');
  await submitLogIn(page, user.email, 'not-the-password');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await submitLogIn(page, user.email, 'not-it-either');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await submitLogIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('New album makes an empty album and opens it; its card and page say it has no photos', async ({
  page,
  user,
}) => {
  const name = albumName('Garden');
  await logIn(page, user);
  await page.getByRole('navigation').getByRole('link', { name: 'Albums' }).click();
  // Recent Albums has a New album button too: press the one on My Albums, once it is there.
  await expect(page.getByRole('heading', { name: 'My Albums', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New album' }).click();
  const dialog = page.getByRole('dialog', { name: 'New album' });
  await dialog.getByRole('button', { name: 'Create album' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the album a name.');
  await shoot(page, 'new-album-dialog');
  await expectNoSeriousA11yViolations(page, 'New album dialog');
  await dialog.getByRole('textbox', { name: 'Album name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/album\/[^/]+$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText('Add the first ones to this album.')).toBeVisible();
  await shoot(page, 'empty-album-page');
  await expectNoSeriousA11yViolations(page, 'Empty album');

  await page.getByRole('navigation').getByRole('link', { name: 'Albums' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('No photos yet')).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(0);
  await shoot(page, 'my-albums-with-empty');
});

test('a new album made from a selection gets the photos, and is offered to open', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user, albumName('Source'));
  const name = albumName('Picked');
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await page
    .getByRole('button', { name: /^Select: Photo by/ })
    .first()
    .click();
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await bar.getByRole('button', { name: 'Add to album' }).click();
  const picker = page.getByRole('dialog', { name: /Add to album/ });
  await expect(picker.getByRole('button').filter({ hasText: /\S/ }).first()).toHaveText(
    'New album…',
  );
  await shoot(page, 'picker-with-new-album');
  await picker.getByRole('button', { name: 'New album…' }).click();
  await picker.getByRole('textbox', { name: 'Album name' }).fill(name);
  await shoot(page, 'picker-naming');
  await expectNoSeriousA11yViolations(page, 'Picker, new album');
  await picker.getByRole('button', { name: 'Create and add' }).click();
  await expect(page.getByText(`1 photo added to ${name}`)).toBeVisible();
  const open = page.getByRole('link', { name: 'Open album' });
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Select: Photo by/ })).toHaveCount(1);
  const made = (await api.myAlbums(user)).find((a) => a.name === name);
  expect(made).toMatchObject({ photoCount: 1 });
  expect(made?.coverPhotoUrl).not.toBe('');
});

test('the upload page makes a new album and uploads into it', async ({ page, api, user }) => {
  const { album } = await albumWithCover(api, user, albumName('First'));
  const name = albumName('Fresh');
  await logIn(page, user);
  await page.goto(`/upload/${album.id}`);
  await page.getByRole('button', { name: 'New album…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New album' });
  await dialog.getByRole('textbox', { name: 'Album name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/upload\/[^/]+$/);
  await expect(page.getByText(`Add photos to ${name}.`)).toBeVisible();
  await shoot(page, 'upload-into-new-album');
});
