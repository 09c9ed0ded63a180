import type { Browser, Page } from '@playwright/test';
import { albumName, albumWithCover, expect, logIn, test, type TestUser } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { verifiedIdToken } from './support/verified-token';

/** A browser context of its own (one person), signed in, at this size. */
async function personPage(
  browser: Browser,
  user: TestUser,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

test('the bell tells of an invitation and a comment as they happen; mark all read clears it in every tab', async ({
  browser,
  api,
}) => {
  test.setTimeout(120_000);
  const owner = await api.signUp({ name: 'Ann Owner' });
  const member = await api.signUp({ name: 'Bob Member' });
  // The member has proven their address: an invitation to it makes them a member at once.
  await api.me({ idToken: await verifiedIdToken(member) });
  const name = albumName('Garden');
  const { album, coverPhoto } = await albumWithCover(api, owner, name);

  const ownerPage = await personPage(browser, owner);
  const memberPage = await personPage(browser, member);
  await expect(memberPage.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();

  // The owner shares the album with the member's address: the member's bell says so, no reload.
  const invite = await fetch(new URL(`/api/albumsDb/${album.id}/members`, api.baseURL), {
    method: 'POST',
    headers: { idToken: owner.idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: member.email, role: 'contributor' }),
  });
  expect(invite.status).toBe(201);
  const memberBell = memberPage.getByRole('button', { name: 'Activity, 1 unread' });
  await expect(memberBell).toBeVisible({ timeout: 15_000 });
  await expect(memberBell).toHaveText('1');

  await memberBell.click();
  const panel = memberPage.getByRole('region', { name: 'Activity' });
  await expect(panel.getByRole('link', { name: `You were invited to ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, 'activity panel');
  await memberPage.screenshot({ path: 'test-results/activity-panel-1440.png' });

  // The member comments on the owner's photo: the owner's bell counts it, live.
  await api.postComment(member, coverPhoto.id, 'Lovely!');
  const commentedAt = Date.now();
  const ownerBell = ownerPage.getByRole('button', { name: 'Activity, 1 unread' });
  await expect(ownerBell).toBeVisible({ timeout: 15_000 });
  await ownerBell.click();
  const ownerPanel = ownerPage.getByRole('region', { name: 'Activity' });
  const entry = ownerPanel.getByRole('link', {
    name: /Bob Member commented on your photo: “Lovely!”/,
  });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('href', `/album/${album.id}?photo=${coverPhoto.id}`);
  await expect(entry.getByText('Unread')).toHaveCount(1);
  await expectNoSeriousA11yViolations(ownerPage, 'activity panel with a comment');

  // A second tab of the owner's browser shows the same count, and follows the first one's read.
  const ownerSecondTab = await ownerPage.context().newPage();
  await ownerSecondTab.goto('/albums/recent');
  await expect(ownerSecondTab.getByRole('button', { name: 'Activity, 1 unread' })).toBeVisible();
  // A third tab's live code arrives only after the read, as on a slow line: the count it was
  // drawn with is out of date by then.
  let releaseLiveCode = () => {};
  const liveCodeHeld = new Promise<void>((resolve) => (releaseLiveCode = resolve));
  const ownerThirdTab = await ownerPage.context().newPage();
  await ownerThirdTab.route(/\/assets\/activity-live-[\w-]+\.js$/, async (route) => {
    await liveCodeHeld;
    await route.continue();
  });
  await ownerThirdTab.goto('/albums/recent');
  await expect(ownerThirdTab.getByRole('button', { name: 'Activity, 1 unread' })).toBeVisible();

  await ownerPanel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(ownerPage.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
  await expect(entry.getByText('Unread')).toHaveCount(0);
  await expect(ownerSecondTab.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
  // Past the few seconds a new stream looks back (OVERLAP_MS), so the comment is not sent again.
  await ownerThirdTab.waitForTimeout(Math.max(0, commentedAt + 6_000 - Date.now()));
  releaseLiveCode();
  await expect(ownerThirdTab.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
  await ownerSecondTab.close();
  await ownerThirdTab.close();
  // Read stays read after a reload.
  await ownerPage.reload();
  await expect(ownerPage.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();

  // The entry leads to the photo in its album's viewer.
  await ownerPage.getByRole('button', { name: 'Activity', exact: true }).click();
  await ownerPage.getByRole('region', { name: 'Activity' }).getByRole('link').first().click();
  await expect(ownerPage).toHaveURL(new RegExp(`/album/${album.id}\\?photo=${coverPhoto.id}$`));

  await ownerPage.context().close();
  await memberPage.context().close();
});

test('on a phone the bell opens the activity as a page', async ({ browser, api }) => {
  const owner = await api.signUp({ name: 'Ann Owner' });
  const member = await api.signUp({ name: 'Cara Member' });
  await api.me({ idToken: await verifiedIdToken(member) });
  const { coverPhoto } = await albumWithCover(api, owner, albumName('Trip'));
  await api.postComment(member, coverPhoto.id, 'What a view over the valley, and the light!');
  const like = await fetch(new URL(`/api/photos/${coverPhoto.id}/like`, api.baseURL), {
    method: 'PUT',
    headers: { idToken: member.idToken },
  });
  expect(like.status).toBe(200);

  const page = await personPage(browser, owner, { width: 390, height: 844 });
  await page.getByRole('button', { name: 'Activity, 2 unread' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cara Member liked your photo/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'activity page');
  await page.screenshot({ path: 'test-results/activity-page-390.png' });
  await page.context().close();
});
