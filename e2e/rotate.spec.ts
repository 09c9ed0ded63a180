import type { Locator, Page } from '@playwright/test';
import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectImageLoaded, expectNoSeriousA11yViolations } from './support/checks';

const photoImage = (page: Page) => page.getByRole('main').locator('img.app-photo');

/**
 * The shape of the picture the browser decoded: naturalWidth and naturalHeight (not the size it
 * is drawn at, which the page sets from the API's numbers). With a srcset they are scaled by the
 * density the browser picked, so their ratio is compared: landscape `w` x `h`, or turned.
 */
async function expectNaturalSize(image: Locator, width: number, height: number) {
  await expectImageLoaded(image);
  await expect
    .poll(() =>
      image.evaluate((img) => {
        const picture = img as HTMLImageElement;
        return (picture.naturalWidth / picture.naturalHeight).toFixed(2);
      }),
    )
    .toBe((width / height).toFixed(2));
}

test('the person who added a photo rotates it; another person sees it turned after a reload', async ({
  page,
  api,
  user,
  friendPage,
}) => {
  test.setTimeout(120_000);
  // A landscape photo, smaller than a preview: its preview is its own size (never enlarged).
  const { album, coverPhoto } = await albumWithCover(api, user);
  const w = coverPhoto.width!;
  const h = coverPhoto.height!;
  expect(w).toBeGreaterThan(h);
  await logIn(page, user);

  await test.step('another person sees the photo upright, and no rotation buttons', async () => {
    await friendPage.goto(`/photo/${coverPhoto.id}`);
    await expectNaturalSize(photoImage(friendPage), w, h);
    await expect(friendPage.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(friendPage.getByRole('button', { name: /Rotate/ })).toHaveCount(0);
  });

  await test.step('the adder turns it right on the photo page', async () => {
    await page.goto(`/photo/${coverPhoto.id}`);
    await expectNaturalSize(photoImage(page), w, h);
    const before = await photoImage(page).getAttribute('src');
    await expect(page.getByRole('button', { name: 'Rotate left' })).toBeVisible();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await expect(photoImage(page)).not.toHaveAttribute('src', before ?? '');
    await expect(photoImage(page)).toHaveAttribute('src', /[?&]v=1&size=preview$/);
    await expectNaturalSize(photoImage(page), h, w);
    await expect(page.getByRole('button', { name: 'Rotate right' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/rotate-photo-page.png', fullPage: true });
  });

  await test.step('the photo page with its buttons has no serious accessibility problems', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
      await expectNoSeriousA11yViolations(page, `photo page with rotation (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('the other person reloads and sees it turned', async () => {
    await friendPage.reload();
    await expectNaturalSize(photoImage(friendPage), h, w);
    // Drawn 450 px wide: a portrait now.
    await expect(photoImage(friendPage)).toHaveAttribute('width', '450');
    await expect(photoImage(friendPage)).toHaveAttribute(
      'height',
      String(Math.round((450 * w) / h)),
    );
  });

  await test.step('the adder turns it back left in the viewer', async () => {
    await page.goto(`/album/${album.id}?photo=${coverPhoto.id}`);
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    const shown = viewer.locator(`img[src*="${coverPhoto.fileId}"]`).first();
    await expectNaturalSize(shown, h, w);
    await viewer.getByRole('button', { name: 'Rotate left' }).click();
    await expect(shown).toHaveAttribute('src', /[?&]v=2&size=/);
    await expectNaturalSize(shown, w, h);
    await page.screenshot({ path: 'test-results/rotate-viewer.png' });
    await expectNoSeriousA11yViolations(page, 'viewer with rotation');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  await test.step('on a phone, the buttons fit beside the photo', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/photo/${coverPhoto.id}`);
    await expectNaturalSize(photoImage(page), w, h);
    await expect(page.getByRole('button', { name: 'Rotate right' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/rotate-photo-page-phone.png', fullPage: true });
  });

  await test.step('the other person opens the viewer: upright again, without the buttons', async () => {
    await friendPage.goto(`/album/${album.id}?photo=${coverPhoto.id}`);
    const viewer = friendPage.getByRole('dialog', { name: 'Photo viewer' });
    await expectNaturalSize(viewer.locator(`img[src*="${coverPhoto.fileId}"]`).first(), w, h);
    await expect(viewer.getByRole('button', { name: 'Close the viewer' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /Rotate/ })).toHaveCount(0);
  });

  await friendPage.context().close();
});
