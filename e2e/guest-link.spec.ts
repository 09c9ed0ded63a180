import type { Locator, Page } from '@playwright/test';
import { albumWithCover, albumName, expect, logIn, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { makeJpeg } from './support/images';

const SCREENS = process.env.SCREENS === '1';

/** With SCREENS=1: the page at a phone's and a desktop's width, in test-results/screens/. */
async function screens(page: Page, name: string) {
  if (!SCREENS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/${width}-${name}.png` });
  }
  await page.setViewportSize(size);
}

async function openShareDialog(page: Page, albumId: string): Promise<Locator> {
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Share by link' })).toBeVisible();
  return dialog;
}

/** Makes a link through the New link form; answers its address. */
async function makeLink(
  dialog: Locator,
  options: { label: string; permission: string; password?: string; snap?: Page },
): Promise<string> {
  await dialog.getByRole('button', { name: 'New link' }).click();
  const form = dialog.getByRole('form', { name: 'New link' });
  await form.getByLabel(/^Name/).fill(options.label);
  await form.getByRole('radio', { name: options.permission }).check();
  if (options.password) await form.getByLabel(/^Password/).fill(options.password);
  if (options.snap) {
    await expectNoSeriousA11yViolations(options.snap, 'the new-link form');
    await screens(options.snap, 'share-new-link-form');
  }
  await form.getByRole('button', { name: 'Make link' }).click();
  await expect(form).toHaveCount(0);
  const address = dialog.getByRole('textbox', { name: `Address of ${options.label}` });
  await expect(address).toHaveValue(/\/shared\/[A-Za-z0-9_-]{22}$/);
  return address.inputValue();
}

test('a guest without an account adds photos through an addPhotos link; the owner removes one', async ({
  browser,
  baseURL,
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const owner = await api.signUp({ name: 'Olivia Owner' });
  const name = albumName('Wedding');
  const { album } = await albumWithCover(api, owner, name);
  await logIn(page, owner);
  const dialog = await openShareDialog(page, album.id);
  const address = await makeLink(dialog, {
    label: 'Wedding guests',
    permission: 'Can add photos',
    snap: page,
  });
  const row = dialog.getByRole('listitem', { name: /^Wedding guests/ });
  await expect(row).toContainText('Never opened');
  await expect(row).toContainText('0 of 500 photos added');
  await expect(row.getByRole('combobox', { name: 'What Wedding guests allows' })).toHaveValue(
    'addPhotos',
  );
  await expectNoSeriousA11yViolations(page, 'the link list');
  await screens(page, 'share-link-list');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A visitor with no account, in a browser of their own.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto(address);
  await expect(guest.getByRole('heading', { name })).toBeVisible();
  await guest.getByRole('button', { name: 'Add photos' }).click();
  const upload = guest.getByRole('dialog', { name: `Add photos to “${name}”` });
  await upload.getByLabel('Your name').fill('Ann Guest');
  await upload.getByRole('button', { name: 'Continue' }).click();
  await expect(upload.getByText('Adding as')).toContainText('Ann Guest');
  await expectNoSeriousA11yViolations(guest, 'the guest upload dialog');
  const photos = await Promise.all(
    ['one', 'two', 'three'].map((label, i) =>
      makeJpeg({ name: `guest-${label}.jpg`, width: 320 + i * 16, height: 240 }),
    ),
  );
  await upload.getByTestId('guest-upload-input').setInputFiles(photos);
  const files = upload.getByRole('list', { name: 'Your files' });
  await expect(files.getByText('Added')).toHaveCount(3, { timeout: 30_000 });
  await screens(guest, 'guest-upload');
  // The same photo again: refused for what it is, with no retry.
  await upload.getByTestId('guest-upload-input').setInputFiles([photos[0]!]);
  const twice = files.getByRole('listitem').filter({ hasText: 'Not added' });
  await expect(twice).toContainText('Already in this album', { timeout: 30_000 });
  await expect(twice.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await upload.getByRole('button', { name: 'Done' }).click();
  // The cover and the three added, the guest named as their creator.
  await expect(guest.getByRole('link', { name: /View larger/ })).toHaveCount(4);
  await expect(guest.getByRole('heading', { name: 'Ann Guest' })).toHaveCount(3);
  // The name is remembered on this device.
  await guest.reload();
  await guest.getByRole('button', { name: 'Add photos' }).click();
  await expect(upload.getByLabel('Your name')).toHaveCount(0);
  await expect(upload.getByText('Adding as')).toContainText('Ann Guest');

  // The owner sees them and removes one.
  await page.goto(`/album/${album.id}`);
  const byGuest = page.getByRole('listitem').filter({ hasText: 'Ann Guest' });
  await expect(byGuest).toHaveCount(3);
  await byGuest
    .first()
    .getByRole('button', { name: /^Select: / })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected photos' })
    .getByRole('button', { name: 'Delete' })
    .click();
  // To the owner's Trash (TRASH_DAYS is on by default): the guest no longer sees it either.
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
  await expect(byGuest).toHaveCount(2);
  await guest.reload();
  await expect(guest.getByRole('link', { name: /View larger/ })).toHaveCount(3);

  // The owner's list says what guests added, and when the link was opened.
  const again = await openShareDialog(page, album.id);
  const used = again.getByRole('listitem', { name: /^Wedding guests/ });
  await expect(used).toContainText(/Last opened (just now|1 minute ago)/);
  await expect(used).toContainText(/of 500 photos added/);
  await guestContext.close();
});

test('a password-protected link: a wrong password is refused, the right one opens the album', async ({
  browser,
  baseURL,
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const owner = await api.signUp({ name: 'Olivia Owner' });
  const name = albumName('Secret');
  const { album } = await albumWithCover(api, owner, name);
  await logIn(page, owner);
  const dialog = await openShareDialog(page, album.id);
  const address = await makeLink(dialog, {
    label: 'Family',
    permission: 'Can view and download',
    password: 'tulip-42',
  });
  await expect(
    dialog.getByRole('listitem', { name: /^Family/ }).getByTitle('Password protected'),
  ).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(address);
  await expect(
    visitor.getByText('This album is protected. Enter the password the owner gave you.'),
  ).toBeVisible();
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor, 'the password form');
  await screens(visitor, 'link-password');

  await visitor.getByLabel('Password', { exact: true }).fill('wrong guess');
  await visitor.getByRole('button', { name: 'Open album' }).click();
  await expect(visitor.getByRole('alert')).toBeVisible();
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0);

  await visitor.getByLabel('Password', { exact: true }).fill('tulip-42');
  await visitor.getByRole('button', { name: 'Open album' }).click();
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /View larger/ })).toHaveCount(1);
  // The key is kept for this tab: a reload asks nothing.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  // The zip goes with the key.
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download all' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);

  // Stopped: the visitor is told so.
  const again = await openShareDialog(page, album.id);
  await again.getByRole('button', { name: 'Stop Family' }).click();
  await again.getByRole('button', { name: 'Stop link' }).click();
  await expect(again.getByRole('listitem', { name: /^Family/ })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText('This link has expired or was stopped.')).toBeVisible();
  await visitorContext.close();
});
