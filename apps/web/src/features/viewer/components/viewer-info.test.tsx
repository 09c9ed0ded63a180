import type { Album, Photo } from '@photo/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../i18n/i18n';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album: Album = {
  id: 'a1',
  name: 'Paris',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 2,
  firstPhotoDate: '2024-05-01T16:30:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

/** As the album's list has it: no details. */
const listed = makePhoto({
  id: 'p1',
  fileId: 'f1',
  width: 4000,
  height: 3000,
  fileSize: 3_100_000,
  dateTaken: '2024-05-01T16:30:00.000Z',
  cameraMake: 'Canon',
  cameraModel: 'Canon EOS R5',
});

/** As GET photos/p1 answers it: taken at 18:30 in UTC+2, with lens and exposure. */
const detailed: Photo = {
  ...listed,
  details: {
    takenOffsetMinutes: 120,
    fileName: 'IMG_0042.JPG',
    lens: 'RF 50mm F1.8 STM',
    fNumber: 1.8,
    exposureSeconds: 0.004,
    iso: 400,
    focalLength: 50,
    focalLength35mm: 80,
    albums: [
      { id: 'a1', name: 'Paris' },
      { id: 'a2', name: 'Best of 2024' },
    ],
  },
};

/** A scan: its file says nothing of when or with what. */
const scan = makePhoto({ id: 'p2', fileId: 'f2', fileSize: 820_000 });
const scanDetailed: Photo = {
  ...scan,
  details: {
    takenOffsetMinutes: null,
    fileName: 'scan.png',
    lens: null,
    fNumber: null,
    exposureSeconds: null,
    iso: null,
    focalLength: null,
    focalLength35mm: null,
    albums: [{ id: 'a1', name: 'Paris' }],
  },
};

function openViewer() {
  signInAs('owner');
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, album))
    .on('GET /api/albumsDb/a1/photos', jsonResponse(200, [listed, scan]))
    .on('GET /api/photos/p1', jsonResponse(200, detailed))
    .on('GET /api/photos/p2', jsonResponse(200, scanDetailed));
  return { ...renderApp('/album/a1?photo=p1'), network };
}

// jsdom lays nothing out: the photo grid is given a desktop's width to lay its rows in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => setLocale('en'));

describe("the viewer's details", { timeout: 20_000 }, () => {
  it('opens with I and says when, where and with what the photo was taken', async () => {
    const { user, network } = openViewer();
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    const info = await within(viewer).findByRole('button', { name: 'Info' });
    expect(info).toHaveAttribute('aria-keyshortcuts', 'I');
    expect(info).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('i');
    const panel = await within(viewer).findByRole('complementary', { name: 'Photo details' });
    expect(info).toHaveAttribute('aria-expanded', 'true');
    // The album's copy has no details: the photo's own answer is read for them.
    await within(panel).findByText('IMG_0042.JPG');
    expect(network.sent('GET /api/photos/p1')).toHaveLength(1);
    // The camera's clock, with its time zone.
    expect(panel).toHaveTextContent('Taken Wed, May 1, 2024');
    expect(panel).toHaveTextContent('6:30 PM · UTC+2');
    expect(panel).toHaveTextContent('12 MP · 4000 × 3000 pixels · 3.1 MB');
    expect(within(panel).getByText('Canon EOS R5')).toBeVisible();
    expect(within(panel).getByText('RF 50mm F1.8 STM')).toBeVisible();
    expect(
      within(panel).getByText('ƒ/1.8 · 1/250 s · 50 mm (80 mm in 35 mm terms) · ISO 400'),
    ).toBeVisible();
    expect(panel).toHaveTextContent('Added by Ann');
    expect(within(panel).getByText('In 2 albums')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Best of 2024' })).toHaveAttribute(
      'href',
      '/album/a2',
    );

    // I again closes it.
    await user.keyboard('i');
    expect(within(viewer).queryByRole('complementary')).toBeNull();
  });

  it('leaves out what the file does not say', async () => {
    const { user } = openViewer();
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Next photo' }));
    await user.click(within(viewer).getByRole('button', { name: 'Info' }));
    const panel = await within(viewer).findByRole('complementary', { name: 'Photo details' });
    await within(panel).findByText('scan.png');
    expect(panel).not.toHaveTextContent('Taken');
    expect(panel).not.toHaveTextContent('Camera');
    expect(panel).not.toHaveTextContent('ƒ/');
    expect(panel).not.toHaveTextContent('undefined');
    expect(panel).not.toHaveTextContent('null');
    expect(within(panel).getByText('In the album')).toBeVisible();
  });

  it("writes dates and numbers in the reader's language", async () => {
    await act(() => setLocale('de'));
    const { user } = openViewer();
    const viewer = await screen.findByRole('dialog', { name: 'Fotoansicht' });
    await user.keyboard('i');
    const panel = await within(viewer).findByRole('complementary', { name: 'Fotodetails' });
    await within(panel).findByText('IMG_0042.JPG');
    expect(panel).toHaveTextContent('Aufgenommen Mi., 1. Mai 2024');
    expect(panel).toHaveTextContent('18:30 · UTC+2');
    expect(panel).toHaveTextContent('3,1 MB');
    expect(
      within(panel).getByText('ƒ/1,8 · 1/250 s · 50 mm (entspricht 80 mm Kleinbild) · ISO 400'),
    ).toBeVisible();
    expect(within(panel).getByText('In 2 Alben')).toBeVisible();
  });
});
