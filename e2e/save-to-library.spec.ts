import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { albumName, albumWithCover, expect, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { verifiedIdToken } from './support/verified-token';

const SCREENS_DIR = path.join('test-results', 'screens');

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });

async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${width}-save-to-library-${name}.png`) });
  }
}

test('a member saves a shared photo to their album, and keeps it after being removed from the shared one', async ({
  api,
  user,
  friend,
  friendPage,
}) => {
  // Two people, two albums, a save and a removal: more steps than most.
  test.setTimeout(120_000);
  // The owner shares an album with the friend, who has an album of their own.
  const { album: shared } = await albumWithCover(api, user, albumName('Shared'));
  const { photo } = await api.addPhoto(user, shared.id, await makeJpeg({ name: 'beach.jpg' }));
  const { photo: unsaved } = await api.addPhoto(
    user,
    shared.id,
    await makeJpeg({ name: 'dunes.jpg' }),
  );
  await api.shareWith(user, shared.id, friend.email);
  await api.me({ idToken: await verifiedIdToken(friend) });
  const mineName = albumName('Mine');
  const { album: mine } = await albumWithCover(api, friend, mineName);

  await test.step('the friend opens a photo of the shared album in the viewer', async () => {
    await friendPage.goto(`/album/${shared.id}?photo=${photo.id}`);
    await expect(viewer(friendPage)).toBeVisible();
  });

  await test.step('the friend saves the photo from the viewer, through the album picker', async () => {
    await viewer(friendPage).getByRole('button', { name: 'Save to my library' }).click();
    const picker = friendPage.getByRole('dialog', { name: /Save to my library/ });
    await expect(picker).toBeVisible();
    const choice = picker.getByRole('button', { name: new RegExp(mineName) });
    await expect(choice).toBeVisible();
    // Only their albums: not the shared one they may only look at.
    await expect(picker.getByRole('button', { name: new RegExp(shared.name) })).toHaveCount(0);
    await expectNoSeriousA11yViolations(friendPage, 'the album picker of "Save to my library"');
    await screenshot(friendPage, 'picker');
    await choice.click();
    const notice = friendPage.getByRole('status').filter({ hasText: 'Saved to' });
    await expect(notice).toHaveText(new RegExp(`Saved to ${mineName}`));
    await expect(picker).toBeHidden();
    await screenshot(friendPage, 'saved');
    await notice.getByRole('link', { name: mineName }).click();
    await expect(friendPage).toHaveURL(new RegExp(`/album/${mine.id}`));
  });

  await test.step('the photo page offers it too, beside "Make this"', async () => {
    await friendPage.goto(`/photo/${unsaved.id}`);
    await expect(friendPage.getByRole('button', { name: 'Save to my library' })).toBeVisible();
    await expect(friendPage.getByRole('button', { name: 'Make this' })).toBeVisible();
    await screenshot(friendPage, 'photo-page');
  });

  await test.step('the owner removes the friend from the shared album', async () => {
    await api.removeMember(user, shared.id, friend.id);
  });

  await test.step('the friend still sees the saved photo in their album; the shared one is gone', async () => {
    await friendPage.goto(`/album/${mine.id}`);
    const tiles = friendPage.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(tiles).toHaveCount(2);
    for (const image of await tiles.getByRole('img').all()) await expectImageLoaded(image);
    const saved = (await api.albumPhotos(friend, mine.id)).find(
      (item) => item.fileId === photo.fileId,
    );
    expect(saved?.createdById).toBe(friend.id);
    await friendPage.goto(`/photo/${saved!.id}`);
    await expectImageLoaded(friendPage.getByRole('main').getByRole('img').first());
    await friendPage.goto(`/photo/${unsaved.id}`);
    await expect(friendPage.getByText(/does not exist|not found/i).first()).toBeVisible();
  });
});
