import type { Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';

const likeButton = (page: Page) => page.getByRole('button', { name: 'Like', exact: true });
const likeCount = (page: Page) => page.getByRole('main').getByText(/^\d+ likes?/);

test('two people like a photo: each sees the other, takes it back, and the album cards count', async ({
  page,
  api,
  user,
  friend,
  friendPage,
}) => {
  const { album, coverPhoto } = await albumWithCover(api, user);
  await logIn(page, user);

  await test.step('the owner likes the photo', async () => {
    await page.goto(`/photo/${coverPhoto.id}`);
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('0 likes')).toBeVisible();
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(page)).toHaveText(/^1 like/);
  });

  await test.step('the friend sees it, sees who, and likes it too', async () => {
    await friendPage.goto(`/photo/${coverPhoto.id}`);
    await expect(likeButton(friendPage)).toHaveAttribute('aria-pressed', 'false');
    await friendPage.getByRole('button', { name: /^1 like/ }).click();
    const likers = friendPage.getByRole('list', { name: 'People who like this photo' });
    await expect(likers.getByRole('listitem')).toHaveText([user.name]);
    await friendPage.keyboard.press('Escape');
    await likeButton(friendPage).click();
    await expect(likeButton(friendPage)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(friendPage)).toHaveText(/^2 likes/);
  });

  await test.step('the owner reloads: two likes, most recent first', async () => {
    await page.reload();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: /^2 likes/ }).click();
    await expect(
      page.getByRole('list', { name: 'People who like this photo' }).getByRole('listitem'),
    ).toHaveText([friend.name, user.name]);
    await page.keyboard.press('Escape');
  });

  await test.step('a second press takes the like back; the album card shows the count', async () => {
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(likeCount(page)).toHaveText(/^1 like/);
    await page.getByRole('link', { name: 'Back to album' }).click();
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toContainText(
      '1 like · 0 comments',
    );
    await friendPage.goto(`/album/${album.id}`);
    await expect(
      friendPage.getByRole('list', { name: 'Photos' }).getByRole('listitem'),
    ).toContainText('1 like (you like it) · 0 comments');
  });

  await friendPage.context().close();
});

test('a like shows live on another open page of the photo, without a reload', async ({
  page,
  api,
  user,
  friendPage,
}) => {
  // Two browsers, each signed in, take turns: more steps than most.
  test.setTimeout(120_000);
  const { coverPhoto } = await albumWithCover(api, user);
  await logIn(page, user);
  await page.goto(`/photo/${coverPhoto.id}`);
  await friendPage.goto(`/photo/${coverPhoto.id}`);
  await expect(page.getByText('0 likes')).toBeVisible();
  await expect(friendPage.getByText('0 likes')).toBeVisible();

  await likeButton(friendPage).click();
  await expect(likeCount(friendPage)).toHaveText(/^1 like/);
  // The owner's page was not reloaded: the count came over the photo's stream.
  await expect(likeCount(page)).toHaveText(/^1 like/, { timeout: 10_000 });
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');

  await likeButton(page).click();
  await expect(likeCount(page)).toHaveText(/^2 likes/);
  await expect(likeCount(friendPage)).toHaveText(/^2 likes/, { timeout: 10_000 });
  await likeButton(friendPage).click();
  await expect(likeCount(page)).toHaveText(/^1 like/, { timeout: 10_000 });
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
});
