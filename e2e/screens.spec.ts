import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  albumName,
  albumWithCover,
  expect,
  logIn,
  logOut,
  submitLogIn,
  test,
  type TestUser,
} from './support/fixtures';
import { dropFiles } from './support/drop';
import { fakeJpeg, makeJpeg, svgDrawing } from './support/images';
import type { ApiClient } from './support/api';
import { makeLivePhotoPair, makeMp4 } from './support/videos';

/**
 * Full-page pictures of every screen, with data in it, for people to look at (not a check: the
 * other specs check the screens). Run with `SCREENS=1 npx playwright test screens`; the pictures
 * go to test-results/screens/.
 */
const SCREENS_DIR = path.join('test-results', 'screens');

const VIEWPORTS = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'tablet', width: 768, height: 1024 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** Waits until every picture on the page has loaded (or failed), then saves the page. */
async function snap(page: Page, name: string, label: string) {
  // A full-page picture shows the cards below the fold too: load their pictures now.
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-${name}.png`), fullPage: true });
}

/** An album with a few photos (two with a date taken) and comments on its cover. */
async function albumWithPhotos(api: ApiClient, user: TestUser) {
  const made = await albumWithCover(api, user, 'Summer in the mountains');
  await api.addPhoto(
    user,
    made.album.id,
    await makeJpeg({
      name: 'peak.jpg',
      dateTaken: new Date('2022-07-14T09:00:00Z'),
      cameraMake: 'Canon',
      cameraModel: 'EOS R6',
    }),
  );
  await api.addPhoto(
    user,
    made.album.id,
    await makeJpeg({ name: 'lake.jpg', width: 240, height: 320 }),
  );
  await api.comment(user, made.coverPhoto.id, 'What a view! We should go back next year.');
  await api.comment(user, made.coverPhoto.id, 'Love the colours.');
  return made;
}

/** The photo viewer opened on the album page's second card: what the screen shows. */
async function snapViewer(page: Page, label: string, prefix = '') {
  await page
    .getByRole('link', { name: /View larger/ })
    .nth(1)
    .click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.yarl__slide_current img')).every(
      (image) => (image as HTMLImageElement).complete,
    ),
  );
  // The viewer fades in: the picture shows it once it is opaque.
  await expect(page.locator('.yarl__portal')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-${prefix}photo-viewer.png`) });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
}

/** The photo page after a like, with the list of who likes it open. */
async function snapLikes(page: Page, label: string, prefix = '') {
  const like = page.getByRole('button', { name: 'Like', exact: true });
  if ((await like.getAttribute('aria-pressed')) !== 'true') await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^\d+ likes?/ }).click();
  await expect(page.getByRole('list', { name: 'People who like this photo' })).toBeVisible();
  await snap(page, `${prefix}photo-details-liked`, label);
  await page.keyboard.press('Escape');
}

for (const { label, width, height } of VIEWPORTS) {
  test.describe(() => {
    test.use({ viewport: { width, height } });
    test.describe.configure({ timeout: 120_000 });

    test(`screenshots in dark mode at ${width}x${height}`, async ({
      page,
      api,
      user,
      makeUser,
    }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      const { album, coverPhoto } = await albumWithPhotos(api, user);
      const friend = await makeUser();
      await api.like(friend, coverPhoto.id);

      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
      await snap(page, 'dark-login', label);
      await logIn(page, user);
      await snap(page, 'dark-recent-albums', label);
      await page.goto(`/album/${album.id}`);
      await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(3);
      await snap(page, 'dark-album-details', label);
      await snapViewer(page, label, 'dark-');
      await page.goto(`/photo/${coverPhoto.id}`);
      await expect(page.getByText('Love the colours.')).toBeVisible();
      await snapLikes(page, label, 'dark-');
      await page.goto(`/upload/${album.id}`);
      await expect(page.getByRole('link', { name: 'Go back to Album' })).toBeVisible();
      await snap(page, 'dark-upload', label);
      await page.goto('/create');
      await snap(page, 'dark-create-album', label);
      await page.goto('/profile/me');
      await expect(page.getByText(user.email, { exact: true })).toBeVisible();
      await snap(page, 'dark-profile', label);
    });

    test(`screenshots of every screen at ${width}x${height}`, async ({
      page,
      api,
      user,
      makeUser,
    }) => {
      // Signed out.
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
      await snap(page, 'login', label);
      await submitLogIn(page, user.email, 'wrong-password');
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await snap(page, 'login-sign-up-with-notification', label);
      await page.goto('/nothing/here');
      await expect(page.getByText('Page not found')).toBeVisible();
      await snap(page, 'not-found-signed-out', label);

      // A new user with no albums.
      const newcomer = await makeUser();
      await logIn(page, newcomer);
      await snap(page, 'recent-albums-maybe-empty', label);
      await page.goto('/albums/me');
      await expect(page.getByText('All my albums will be listed here!')).toBeVisible();
      await snap(page, 'my-albums-empty', label);
      await page.goto('/create');
      await snap(page, 'create-album', label);
      await page.getByRole('textbox', { name: 'Album Name' }).fill('Summer');
      await snap(page, 'create-album-name-typed', label);
      await page.goto('/profile/me');
      await expect(page.getByText(newcomer.email, { exact: true })).toBeVisible();
      await snap(page, 'profile-default-avatar', label);
      await page.goto('/trash');
      await expect(page.getByText('Trash is empty')).toBeVisible();
      await snap(page, 'trash-empty', label);
      await page.goto('/albums/recent');
      await logOut(page);

      // A user with albums, photos and comments.
      const { album, coverPhoto } = await albumWithPhotos(api, user);
      const party = albumName('Birthday party');
      await albumWithCover(api, user, party);
      await logIn(page, user);
      await expect(page.getByRole('heading', { name: party })).toBeVisible();
      await snap(page, 'recent-albums', label);
      if (label === 'phone') {
        await page.getByRole('button', { name: /toggle navigation/i }).click();
        await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
        await snap(page, 'navbar-open', label);
      }
      await page.goto('/albums/me');
      await expect(page.getByRole('heading', { name: party })).toBeVisible();
      await snap(page, 'my-albums', label);
      await page.goto(`/album/${album.id}`);
      await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(3);
      await snap(page, 'album-details', label);
      await snapViewer(page, label);

      // The Share dialog saying what went wrong, in itself; then a link opened by a visitor.
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog');
      await share.getByLabel('Invite by e-mail').fill('someone@example');
      await share.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect(share.getByRole('alert')).toBeVisible();
      await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-share-dialog-error.png`) });
      await share.getByRole('button', { name: 'New link' }).click();
      await share.getByRole('button', { name: 'Make link' }).click();
      const linkField = share.getByRole('textbox', { name: 'Address of Link' });
      await expect(linkField).toHaveValue(/\/shared\//);
      const link = await linkField.inputValue();
      await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-share-dialog-link.png`) });
      await share.getByRole('button', { name: 'Done' }).click();
      const visitorContext = await page
        .context()
        .browser()!
        .newContext({ viewport: { width, height } });
      const visitor = await visitorContext.newPage();
      await visitor.goto(link);
      await expect(visitor.getByRole('link', { name: /View larger/ })).toHaveCount(3);
      await snap(visitor, 'shared-link', label);
      await snapViewer(visitor, label, 'shared-link-');
      await visitorContext.close();
      // Photos: every photo by month; then two of them selected.
      await page.goto('/photos');
      await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Select: Photo of / })).not.toHaveCount(0);
      await snap(page, 'timeline', label);
      const checks = page.getByRole('button', { name: /^Select: Photo of / });
      await checks.first().click();
      await page
        .getByRole('button', { name: /^Photo of /, pressed: false })
        .first()
        .click();
      await expect(page.getByRole('toolbar', { name: 'Selected photos' })).toContainText(
        '2 selected',
      );
      await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-timeline-selection.png`) });
      await page.keyboard.press('Escape');

      // Search results for the album's name, from the top bar.
      await page.goto(`/search?q=${encodeURIComponent('mountains')}`);
      await expect(page.getByRole('heading', { name: 'Results for “mountains”' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Albums' }).getByRole('listitem'),
      ).not.toHaveCount(0);
      await snap(page, 'search-results', label);

      await page.goto(`/photo/${coverPhoto.id}`);
      await expect(page.getByText('Love the colours.')).toBeVisible();
      await snap(page, 'photo-details', label);
      await snapLikes(page, label);
      await page.getByRole('button', { name: 'Make this' }).click();
      await snap(page, 'photo-details-menu-open', label);
      await page.keyboard.press('Escape');
      const photos = await api.albumPhotos(user, album.id);
      const dated = photos.find((photo) => photo.dateTaken);
      if (dated) {
        await page.goto(`/photo/${dated.id}`);
        await expect(page.getByRole('heading', { name: 'Photo', exact: true })).toBeVisible();
        await snap(page, 'photo-details-with-date-taken', label);
      }
      await page.goto(`/upload/${album.id}`);
      await expect(page.getByRole('link', { name: 'Go back to Album' })).toBeVisible();
      await snap(page, 'upload', label);
      await dropFiles(page.getByRole('button', { name: /drag and drop/i }), [
        await makeJpeg({
          name: 'a-very-long-file-name-from-a-phone-camera-IMG_20240712_183055.jpg',
        }),
        svgDrawing(),
        fakeJpeg(),
      ]);
      await expect(page.getByText(/1 of 3 photos added/)).toBeVisible({ timeout: 30_000 });
      await snap(page, 'upload-done', label);
      await page.goto('/profile/me');
      await expect(page.getByText(user.email, { exact: true })).toBeVisible();
      await snap(page, 'profile', label);
      await page.goto('/nothing/here');
      await expect(page.getByText('Page not found')).toBeVisible();
      await snap(page, 'not-found', label);
    });
  });
}

/** Videos and Live Photos where photos show: a video's tile, the viewer playing it, a Live Photo. */
for (const { label, width, height } of VIEWPORTS.filter(
  (viewport) => viewport.label !== 'tablet',
)) {
  test.describe(() => {
    test.use({ viewport: { width, height } });
    test.describe.configure({ timeout: 180_000 });

    test(`screenshots of videos and Live Photos at ${width}x${height}`, async ({
      page,
      api,
      user,
    }) => {
      const { album } = await albumWithPhotos(api, user);
      await api.addPhoto(user, album.id, await makeMp4({ seconds: 42, width: 640, height: 360 }));
      const [still, motion] = await makeLivePhotoPair(crypto.randomUUID().toUpperCase());
      await api.addPhoto(user, album.id, still);
      await api.addPhoto(user, album.id, motion);
      await logIn(page, user);
      await page.goto(`/album/${album.id}`);
      await expect(page.getByText('0:42')).toBeVisible();
      await snap(page, 'video-album-grid', label);

      await page.getByRole('link', { name: /View larger: Video, 42 seconds/ }).click();
      const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
      const video = viewer.locator('.yarl__slide_current video');
      await expect(video).toBeVisible();
      await expect(page.locator('.yarl__portal')).toHaveCSS('opacity', '1');
      await page.keyboard.press('Space');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(1);
      await page.mouse.move(width / 2, height / 2);
      await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-video-viewer-playing.png`) });
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();

      const live = page.getByRole('link', { name: /View larger: Live Photo/ });
      if ((await live.count()) === 0) {
        console.warn(
          'screens: the Live Photo pair was not made one photo; no Live Photo screenshot',
        );
        return;
      }
      await page.getByText('LIVE').first().scrollIntoViewIfNeeded();
      await snap(page, 'live-album-grid', label);
      await live.click();
      await expect(viewer.getByRole('button', { name: /LIVE/ })).toBeVisible();
      await expect(page.locator('.yarl__portal')).toHaveCSS('opacity', '1');
      await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-live-photo-viewer.png`) });
      await viewer.getByRole('button', { name: /LIVE/ }).click();
      await expect(viewer.locator('video.is-playing')).toBeVisible();
      await page.screenshot({
        path: path.join(SCREENS_DIR, `${label}-live-photo-viewer-motion.png`),
      });
    });
  });
}
