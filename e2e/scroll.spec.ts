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

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Recent Albums' })).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
