import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ShareLink } from '@photo/contract';
import { albumName, expect, logIn, test, type TestUser } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import type { ApiClient, TestFile } from './support/api';
import { makeJpeg } from './support/images';
import { shoot } from './support/shots';

/** An album of three photos; the first carries the date it was taken and its camera. */
async function albumOfThree(api: ApiClient, user: TestUser) {
  const first = await makeJpeg({
    name: 'first.jpg',
    width: 1600,
    height: 1200,
    dateTaken: '2021-11-30T18:45:00+00:00',
    cameraMake: 'Canon',
    cameraModel: 'Canon EOS R6',
  });
  const { album } = await api.createAlbum(user, albumName('Viewer'), first);
  for (const name of ['second.jpg', 'third.jpg']) {
    await api.addPhoto(user, album.id, await makeJpeg({ name, width: 1200, height: 1600 }));
  }
  const photos = await api.albumPhotos(user, album.id);
  expect(photos).toHaveLength(3);
  return { album, photos, first };
}

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });
const shownPosition = (page: Page) =>
  viewer(page)
    .locator('.yarl__slide_current')
    .getByText(/\d+ of \d+/);

/** Saves the original from the viewer's toolbar: its bytes equal the uploaded file's. */
async function expectDownloadOf(page: Page, uploaded: TestFile) {
  const download = page.waitForEvent('download');
  await viewer(page).getByRole('link', { name: 'Download the original' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^photo-[\w-]+\.jpg$/);
  const bytes = await fs.readFile(await saved.path());
  expect(bytes.equals(uploaded.buffer)).toBe(true);
}

test('the photo viewer: like, comment, details, download and a slideshow', async ({
  page,
  api,
  user,
}) => {
  test.setTimeout(150_000);
  const { album, photos, first } = await albumOfThree(api, user);
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await page
    .getByRole('list', { name: 'Photos' })
    .getByRole('link', { name: /View larger/ })
    .first()
    .click();
  await expect(viewer(page)).toBeVisible();
  await expect(shownPosition(page)).toHaveText(/1 of 3/);
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
  await shoot(page, 'viewer-plain');

  await test.step('every toolbar button has a name', async () => {
    const toolbar = viewer(page).locator('.yarl__toolbar');
    for (const name of [
      /^Like, 0 likes$/,
      'Comments',
      'Info',
      'Start the slideshow',
      'Zoom in',
      'Zoom out',
      'Rotate left',
      'Rotate right',
      'Close the viewer',
    ]) {
      await expect(toolbar.getByRole('button', { name, exact: true })).toHaveCount(1);
    }
    await expect(toolbar.getByRole('link', { name: 'Download the original' })).toBeVisible();
  });

  await test.step('Like: the count goes up at once, and down again', async () => {
    await viewer(page)
      .getByRole('button', { name: /^Like, 0 likes$/ })
      .click();
    const liked = viewer(page).getByRole('button', { name: /^Like, 1 like$/ });
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await expect(liked).toContainText('1');
    await expect.poll(async () => (await api.albumPhotos(user, album.id))[0]!.likeCount).toBe(1);
  });

  await test.step('Info: when and with what it was taken, its size and who added it', async () => {
    await viewer(page).getByRole('button', { name: 'Info' }).click();
    const panel = viewer(page).getByRole('complementary', { name: 'Photo details' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Taken');
    await expect(panel).toContainText('2021');
    await expect(panel).toContainText('Camera Canon EOS R6');
    await expect(panel).toContainText('1600 × 1200 pixels');
    await expect(panel).toContainText(`Added by ${user.name}`);
    await expect(panel).toContainText('1 like');
    await shoot(page, 'viewer-info');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page, `the viewer with its details (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('Comments: posted from the viewer, it shows in the panel', async () => {
    await viewer(page).getByRole('button', { name: 'Comments' }).click();
    const panel = viewer(page).getByRole('complementary', { name: 'Comments' });
    await expect(panel.getByText('No comments yet. Be the first to write one.')).toBeVisible();
    const box = panel.getByRole('textbox', { name: 'Your comment' });
    await box.fill('What a light');
    // Keys typed in the box stay there: the arrows move the caret, not the photos.
    await box.press('ArrowLeft');
    await expect(shownPosition(page)).toHaveText(/1 of 3/);
    await panel.getByRole('button', { name: 'Post Comment' }).click();
    await expect(panel.getByRole('list', { name: 'Comments' })).toContainText('What a light');
    await expect(box).toHaveValue('');
    await shoot(page, 'viewer-comments');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page, `the viewer with its comments (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Escape in the panel closes the panel, and the focus goes back to its button.
    await box.press('Escape');
    await expect(panel).toBeHidden();
    await expect(viewer(page).getByRole('button', { name: 'Comments' })).toBeFocused();
    await expect(viewer(page)).toBeVisible();
  });

  await test.step('Download: the original, byte for byte', async () => {
    await expectDownloadOf(page, first);
  });

  await test.step('the slideshow moves on by itself, and stops when asked', async () => {
    await viewer(page).getByRole('button', { name: 'Start the slideshow' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?photo=${photos[1]!.id}$`), { timeout: 10_000 });
    await viewer(page).getByRole('button', { name: 'Stop the slideshow' }).click();
    await expect(viewer(page).getByRole('button', { name: 'Start the slideshow' })).toBeVisible();
    await page.waitForTimeout(4_000);
    await expect(shownPosition(page)).toHaveText(/2 of 3/);
  });

  await test.step('started again, it stops by itself at the last photo', async () => {
    await viewer(page).getByRole('button', { name: 'Start the slideshow' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?photo=${photos[2]!.id}$`), { timeout: 10_000 });
    await expect(viewer(page).getByRole('button', { name: 'Start the slideshow' })).toBeDisabled();
  });

  await test.step('the viewer with nothing open has no serious accessibility problems', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page, `the viewer (${colorScheme})`);
    }
  });

  await test.step('Escape closes it', async () => {
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toBeHidden();
  });
});

test('a share link: a visitor without an account opens a photo in the viewer, moves on and downloads it when the link offers originals', async ({
  page,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  const { album, first } = await albumOfThree(api, user);
  // Invited people only: its pictures come with signed addresses.
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(new URL(path, api.baseURL), {
      method,
      headers: {
        idToken: user.idToken,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    expect(response.ok, `${method} ${path}`).toBe(true);
    return (await response.json()) as unknown;
  };
  await call('PUT', `/api/albumsDb/${album.id}/visibility`, { visibility: 'invited' });
  const viewOnly = (await call('POST', `/api/albumsDb/${album.id}/links`, {
    permission: 'view',
  })) as ShareLink;
  const link = (await call('POST', `/api/albumsDb/${album.id}/links`, {
    permission: 'download',
  })) as ShareLink;

  // A view-only link shows the photos, and offers no original.
  await page.goto(viewOnly.url);
  await page
    .getByRole('list', { name: 'Photos' })
    .getByRole('link', { name: /View larger/ })
    .first()
    .click();
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
  await expect(viewer(page).getByRole('link', { name: 'Download the original' })).toHaveCount(0);

  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: album.name })).toBeVisible();
  await page
    .getByRole('list', { name: 'Photos' })
    .getByRole('link', { name: /View larger/ })
    .first()
    .click();
  await expect(viewer(page)).toBeVisible();
  await expect(shownPosition(page)).toHaveText(/1 of 3/);
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
  // Nothing here changes anything: no Like, no comments, no rotation.
  await expect(viewer(page).getByRole('button', { name: /^Like|Comments|Rotate/ })).toHaveCount(0);

  await viewer(page).getByRole('button', { name: 'Info' }).click();
  const panel = viewer(page).getByRole('complementary', { name: 'Photo details' });
  await expect(panel).toContainText('Camera Canon EOS R6');
  await expect(panel.getByRole('link', { name: 'Sign in to comment' })).toBeVisible();
  await shoot(page, 'shared-viewer-info');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `the share link's viewer (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await panel.getByRole('button', { name: 'Close the details' }).click();

  await expectDownloadOf(page, first);

  await page.keyboard.press('ArrowRight');
  await expect(shownPosition(page)).toHaveText(/2 of 3/);
  await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
  await shoot(page, 'shared-viewer');
  const download = page.waitForEvent('download');
  await viewer(page).getByRole('link', { name: 'Download the original' }).click();
  expect((await fs.readFile(await (await download).path())).length).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
});
