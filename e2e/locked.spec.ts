import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';
import {
  albumName,
  albumWithCover,
  expect,
  logIn,
  openAccountMenu,
  test,
} from './support/fixtures';
import { makeJpeg } from './support/images';

const SCREENS_DIR = path.join('test-results', 'screens');

async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${width}-locked-${name}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The check of the tile of the photo taken on that day, as the album's page and Photos name it. */
const checkOf = (page: Page, day: RegExp) =>
  page.getByRole('button', { name: day }).and(page.getByRole('button', { name: /^Select: / }));

/** Photos, at its oldest month (the photo is older than any other test's). */
async function photosAtOldest(page: Page) {
  await page.goto('/photos');
  const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
  await scrubber.focus();
  await page.keyboard.press('End');
  await expect(scrubber).toHaveAttribute('aria-valuetext', /\d{4}/);
}

test('moves a photo to the locked place from the selection bar, opens it with the password, and moves it out', async ({
  page,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  const name = albumName('Private');
  const { album } = await albumWithCover(api, user, name);
  await api.addPhoto(
    user,
    album.id,
    await makeJpeg({ name: 'secret.jpg', dateTaken: '1987-04-05T10:00:00Z' }),
  );
  const day = /April 5, 1987/;
  await logIn(page, user);

  await test.step('the photo shows in Photos and its album', async () => {
    await photosAtOldest(page);
    await expect(checkOf(page, day)).toHaveCount(1);
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(2);
  });

  await test.step('Move to locked place, from the selection bar', async () => {
    await checkOf(page, day).click();
    const bar = page.getByRole('toolbar', { name: 'Selected photos' });
    await bar.getByRole('button', { name: 'Move to locked place' }).click();
    await expect(page.getByText('1 photo moved to the locked place')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
    await expect(checkOf(page, day)).toHaveCount(0);
  });

  await test.step('it is gone from Photos', async () => {
    await photosAtOldest(page);
    await expect(checkOf(page, day)).toHaveCount(0);
  });

  await test.step('the account menu opens the locked place, which asks for the password', async () => {
    await page.goto('/albums/recent');
    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Locked place' }).click();
    await expect(page).toHaveURL(/\/locked$/);
    await expect(page.getByRole('heading', { name: 'Locked place', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Locked place' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the unlock step of the locked place');
    await screenshot(page, 'unlock');
    await page.getByLabel('Your password').fill(user.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
  });

  await test.step('the photo is there, and only there', async () => {
    const list = page.getByRole('list', { name: 'Locked place' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expectImageLoaded(list.locator('img').first());
    await expect(page.getByText('1 photo, only you can see it')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the locked place');
    await screenshot(page, 'page');
    await checkOf(page, day).click();
    await expect(page.getByRole('toolbar', { name: 'Selected photos' })).toBeVisible();
    await screenshot(page, 'selected');
  });

  await test.step('Move out: it is back in its album', async () => {
    const bar = page.getByRole('toolbar', { name: 'Selected photos' });
    await bar.getByRole('button', { name: 'Move out' }).click();
    await expect(page.getByText('1 photo moved back to its album')).toBeVisible();
    await expect(page.getByText('Nothing locked away yet')).toBeVisible();
    await screenshot(page, 'empty');
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(2);
    await expect(checkOf(page, day)).toHaveCount(1);
  });
});

test('the viewer moves the photo shown to the locked place', async ({ page, api, user }) => {
  const { album } = await albumWithCover(api, user, albumName('Viewer'));
  const { photo } = await api.addPhoto(user, album.id, await makeJpeg({ name: 'private.jpg' }));
  await logIn(page, user);
  await page.goto(`/album/${album.id}?photo=${photo.id}`);
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Move to locked place' }).click();
  // It leaves the album, and the viewer with it.
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  expect((await api.albumPhotos(user, album.id)).map((shown) => shown.id)).not.toContain(photo.id);
});
