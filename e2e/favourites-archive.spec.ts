import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/checks';
import { albumWithCover, expect, logIn, openAccountMenu, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { shoot } from './support/shots';
import { goToMonth } from './support/timeline';

/**
 * Favourites and Archive (decision 0082): a heart on a tile and in the viewer (F), the Favourites
 * page; Archive from the selection bar, gone from Photos but not from its album, and back from
 * the Archive page. With SHOTS_DIR=<folder>, pictures of the pages too (`support/shots.ts`).
 */

/** Opens Photos from the top bar, Favourites and Archive from the account menu. */
async function openPage(page: Page, name: 'Photos' | 'Favourites' | 'Archive') {
  await page.setViewportSize({ width: 1440, height: 900 });
  if (name !== 'Photos') await openAccountMenu(page);
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('favourites a photo from its tile and another with F in the viewer, and finds both on Favourites', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: '2003-04-05T10:00:00Z' }));
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: '2003-04-06T10:00:00Z' }));

  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  const tiles = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  const first = tiles.filter({ has: page.getByRole('link', { name: /April 5, 2003/ }) });
  await first.hover();
  const heart = first.getByRole('button', { name: 'Favourite' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The other photo, in the viewer: F marks it.
  await tiles
    .filter({ has: page.getByRole('link', { name: /April 6, 2003/ }) })
    .getByRole('link', { name: /View larger/ })
    .click();
  const viewerHeart = page.getByRole('dialog').getByRole('button', { name: 'Favourite' });
  await expect(viewerHeart).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('f');
  await expect(viewerHeart).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await shoot(page, 'album-hearts');

  await openPage(page, 'Favourites');
  await expect(page.getByText('2 photos').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^April 2003/ })).toBeVisible();
  const favourites = page.getByRole('listitem').getByRole('button', { name: 'Favourite' });
  await expect(favourites).toHaveCount(2);
  for (const one of await favourites.all())
    await expect(one).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'favourites');
  await expectNoSeriousA11yViolations(page, 'Favourites');
});

test('archives a photo from the selection bar: gone from Photos, still in its album, back from Archive', async ({
  page,
  api,
  user,
}) => {
  const { album } = await albumWithCover(api, user);
  await api.addPhoto(user, album.id, await makeJpeg({ dateTaken: '2004-08-09T10:00:00Z' }));

  await logIn(page, user);
  await openPage(page, 'Archive');
  await expect(page.getByText('Nothing archived')).toBeVisible();
  await shoot(page, 'archive-empty');
  await expectNoSeriousA11yViolations(page, 'Archive, empty');

  await openPage(page, 'Photos');
  await goToMonth(page, 'August 2004');
  await page.getByRole('button', { name: 'Select: Photo of August 9, 2004', exact: true }).click();
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await expect(bar.getByRole('button', { name: 'Favourite' })).toBeVisible();
  await shoot(page, 'photos-selected');
  await bar.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('1 photo archived')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^August 2004/ })).toHaveCount(0);

  // Still in its album.
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(2);

  await openPage(page, 'Archive');
  await expect(page.getByRole('list', { name: 'Archive' }).getByRole('listitem')).toHaveCount(1);
  await shoot(page, 'archive');
  await expectNoSeriousA11yViolations(page, 'Archive');
  await page.getByRole('button', { name: 'Select: Photo of August 9, 2004', exact: true }).click();
  await bar.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('1 photo back in Photos')).toBeVisible();
  await expect(page.getByText('Nothing archived')).toBeVisible();

  await openPage(page, 'Photos');
  await goToMonth(page, 'August 2004');
  await expect(
    page.getByRole('link', { name: 'Photo of August 9, 2004', exact: true }),
  ).toBeVisible();
});
