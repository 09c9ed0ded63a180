import type { CDPSession, Page } from '@playwright/test';
import type { Photo } from '@photo/contract';
import { albumWithCover, expect, logIn, test, type TestUser } from './support/fixtures';
import { expectImageLoaded } from './support/checks';
import type { ApiClient } from './support/api';
import { makeJpeg } from './support/images';

/** An album of three photos, large enough to zoom into, in the album's order. */
async function albumOfThree(api: ApiClient, user: TestUser) {
  const { album } = await albumWithCover(api, user, 'Viewer test');
  for (const name of ['second.jpg', 'third.jpg']) {
    await api.addPhoto(user, album.id, await makeJpeg({ name, width: 1600, height: 1200 }));
  }
  const photos = await api.albumPhotos(user, album.id);
  expect(photos).toHaveLength(3);
  return { album, photos };
}

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });
const viewerLink = (page: Page, index: number) =>
  page
    .getByRole('list', { name: 'Photos' })
    .getByRole('link', { name: /View larger/ })
    .nth(index);
const shownPosition = (page: Page) =>
  viewer(page)
    .locator('.yarl__slide_current')
    .getByText(/\d+ of \d+/);

/** The picture a slide of the viewer has loaded ("" while none): its address, once it has pixels. */
/**
 * Waits until the viewer has stopped sliding (its Web Animations ended): a key pressed while it
 * still slides is, on purpose, not a second step.
 */
async function untilStill(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return animation.playState !== 'running' || !target?.closest('.yarl__root');
    }),
  );
}

function slidePicture(page: Page, position: string) {
  return viewer(page)
    .getByRole('group', { name: position, includeHidden: true })
    .locator('img')
    .evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? img.currentSrc : '',
    );
}

test('the photo viewer: opened from a card, by address, moved through and closed with the keyboard', async ({
  page,
  api,
  user,
}) => {
  const { album, photos } = await albumOfThree(api, user);
  const [first, second, third] = photos as [Photo, Photo, Photo];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await logIn(page, user);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('link', { name: 'Go to Photo' })).toHaveCount(3);

  await test.step('the viewer library is not loaded before a photo is opened', async () => {
    expect(scripts.filter((url) => url.includes('photo-lightbox'))).toEqual([]);
  });

  await test.step('Enter on the second card opens it in a labelled, modal dialog', async () => {
    await viewerLink(page, 1).focus();
    await page.keyboard.press('Enter');
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page)).toHaveAttribute('aria-modal', 'true');
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}\\?photo=${second.id}$`));
    await expect(shownPosition(page)).toHaveText(/2 of 3/);
    await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
    expect(scripts.some((url) => url.includes('photo-lightbox'))).toBe(true);
  });

  await test.step("the neighbours' previews are loaded beforehand", async () => {
    await expect.poll(() => slidePicture(page, '1 of 3')).toContain(first.fileId);
    await expect.poll(() => slidePicture(page, '3 of 3')).toContain(`${third.fileId}?size=preview`);
  });

  await test.step("Tab goes round the viewer's controls, never to the page behind it", async () => {
    const reached = new Set<string>();
    for (let i = 0; i < 24; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return 'outside the page (browser)';
        if (!element.closest('[role="dialog"]')) return `BEHIND: ${element.outerHTML.slice(0, 80)}`;
        return element.getAttribute('aria-label') ?? element.textContent ?? element.tagName;
      });
      expect(focused).not.toMatch(/^BEHIND/);
      reached.add(focused);
    }
    expect([...reached]).toEqual(
      expect.arrayContaining(['Previous photo', 'Next photo', 'Close the viewer', 'Zoom in']),
    );
    // Back onto one of the viewer's controls (the focus may be out in the browser's own bar).
    for (let i = 0; i < 8; i += 1) {
      if (await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))) break;
      await page.keyboard.press('Tab');
    }
  });

  await test.step('→ and ← move to the next and previous photo, and the address follows', async () => {
    // From a control made anew with each photo: the keys keep working after it is gone.
    await viewer(page).getByRole('link', { name: 'Download the original' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`\\?photo=${third.id}$`));
    await expect(shownPosition(page)).toHaveText(/3 of 3/);
    await untilStill(page);
    await page.keyboard.press('ArrowLeft');
    // One step at a time: a key pressed while the viewer still slides is not a second step.
    await expect(shownPosition(page)).toHaveText(/2 of 3/);
    await untilStill(page);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`\\?photo=${first.id}$`));
    await expect(shownPosition(page)).toHaveText(/1 of 3/);
  });

  await test.step('a reload opens the same photo', async () => {
    await page.reload();
    await expect(viewer(page)).toBeVisible();
    await expect(shownPosition(page)).toHaveText(/1 of 3/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`\\?photo=${second.id}$`));
  });

  await test.step('Escape closes it and puts the focus on the card of the photo shown', async () => {
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
    await expect(viewerLink(page, 1)).toBeFocused();
  });

  await test.step('"Go to Photo" still opens the photo page', async () => {
    await page.getByRole('link', { name: 'Go to Photo' }).nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/photo/${third.id}$`));
  });
});

test('a shared address opens the photo for another user; Back closes a viewer opened from a card', async ({
  page,
  api,
  user,
  makeUser,
}) => {
  const { album, photos } = await albumOfThree(api, user);
  const third = photos[2]!;
  await api.comment(user, third.id, 'Nice one');
  await api.like(user, third.id);
  const friend = await makeUser();
  await logIn(page, friend);

  await page.goto(`/album/${album.id}?photo=${third.id}`);
  await expect(viewer(page)).toBeVisible();
  const caption = viewer(page).locator('.yarl__slide_current');
  await expect(caption.getByText(/3 of 3/)).toBeVisible();
  await expect(viewer(page).getByRole('button', { name: /^Like, 1 like$/ })).toBeVisible();
  await caption.getByRole('link', { name: 'Photo page' }).click();
  await expect(page).toHaveURL(new RegExp(`/photo/${third.id}$`));
  await expect(page.getByText('Nice one')).toBeVisible();

  await page.goto(`/album/${album.id}`);
  await viewerLink(page, 0).click();
  await expect(viewer(page)).toBeVisible();
  await page.goBack();
  await expect(viewer(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/album/${album.id}$`));
});

/** One finger moving across the screen, as Chromium's touch input. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, dx: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (dx * step) / 8, y: from.y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers moving apart. */
async function pinchOut(cdp: CDPSession, centre: { x: number; y: number }) {
  const points = (spread: number) => [
    { x: centre.x - spread, y: centre.y, id: 1 },
    { x: centre.x + spread, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(20) });
  for (let spread = 30; spread <= 140; spread += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a swipe moves to the next photo and a pinch zooms in', async ({ page, api, user }) => {
    const { album, photos } = await albumOfThree(api, user);
    await logIn(page, user);
    await page.goto(`/album/${album.id}?photo=${photos[1]!.id}`);
    await expect(viewer(page)).toBeVisible();
    await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));
    const cdp = await page.context().newCDPSession(page);

    await swipe(cdp, { x: 330, y: 420 }, -260);
    await expect(page).toHaveURL(new RegExp(`\\?photo=${photos[2]!.id}$`));
    await expect(shownPosition(page)).toHaveText(/3 of 3/);
    await expectImageLoaded(viewer(page).locator('.yarl__slide_current img'));

    // A phone's toolbar leaves the zoom buttons out (two fingers zoom); their state still tells.
    const zoomOut = viewer(page).getByRole('button', { name: 'Zoom out', includeHidden: true });
    await expect(zoomOut).toBeDisabled();
    // A pinch made while the slide is still gliding in is not a pinch of the photo: as a person
    // does, wait for the photo to stand still and the viewer to offer zooming.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.getAnimations().filter((motion) => motion.playState === 'running').length,
        ),
      )
      .toBe(0);
    await expect(
      viewer(page).getByRole('button', { name: 'Zoom in', includeHidden: true }),
    ).toBeEnabled();
    await pinchOut(cdp, { x: 195, y: 420 });
    await expect(zoomOut).toBeEnabled();
  });
});
