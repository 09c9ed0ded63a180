import type { Browser, Page } from '@playwright/test';
import { albumWithCover, albumName, expect, logIn, test, type TestUser } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import { makeJpeg } from './support/images';
import { verifiedIdToken } from './support/verified-token';

const PHONE = { width: 390, height: 844 };

/** A browser context of its own (its own storage: one person), signed in when a user is given. */
async function personPage(browser: Browser, user?: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (user) await logIn(page, user);
  return page;
}

async function openShareDialog(page: Page, albumId: string) {
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Who can see this album' })).toBeVisible();
  return dialog;
}

async function screenshot(page: Page, name: string, phone = false) {
  if (phone) await page.setViewportSize(PHONE);
  await page.screenshot({ path: `test-results/sharing-${name}${phone ? '-phone' : ''}.png` });
  if (phone) await page.setViewportSize({ width: 1280, height: 720 });
}

test('an album for invited people: a friend adds photos, a stranger sees nothing, a link is shared and stopped', async ({
  browser,
  api,
}) => {
  test.setTimeout(180_000);
  const owner = await api.signUp({ name: 'Olivia Owner' });
  const friend = await api.signUp({ name: 'Fred Friend' });
  const stranger = await api.signUp({ name: 'Stan Stranger' });
  const name = albumName('Family');
  const { album } = await albumWithCover(api, owner, name);

  const ownerPage = await personPage(browser, owner);
  const friendPage = await personPage(browser, friend);
  const strangerPage = await personPage(browser, stranger);

  // The owner keeps the album to invited people and invites the friend, who can add photos.
  let dialog = await openShareDialog(ownerPage, album.id);
  await expect(dialog.getByRole('radio', { name: 'Everyone with an account' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Only people I invite' }).click();
  await expect(dialog.getByRole('radio', { name: 'Only people I invite' })).toBeChecked();
  // Saved: the choices are enabled again once the server has answered.
  await expect(dialog.getByRole('radio', { name: 'Only people I invite' })).toBeEnabled();
  await expect(dialog.getByText(/E-mail is not set up on this server/)).toBeVisible();
  // An address cut short is said in the dialog, once, as a sentence, and nothing is sent.
  await dialog.getByLabel('Invite by e-mail').fill(friend.email.replace(/\.com$/, ''));
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter the whole e-mail address, such as name@example.com.',
  );
  await expect(dialog.getByLabel('Invite by e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(ownerPage.getByRole('alert')).toHaveCount(1);
  await dialog.getByLabel('Invite by e-mail').fill(friend.email);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Role').selectOption({ label: 'Can add photos' });
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  // The friend's address is not verified yet: the invitation waits.
  const invited = dialog.getByRole('listitem').filter({ hasText: friend.email });
  await expect(invited.getByText('Pending')).toBeVisible();
  await expect(invited.getByText('Can add photos')).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage, 'the Share dialog');
  await screenshot(ownerPage, 'dialog');
  await screenshot(ownerPage, 'dialog', true);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Before the friend has verified the address, the album is not theirs to see.
  await friendPage.goto('/albums/me?tab=shared');
  await expect(friendPage.getByText(/Albums other people share with you/)).toBeVisible();

  // The friend verifies the address (the provider vouches for it): the invitation applies.
  await api.me({ idToken: await verifiedIdToken(friend) });

  dialog = await openShareDialog(ownerPage, album.id);
  const member = dialog.getByRole('listitem').filter({ hasText: 'Fred Friend' });
  await expect(member.getByRole('combobox', { name: 'Role of Fred Friend' })).toHaveValue(
    'contributor',
  );
  await expect(member.getByText('Pending')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The friend finds it under "Shared with me" and adds a photo.
  await friendPage.goto('/albums/me');
  await friendPage.getByRole('link', { name: 'Shared with me' }).click();
  const card = friendPage
    .getByRole('list', { name: 'Albums shared with me' })
    .getByRole('listitem');
  await expect(card.filter({ hasText: name })).toBeVisible();
  await expectImageLoaded(card.filter({ hasText: name }).getByRole('img'));
  await screenshot(friendPage, 'shared-with-me');
  await screenshot(friendPage, 'shared-with-me', true);
  await card.filter({ hasText: name }).getByRole('link', { name: 'Go to Album' }).click();
  await expect(friendPage.getByRole('heading', { name })).toBeVisible();
  await expect(friendPage.getByText('Shared with you')).toBeVisible();
  await friendPage.getByRole('link', { name: 'Upload Photo' }).click();
  const chooser = friendPage.waitForEvent('filechooser');
  await friendPage.getByRole('button', { name: /drag and drop/i }).click();
  await (await chooser).setFiles([await makeJpeg({ name: 'from-fred.jpg' })]);
  await expect(friendPage.getByText(/1 of 1 photos? added/)).toBeVisible({ timeout: 30_000 });
  await friendPage.getByRole('link', { name: 'Go back to Album' }).click();
  await expect(friendPage.getByRole('link', { name: 'Go to Photo' })).toHaveCount(2);
  // Pictures of the album load for its members (signed picture URLs).
  await expectImageLoaded(friendPage.getByRole('img', { name: /Photo by Fred Friend/ }));
  await screenshot(friendPage, 'member-album');

  // The stranger sees it nowhere, and its address says not found.
  const strangersOwn = albumName('Stan');
  await albumWithCover(api, stranger, strangersOwn);
  await strangerPage.goto('/albums/recent');
  // The list has loaded (it shows the stranger's own album), and the private one is not in it.
  await expect(strangerPage.getByText(strangersOwn)).toBeVisible();
  await expect(strangerPage.getByText(name)).toHaveCount(0);
  await strangerPage.goto(`/album/${album.id}`);
  await expect(strangerPage.getByText('This album does not exist.')).toBeVisible();
  // One message for one problem: the page says it, the notification area does not repeat it.
  await expect(strangerPage.getByRole('alert')).toHaveCount(1);
  await expect(strangerPage.getByRole('alert')).toContainText('This album does not exist.');
  await screenshot(strangerPage, 'stranger-not-found');

  // A link, opened by someone without an account.
  dialog = await openShareDialog(ownerPage, album.id);
  await dialog.getByRole('button', { name: 'New link' }).click();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Address of Link' });
  await expect(linkField).toHaveValue(/\/shared\/[A-Za-z0-9_-]{22}$/);
  const link = await linkField.inputValue();
  await expect(dialog.getByRole('button', { name: 'Copy link Link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const visitor = await personPage(browser);
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  const pictures = visitor.getByRole('list', { name: 'Photos' }).getByRole('img');
  await expect(pictures).toHaveCount(2);
  await expectImageLoaded(pictures.first());
  await expect(visitor.getByRole('link', { name: 'Sign in to comment' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /upload|delete|share|leave/i })).toHaveCount(0);
  // Each photo opens in the viewer (e2e/viewer.spec.ts goes through it).
  await expect(visitor.getByRole('link', { name: /View larger/ })).toHaveCount(2);
  await expectNoSeriousA11yViolations(visitor, 'the shared album');
  await screenshot(visitor, 'shared-view');
  await screenshot(visitor, 'shared-view', true);

  // The owner removes the friend: the friend's view says not found.
  dialog = await openShareDialog(ownerPage, album.id);
  await dialog.getByRole('button', { name: 'Remove Fred Friend' }).click();
  await expect(dialog.getByText('Fred Friend')).toHaveCount(0);
  await friendPage.goto(`/album/${album.id}`);
  await expect(friendPage.getByText('This album does not exist.')).toBeVisible();

  // Stop sharing: the link says not found at once.
  await dialog.getByRole('button', { name: 'Stop Link' }).click();
  await dialog.getByRole('button', { name: 'Stop link' }).click();
  await expect(dialog.getByRole('list', { name: 'Share links' })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText('This link has expired or was stopped.')).toBeVisible();
});

test('a member can leave an album shared with them', async ({ browser, api }) => {
  const owner = await api.signUp();
  const member = await api.signUp({ name: 'Mia Member' });
  await api.me({ idToken: await verifiedIdToken(member) });
  const name = albumName('Trip');
  const { album } = await albumWithCover(api, owner, name);
  const invite = await fetch(new URL(`/api/albumsDb/${album.id}/members`, api.baseURL), {
    method: 'POST',
    headers: { idToken: owner.idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: member.email, role: 'viewer' }),
  });
  expect(invite.status).toBe(201);

  const page = await personPage(browser, member);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('You can view this album but not add photos to it.')).toBeVisible();
  await page.getByRole('button', { name: 'Leave', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave album' }).click();
  await expect(page).toHaveURL(/\/albums\/me\?tab=shared$/);
  await expect(page.getByText(name)).toHaveCount(0);
});
