import type { Page } from '@playwright/test';
import type { Photo, ShareLink } from '@photo/contract';
import { expectNoSeriousA11yViolations, showColorScheme } from './support/checks';
import { albumWithCover, expect, logIn, openAccountMenu, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { verifiedIdToken } from './support/verified-token';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The album's grid of photos. */
const tiles = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('listitem');

/** Selects the last `count` photos of the album's grid with their checks, then asks to delete. */
async function deleteFromSelection(page: Page, count: number) {
  for (let at = 1; at <= count; at += 1) {
    const tile = tiles(page).nth(at);
    await tile.hover();
    // The first click shows every tile's check; after it, a click on a tile selects it.
    if (at === 1) await tile.getByRole('button', { name: /^Select: / }).click();
    else await tile.getByRole('button', { name: /^Photo by /, pressed: false }).click();
  }
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await expect(bar.getByText(`${count} selected`)).toBeVisible();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${count} photos to Trash?` });
  await expect(dialog).toContainText('deleted for good after 30 days');
  await dialog.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(dialog).toHaveCount(0);
}

test('deleted photos wait in Trash: Undo, restore, Empty Trash; a member and a share link no longer see them', async ({
  page,
  api,
  user,
  friend,
}) => {
  test.setTimeout(150_000);
  const { album } = await albumWithCover(api, user);
  for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) {
    await api.addPhoto(user, album.id, await makeJpeg({ name }));
  }
  await api.shareWith(user, album.id, friend.email);
  // A verified account's first call makes the invitation a membership.
  const member = { idToken: await verifiedIdToken(friend) };
  await api.me(member);
  const seenByFriend = await api.albumPhotos(member, album.id);
  expect(seenByFriend).toHaveLength(4);
  // The owner's share link: its visitors' picture addresses are bound to it.
  const made = await fetch(new URL(`/api/albumsDb/${album.id}/links`, api.baseURL), {
    method: 'POST',
    headers: { idToken: user.idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ permission: 'view' }),
  });
  expect(made.status).toBe(201);
  const { token } = (await made.json()) as ShareLink;
  const linkPhotos = async () =>
    (await (await fetch(new URL(`/api/shared/${token}/photos`, api.baseURL))).json()) as Photo[];
  const seenByLink = await linkPhotos();
  expect(seenByLink).toHaveLength(4);
  for (const photo of seenByLink) {
    expect((await fetch(new URL(photo.photoUrl, api.baseURL))).status).toBe(200);
  }

  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await expect(tiles(page)).toHaveCount(4);

  await test.step('three photos to Trash, then Undo brings them back', async () => {
    await deleteFromSelection(page, 3);
    const notice = page.getByRole('status').filter({ hasText: '3 photos moved to Trash' });
    await expect(notice).toBeVisible();
    await expect(tiles(page)).toHaveCount(1);
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(notice).toHaveCount(0);
    // A pointer resting on the next notice would hold it: it goes elsewhere.
    await page.mouse.move(0, 0);
    await expect(tiles(page)).toHaveCount(4);
  });

  await test.step('deleted again, they show in Trash with their days left', async () => {
    await deleteFromSelection(page, 3);
    await expect(page.getByText('3 photos moved to Trash')).toBeVisible();
    await expect(tiles(page)).toHaveCount(1);
    await openAccountMenu(page);
    await page.screenshot({ path: 'test-results/trash-account-menu-desktop.png' });
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/trash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const group = page.getByRole('region', { name: album.name });
    await expect(group.getByRole('button', { name: /^Select: / })).toHaveCount(3);
    await expect(group.getByText(/^(29|30) days left$/)).toHaveCount(3);
  });

  await test.step('a trashed photo answers 404 to a member and through the share link', async () => {
    const keptByLink = await linkPhotos();
    expect(keptByLink).toHaveLength(1);
    const goneFromLink = seenByLink.filter(
      (shown) => !keptByLink.some((kept) => kept.id === shown.id),
    );
    expect(goneFromLink).toHaveLength(3);
    // The addresses the link's visitors were given stop loading.
    for (const photo of goneFromLink) {
      expect((await fetch(new URL(photo.photoUrl, api.baseURL))).status).toBe(404);
    }
    const after = await api.albumPhotos(member, album.id);
    expect(after).toHaveLength(1);
    const gone = seenByFriend.filter((photo) => !after.some((kept) => kept.id === photo.id));
    expect(gone).toHaveLength(3);
    for (const photo of gone) {
      const picture = await fetch(new URL(photo.photoUrl, page.url()));
      expect(picture.status).toBe(404);
      const answer = await fetch(new URL(`/api/photos/${photo.id}`, page.url()), {
        headers: { idToken: member.idToken },
      });
      expect(answer.status).toBe(404);
    }
  });

  await test.step('the Trash page is accessible and looks right on a phone and a desktop', async () => {
    await expectNoSeriousA11yViolations(page, 'trash');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expectNoSeriousA11yViolations(page, 'trash (dark)');
    await page.screenshot({ path: 'test-results/trash-dark-desktop.png' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: 'test-results/trash-desktop.png' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'test-results/trash-phone.png' });
    await page.setViewportSize(DESKTOP);
  });

  await test.step('one photo restored with the keyboard', async () => {
    const check = page.getByRole('button', { name: /^Select: / }).first();
    await check.focus();
    await page.keyboard.press('Enter');
    const bar = page.getByRole('toolbar', { name: 'Selected photos' });
    await expect(bar.getByText('1 selected')).toBeVisible();
    await page.screenshot({ path: 'test-results/trash-selection-desktop.png' });
    await expectNoSeriousA11yViolations(page, 'trash, one photo selected');
    await bar.getByRole('button', { name: 'Restore' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('1 photo restored.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Select: / })).toHaveCount(2);
  });

  await test.step('Empty Trash deletes the rest for good, after asking', async () => {
    await page.getByRole('button', { name: 'Empty Trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Empty the Trash?' });
    await expect(dialog).toContainText('All 2 photos in your Trash are deleted for good');
    await dialog.getByRole('button', { name: 'Empty Trash' }).click();
    await expect(page.getByText('2 photos deleted for good')).toBeVisible();
    await page.screenshot({ path: 'test-results/trash-emptied-desktop.png' });
    await expect(page.getByText('Trash is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your photos' })).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'test-results/trash-empty-phone.png' });
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page, 'trash (empty)');
  });

  await test.step('the album keeps its cover and the restored photo', async () => {
    await page.goto(`/album/${album.id}`);
    await expect(tiles(page)).toHaveCount(2);
  });
});

test('an album without photos moved to Trash is listed there, restored, and deleted for good', async ({
  page,
  api,
  user,
}) => {
  const empty = await api.createEmptyAlbum(user, 'Birthday plans');
  await api.deleteAlbum(user, empty.id);
  await logIn(page, user);
  await page.goto('/trash');
  const albums = page.getByRole('region', { name: 'Deleted albums' });
  await expect(albums.getByRole('heading', { name: 'Birthday plans' })).toBeVisible();
  await expect(albums).toContainText('No photos · 30 days left');
  await expect(page.getByText('Trash is empty')).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    await expectNoSeriousA11yViolations(page, `trash with an album (${scheme})`);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: `test-results/trash-album-${viewport.width}-${scheme}.png`,
      });
    }
  }

  await albums.getByRole('button', { name: 'Restore the album Birthday plans' }).click();
  await expect(page.getByText('Album “Birthday plans” restored.')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  expect((await api.myAlbums(user)).map((album) => album.id)).toContain(empty.id);

  await api.deleteAlbum(user, empty.id);
  await page.reload();
  await page.getByRole('button', { name: 'Delete the album Birthday plans for good' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the album “Birthday plans” for good?' });
  await expect(dialog).toContainText('The album is deleted at once');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('Album “Birthday plans” deleted for good')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  expect((await api.myAlbums(user)).map((album) => album.id)).not.toContain(empty.id);
});
