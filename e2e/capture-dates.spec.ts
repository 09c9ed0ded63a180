import { albumName, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { goToMonth } from './support/timeline';

// Taken at 00:30 on New Year's Day 2026 by a camera set to UTC+2: 22:30 UTC on 31 December 2025.
const NEW_YEAR = { dateTaken: '2026-01-01T00:30:00Z', takenOffset: '+02:00' };

for (const timezoneId of ['America/Los_Angeles', 'Pacific/Auckland']) {
  test.describe(`a reader in ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 1440, height: 900 } });

    test("sees the day and month the camera's clock read in every list", async ({
      page,
      api,
      user,
    }) => {
      const name = albumName('New Year');
      const made = await api.createAlbum(
        user,
        name,
        await makeJpeg({ name: 'fireworks.jpg', ...NEW_YEAR }),
      );
      // Seen by its owner alone: the timeline shows no one else's photo of those days.
      await api.keepToOwner(user, made.album.id);
      await logIn(page, user);

      // The album's card on Recent Albums.
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByText('1 photo · Jan 1, 2026')).toBeVisible();

      // The month of Photos, and the photo in it.
      await page.goto('/photos');
      await goToMonth(page, 'January 2026');
      const january = page.getByRole('list', { name: /January 2026/ });
      await expect(january.getByRole('link', { name: /January 1, 2026/ })).toBeVisible();
      await expect(page.getByRole('list', { name: /December 2025/ })).toHaveCount(0);

      // The album's photo, and the viewer's caption.
      await page.goto(`/album/${made.album.id}`);
      await page
        .getByRole('link', { name: /View larger/ })
        .first()
        .click();
      const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
      await expect(viewer.getByText('January 1, 2026')).toBeVisible();
    });
  });
}
