import { albumName, albumWithCover, expect, logIn, test } from './support/fixtures';

test.use({ viewport: { width: 412, height: 823 } });

test('a link opens its page at the top, and Back returns to where the list was scrolled', async ({
  page,
  api,
  user,
}) => {
  const names: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const name = albumName(`Scrolled ${i}`);
    names.push(name);
    await albumWithCover(api, user, name);
  }
  await logIn(page, user);
  // Links of the folded menu are clicked where they are, without scrolling up to them first.
  const go = (path: string) =>
    page.locator(`#main-navigation a[href="${path}"]`).dispatchEvent('click');
  // My Albums once, so its code and list are there when it is opened again below.
  await go('/albums/me');
  await expect(page.getByRole('link', { name: `Go to Album ${names[0]}` })).toBeVisible();
  await go('/albums/recent');
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();

  // On a phone the cards stand two by two: the oldest of ten is far down the page.
  await page.getByRole('link', { name: `Go to Album ${names[0]}` }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);

  // My Albums lists the same ten cards, so it is as long: it still opens at its top. The cards
  // are on both pages, so the page is told by its heading. Read at once, not polled: the page is
  // at its top when it shows, it does not glide up from where Recent Albums was scrolled.
  await go('/albums/me');
  await expect(page).toHaveURL(/\/albums\/me$/);
  await expect(page.getByRole('heading', { name: 'My Albums', level: 1 })).toBeAttached();
  await expect(page.getByRole('link', { name: `Go to Album ${names[0]}` })).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back: the list comes from the cache and the page goes to where it was once it is as long.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a reload lands where the page was, and a page opened afresh in the same tab at its top', async ({
  page,
  api,
  user,
}) => {
  for (let i = 0; i < 6; i += 1) await albumWithCover(api, user, albumName(`Reloaded ${i}`));
  await logIn(page, user);
  const scrollY = () => page.evaluate(() => window.scrollY);
  const topBarTop = () =>
    page.locator('header nav').evaluate((bar) => bar.getBoundingClientRect().top);

  // A page loaded afresh (an address typed, a bookmark) and scrolled a little.
  await page.goto('/albums/me');
  await expect(page.getByRole('heading', { name: 'My Albums', level: 1 })).toBeVisible();
  // The albums are there, so the page is long enough to scroll.
  await expect(page.getByRole('link', { name: /^Go to Album Reloaded/ }).first()).toBeVisible();
  await page.mouse.wheel(0, 8);
  await expect.poll(scrollY).toBe(8);

  // Another page loaded afresh in the same tab is a new entry: it opens at its top, its top bar whole,
  // and a reload keeps it there.
  await page.goto('/albums/recent');
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  expect(await scrollY()).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Go to Album Reloaded/ }).first()).toBeVisible();
  expect(await scrollY()).toBe(0);
  expect(await topBarTop()).toBe(0);

  // Scrolled down, a reload comes back to the same place. Where the wheel left the page is read
  // once it stays put: in one run it moved from 300 to 279 after the wheel, most likely a row
  // loading above the cards while the browser kept what was on screen in place.
  await page.mouse.wheel(0, 300);
  let scrolled = -1;
  await expect
    .poll(async () => {
      const last = scrolled;
      scrolled = await scrollY();
      return scrolled > 250 && scrolled === last;
    })
    .toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeAttached();
  await expect.poll(scrollY).toBe(scrolled);
});
