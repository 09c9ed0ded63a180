import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { albumName, albumWithCover, expect, logIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';

/**
 * The feature screens in German, the longest of the app's languages: the album page, the Share
 * dialog with a link and the photo page speak it, and no button's text runs out of its button, on
 * a desktop and on a phone. Their pictures go to test-results/german/ for people to look at.
 */
const PICTURES = path.join('test-results', 'german');

const VIEWPORTS = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** The buttons (and button-like links) in `scope` whose text is wider than the button. */
async function overflowing(scope: Locator): Promise<string[]> {
  return scope
    .locator('button:visible, a.btn:visible')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1)
        .map((button) => button.textContent?.trim() ?? ''),
    );
}

/** The controls in `dialog` that stick out of their row (or of the dialog's body) at the side. */
async function stickingOut(dialog: Locator): Promise<string[]> {
  return dialog.locator('select:visible, button:visible').evaluateAll((controls) =>
    controls
      .filter((control) => {
        const row = control.closest('.list-group-item') ?? control.closest('.modal-body');
        return row && control.getBoundingClientRect().right > row.getBoundingClientRect().right;
      })
      .map((control) => control.textContent?.trim() ?? ''),
  );
}

/** Speaks German from now on: the language chosen in this browser before, as the menu keeps it. */
async function chooseGerman(page: Page) {
  await page.evaluate(() => localStorage.setItem('photo.locale', 'de'));
}

for (const viewport of VIEWPORTS) {
  test(`the album page, the Share dialog and the photo page speak German (${viewport.label})`, async ({
    page,
    api,
    user,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const name = albumName('Sommerferien am Meer');
    const { album } = await albumWithCover(api, user, name);
    const { photo } = await api.addPhoto(user, album.id, await makeJpeg({ name: 'strand.jpg' }));
    await logIn(page, user);
    await chooseGerman(page);

    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('heading', { name: 'Fotos in diesem Album' })).toBeVisible();
    await expect(page.getByText('0 Kommentare').first()).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await overflowing(page.locator('main'))).toEqual([]);
    await page.screenshot({ path: path.join(PICTURES, `${viewport.label}-album.png`) });

    await page.getByRole('button', { name: 'Teilen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `„${name}“ teilen` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Neuer Link' }).click();
    await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Familie');
    await dialog.getByRole('radio', { name: 'Darf Fotos hinzufügen' }).check();
    await dialog.getByRole('button', { name: 'Link erstellen' }).click();
    await expect(dialog.getByText('Familie ist fertig: kopieren und verschicken.')).toBeVisible();
    await expect(dialog.getByText(/Nie geöffnet · 0 von 500 Fotos hinzugefügt/)).toBeVisible();
    expect(await overflowing(dialog)).toEqual([]);
    expect(await stickingOut(dialog)).toEqual([]);
    await dialog.screenshot({ path: path.join(PICTURES, `${viewport.label}-share-dialog.png`) });
    await dialog.getByRole('textbox', { name: 'Adresse von Familie' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(PICTURES, `${viewport.label}-share-link.png`) });
    await dialog.getByRole('button', { name: 'Fertig' }).click();

    await page.goto(`/photo/${photo.id}`);
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gefällt mir' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kommentieren' })).toBeVisible();
    expect(await overflowing(page.locator('main'))).toEqual([]);
    await page.screenshot({
      path: path.join(PICTURES, `${viewport.label}-photo.png`),
      fullPage: true,
    });
  });
}

for (const viewport of VIEWPORTS) {
  test(`the photo viewer and the selection bar speak German (${viewport.label})`, async ({
    page,
    api,
    user,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { album } = await albumWithCover(api, user, albumName('Wanderung'));
    await api.addPhoto(user, album.id, await makeJpeg({ name: 'gipfel.jpg' }));
    await logIn(page, user);
    await chooseGerman(page);
    await page.goto(`/album/${album.id}`);

    await page
      .getByRole('link', { name: /^Größer ansehen: / })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Fotoansicht' });
    await expect(viewer.locator('.yarl__slide_current').getByText(/^1 von 2/)).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Nächstes Foto' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Diashow starten' })).toBeVisible();
    await expect(
      viewer.locator('.yarl__slide_current').getByRole('link', { name: 'Fotoseite' }),
    ).toBeVisible();
    await viewer.getByRole('button', { name: 'Info' }).click();
    const details = viewer.getByRole('complementary', { name: 'Fotodetails' });
    await expect(details.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(details.getByText('0 Likes')).toBeVisible();
    await page.screenshot({ path: path.join(PICTURES, `${viewport.label}-viewer.png`) });
    await viewer.getByRole('button', { name: 'Ansicht schließen' }).click();
    await expect(viewer).toHaveCount(0);

    await page.locator('button.app-select-check').first().click({ force: true });
    const bar = page.getByRole('toolbar', { name: 'Ausgewählte Fotos' });
    await expect(bar.getByText('1 ausgewählt')).toBeVisible();
    expect(await overflowing(bar)).toEqual([]);
    await page.screenshot({ path: path.join(PICTURES, `${viewport.label}-selection.png`) });
    await bar.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: '1 Foto in den Papierkorb verschieben?' });
    await expect(confirm).toContainText('Es verschwindet jetzt aus allen Alben');
    await page.screenshot({ path: path.join(PICTURES, `${viewport.label}-selection-delete.png`) });
  });
}
