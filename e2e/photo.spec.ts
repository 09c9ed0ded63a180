import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  albumWithCover,
  expect,
  expectImageLoaded,
  fileIdOf,
  logIn,
  test,
} from './support/fixtures';
import { makeJpeg } from './support/images';

/** The photo shown on the photo page (the only picture in the page's main part). */
function shownPhoto(page: Page) {
  return page.getByRole('main').getByRole('img');
}

/** An entry of the open "Make this" menu, whichever role the menu gives its entries. */
function menuEntry(page: Page, name: string) {
  return page
    .getByRole('menuitem', { name, exact: true })
    .or(page.getByRole('button', { name, exact: true }))
    .or(page.getByRole('link', { name, exact: true }));
}

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box.y;
}

/** Whether `upper` is shown above `lower`. */
async function expectAbove(upper: Locator, lower: Locator) {
  await expect.poll(async () => (await top(upper)) < (await top(lower))).toBe(true);
}

test('shows a photo, posts comments newest first, and reverses their order', async ({
  page,
  api,
  user,
}) => {
  const { coverPhoto } = await albumWithCover(api, user);
  await logIn(page, user);
  const apiCalls: { call: string; headers: Record<string, string> }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Pictures are <img> loads; client-config is public, read before anyone signs in.
    const guarded =
      url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/api/files/show/') &&
      url.pathname !== '/api/client-config';
    if (guarded) {
      apiCalls.push({ call: `${request.method()} ${url.pathname}`, headers: request.headers() });
    }
  });
  await page.goto(`/photo/${coverPhoto.id}`);

  await expect(page.getByRole('heading', { name: 'Photo', exact: true })).toBeVisible();
  await expect(page.getByText(coverPhoto.id)).toBeVisible();
  await expectImageLoaded(shownPhoto(page));
  // Shown 450 pixels wide.
  expect((await shownPhoto(page).boundingBox())?.width).toBeCloseTo(450, 0);

  const box = page.getByRole('textbox', { name: /comment/i });
  const post = page.getByRole('button', { name: 'Post Comment' });
  await expect(box).toBeEmpty();
  await expect(post).toBeDisabled();
  await box.fill('   \n  ');
  await expect(post).toBeDisabled();

  const first = `First comment ${randomUUID().slice(0, 6)}`;
  const second = `Second comment ${randomUUID().slice(0, 6)}`;
  for (const message of [first, second]) {
    await box.fill(message);
    await expect(post).toBeEnabled();
    await post.click();
    await expect(box).toHaveValue('');
    await expect(post).toBeDisabled();
    await expect(page.getByText(message)).toBeVisible();
  }

  const year = String(new Date().getFullYear());
  const firstComment = page.getByRole('listitem').filter({ hasText: first });
  const secondComment = page.getByRole('listitem').filter({ hasText: second });
  for (const [comment, message] of [
    [firstComment, first],
    [secondComment, second],
  ] as const) {
    await expect(comment).toHaveCount(1);
    // The message, then the date it was written (the date shows the year).
    await expect(comment).toContainText(new RegExp(`${message}[\\s\\S]*${year}`));
  }
  await expectAbove(secondComment, firstComment);

  await page.getByRole('button', { name: 'Change order' }).click();
  await expectAbove(firstComment, secondComment);
  await page.getByRole('button', { name: 'Change order' }).click();
  await expectAbove(secondComment, firstComment);

  // Every API call carried the ID token; the posts carried the XSRF header too.
  expect(apiCalls.map((c) => c.call)).toContain('POST /api/photos/comments');
  for (const { call, headers } of apiCalls) {
    expect(headers.idtoken, `${call} carries idToken`).toBeTruthy();
    if (!call.startsWith('GET '))
      expect(headers['x-xsrf-token'], `${call} carries XSRF`).toBeTruthy();
  }
});

test('makes a photo the profile picture, shown on the Profile page', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  const { photo } = await api.addPhoto(user, album.id, await makeJpeg({ name: 'me.jpg' }));
  await logIn(page, user);
  await page.goto(`/photo/${photo.id}`);
  await expectImageLoaded(shownPhoto(page));

  await page.getByRole('button', { name: 'Make this' }).click();
  await menuEntry(page, 'Profile Photo').click();
  await expect(page.getByRole('status').filter({ hasText: /profile/i })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/me$/);
  await expect(page.getByText(user.name, { exact: true })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  const picture = page.getByRole('main').getByRole('img');
  await expectImageLoaded(picture);
  expect(fileIdOf((await picture.getAttribute('src'))!)).toBe(photo.fileId);
  // A round picture.
  const radius = await picture.evaluate((img) => getComputedStyle(img).borderRadius);
  expect(radius).toMatch(/50%|\d{3,}px|9999px/);
  // The footer tells how long ago the user joined (just now, for this new user).
  await expect(page.getByText(/^Joined (just now|.+ ago)$/)).toBeVisible();
});

test("makes a photo its album's cover and opens the album", async ({ page, api, user }) => {
  const { album } = await albumWithCover(api, user);
  const { photo } = await api.addPhoto(
    user,
    album.id,
    await makeJpeg({ name: 'better-cover.jpg' }),
  );
  await logIn(page, user);
  await page.goto(`/photo/${photo.id}`);
  await expectImageLoaded(shownPhoto(page));

  await page.getByRole('button', { name: 'Make this' }).click();
  await menuEntry(page, 'Album Cover').click();

  await expect(page).toHaveURL(new RegExp(`/albums/${album.id}$`));
  await expect(page.getByRole('heading', { name: 'Photos in this Album' })).toBeVisible();
  expect(fileIdOf((await api.album(user, album.id)).coverPhotoUrl)).toBe(photo.fileId);

  // Recent Albums shows the new cover.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: album.name, exact: true }) });
  const cover = card.getByRole('img');
  await expectImageLoaded(cover);
  expect(fileIdOf((await cover.getAttribute('src'))!)).toBe(photo.fileId);
});

test("another user cannot make a photo the album's cover, and is told why", async ({
  page,
  api,
  user,
  makeUser,
}) => {
  const { album, coverPhoto } = await albumWithCover(api, user);
  const { photo } = await api.addPhoto(user, album.id, await makeJpeg({ name: 'theirs.jpg' }));
  const visitor = await makeUser();
  await logIn(page, visitor);
  await page.goto(`/photo/${photo.id}`);
  await expectImageLoaded(shownPhoto(page));

  await page.getByRole('button', { name: 'Make this' }).click();
  const albumCover = menuEntry(page, 'Album Cover');
  await expect(albumCover).toBeVisible();
  await expect(albumCover).toBeDisabled();
  await expect(page.getByText(/owner/i)).toBeVisible();
  // Profile Photo is still offered: anyone may use a photo they can see as their picture.
  await expect(menuEntry(page, 'Profile Photo')).toBeEnabled();

  await albumCover.click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/photo/${photo.id}$`));
  expect(fileIdOf((await api.album(user, album.id)).coverPhotoUrl)).toBe(coverPhoto.fileId);

  // Nor can they add photos to it.
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  await expect(page.getByText(/owner/i)).toBeVisible();
});
