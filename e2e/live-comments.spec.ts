import type { Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';

const commentList = (page: Page) => page.getByRole('list', { name: 'Comments' });

async function post(page: Page, message: string) {
  await page.getByRole('textbox', { name: 'Your comment' }).fill(message);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
}

test('two people on one photo see each other’s comments arrive and go, without a reload', async ({
  page,
  api,
  user,
  friendPage,
}) => {
  const { coverPhoto } = await albumWithCover(api, user);
  await logIn(page, user);
  await page.goto(`/photo/${coverPhoto.id}`);
  await friendPage.goto(`/photo/${coverPhoto.id}`);
  await expect(page.getByText(/No comments yet/)).toBeVisible();
  await expect(friendPage.getByText(/No comments yet/)).toBeVisible();

  await test.step('the friend posts; the owner sees it without reloading', async () => {
    await post(friendPage, 'Hello from the friend');
    await expect(commentList(page).getByText('Hello from the friend')).toBeVisible();
  });

  await test.step('the owner answers; the friend sees it on top', async () => {
    await post(page, 'Thanks, friend');
    await expect(commentList(friendPage).getByRole('listitem').first()).toContainText(
      'Thanks, friend',
    );
  });

  await test.step('each deletes their own comments; the album owner, any of them', async () => {
    await expect(friendPage.getByRole('button', { name: /^Delete comment/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Delete comment/ })).toHaveCount(2);
  });

  await test.step('the owner deletes the friend’s comment; it goes from the friend’s screen', async () => {
    await page.getByRole('button', { name: 'Delete comment: Hello from the friend' }).click();
    await expect(commentList(page).getByText('Hello from the friend')).toHaveCount(0);
    await expect(commentList(friendPage).getByText('Hello from the friend')).toHaveCount(0);
    await expect(commentList(friendPage).getByRole('listitem')).toHaveCount(1);
  });

  await expectNoSeriousA11yViolations(page, 'photo page with live comments');
  await page.screenshot({ path: 'test-results/live-comments-owner.png', fullPage: true });
  await friendPage.screenshot({ path: 'test-results/live-comments-friend.png', fullPage: true });
  await friendPage.context().close();
});

test('a long conversation shows its newest 50 first, and older ones on demand', async ({
  page,
  api,
  user,
}) => {
  const { coverPhoto } = await albumWithCover(api, user);
  for (let i = 1; i <= 53; i += 1) {
    await api.postComment(user, coverPhoto.id, `Comment number ${i}`);
  }
  await logIn(page, user);
  await page.goto(`/photo/${coverPhoto.id}`);
  await expect(commentList(page).getByRole('listitem').first()).toContainText('Comment number 53');
  await expect(commentList(page).getByRole('listitem')).toHaveCount(50);
  await page.getByRole('button', { name: 'Show older comments' }).click();
  await expect(commentList(page).getByRole('listitem')).toHaveCount(53);
  await expect(commentList(page).getByRole('listitem').last()).toContainText('Comment number 1');
  await expect(page.getByRole('button', { name: 'Show older comments' })).toHaveCount(0);
});
