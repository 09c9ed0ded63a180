import { albumWithCover, expect, logIn, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { makeMp4 } from './support/videos';

test.describe('videos', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a video shows its length on its tile, and plays in the viewer and on its page', async ({
    page,
    api,
    user,
  }) => {
    const { album } = await albumWithCover(api, user);
    const { photo } = await api.addPhoto(user, album.id, await makeMp4({ seconds: 3 }));
    expect(photo.kind).toBe('video');

    await logIn(page, user);
    await page.goto(`/album/${album.id}`);
    const open = page.getByRole('link', { name: 'View larger: Video, 3 seconds, by' });
    await expect(open).toBeVisible();
    const tile = page.getByRole('listitem').filter({ has: open });
    await expect(tile.getByText('0:03')).toBeVisible();
    // The tile's picture is the video's poster, made like any photo's sizes.
    const poster = tile.getByRole('img');
    await expect(poster).toHaveJSProperty('complete', true);
    expect(await poster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );

    await open.click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    const video = viewer.locator('.yarl__slide_current video');
    await expect(video).toBeVisible();
    // At its poster until asked to play.
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the viewer showing a video');

    // Space plays it (the focus is in the viewer, on no control), and its time runs.
    await page.keyboard.press('Space');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5);
    await page.keyboard.press('Space');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused))
      .toBe(true);

    // The bytes come by range requests, from the photo's address with size=video.
    const src = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
    expect(src).toContain('size=video');
    const range = await page.request.get(src, { headers: { range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    expect((await range.body()).length).toBe(100);

    // The original is offered as a download.
    const download = viewer.getByRole('link', { name: 'Download video' });
    await expect(download).toHaveAttribute('href', /size=video&download=1/);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Its page plays it too.
    await page.goto(`/photo/${photo.id}`);
    const player = page.getByLabel(/^Video by/);
    await expect(player).toBeVisible();
    await player.evaluate((element: HTMLVideoElement) => element.play());
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5);
  });
});
