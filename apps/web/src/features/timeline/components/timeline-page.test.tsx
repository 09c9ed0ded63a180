import type { Album, TimelinePhoto } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo = (id: string, date: string): TimelinePhoto => ({
  id,
  favourite: false,
  albumId: 'a1',
  photoUrl: `/api/files/show/${id}`,
  placeholder: null,
  ready: true,
  width: 800,
  height: 600,
  date,
  createdById: 'u1',
  kind: 'photo',
  video: null,
});

const june = ['p1', 'p2', 'p3', 'p4'].map((id, at) => photo(id, `2024-06-${20 - at}T10:00:00Z`));
const may = [photo('p5', '2024-05-02T10:00:00Z')];

function timeline() {
  return fakeNetwork()
    .on(
      'GET /api/timeline/months',
      jsonResponse(200, {
        months: [
          { month: '2024-06', count: 4 },
          { month: '2024-05', count: 1 },
        ],
        total: 5,
      }),
    )
    .on(
      'GET /api/timeline?month=2024-06&limit=500',
      jsonResponse(200, { photos: june, nextCursor: null }),
    )
    .on(
      'GET /api/timeline?month=2024-05&limit=500',
      jsonResponse(200, { photos: may, nextCursor: null }),
    );
}

const album = (id: string, name: string, extra: Partial<Album> = {}): Album => ({
  id,
  name,
  coverPhotoUrl: `/api/files/show/cover-${id}`,
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'u1',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: null,
  lastPhotoDate: null,
  ...extra,
});

describe('Photos', () => {
  it('shows every month newest first, with its count, and its photos as tiles that open the photo', async () => {
    signInAs('u1');
    const network = timeline();
    renderApp('/photos');
    expect(await screen.findByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
    expect(await screen.findByText('5 photos you can see')).toBeVisible();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'June 20244 photos',
      'May 20241 photo',
    ]);
    const juneList = screen.getByRole('list', { name: 'Photos of June 2024' });
    await waitFor(() => expect(within(juneList).getAllByRole('link')).toHaveLength(4));
    const first = within(juneList).getAllByRole('link')[0]!;
    expect(first).toHaveAttribute('href', '/photos?photo=p1');
    expect(first).toHaveAccessibleName('Photo of June 20, 2024');
    expect(juneList.querySelector('img')).toHaveAttribute('src', '/api/files/show/p1?size=thumb');
    // One page per month, of at most 500 photos.
    expect(network.sent('GET /api/timeline?month=2024-06&limit=500')).toHaveLength(1);
    const scrubber = screen.getByRole('slider', { name: 'Jump to a month' });
    expect(scrubber).toHaveAttribute('aria-valuetext', 'June 2024');
  });

  it(
    'opens a photo in the viewer, and goes on to the next month with the arrow keys',
    { timeout: 20_000 },
    async () => {
      signInAs('u1');
      timeline();
      const { user, router } = renderApp('/photos');
      const mayList = await screen.findByRole('list', { name: 'Photos of May 2024' });
      await waitFor(() => expect(within(mayList).getAllByRole('link')).toHaveLength(1));
      const juneList = screen.getByRole('list', { name: 'Photos of June 2024' });
      await user.click(within(juneList).getAllByRole('link')[3]!);
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      expect(router.state.location.search).toBe('?photo=p4');
      expect(within(dialog).getByText(/4 of 5/)).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(router.state.location.search).toBe('?photo=p5'));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.search).toBe('');
    },
  );

  it('is in the top bar, marked as the page shown', async () => {
    signInAs('u1');
    timeline();
    renderApp('/photos');
    const nav = await screen.findByRole('navigation');
    const links = within(nav).getAllByRole('link', { name: 'Photos' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute('href', '/photos');
      expect(link).toHaveAttribute('aria-current', 'page');
    }
  });

  it('moves the scrubber by month with the arrow keys', async () => {
    signInAs('u1');
    timeline();
    const { user } = renderApp('/photos');
    const scrubber = await screen.findByRole('slider', { name: 'Jump to a month' });
    scrubber.focus();
    await user.keyboard('{ArrowDown}');
    expect(scrubber).toHaveAttribute('aria-valuetext', 'May 2024');
    expect(scrubber).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{Home}');
    expect(scrubber).toHaveAttribute('aria-valuetext', 'June 2024');
  });

  it('says when there are no photos yet, and where to add some', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/timeline/months', jsonResponse(200, { months: [], total: 0 }));
    renderApp('/photos');
    expect(await screen.findByText('No photos yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an album' })).toHaveAttribute(
      'href',
      '/create',
    );
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('says when the photos could not be loaded, and tries again', async () => {
    signInAs('u1');
    const network = fakeNetwork().on(
      'GET /api/timeline/months',
      apiError(503, 'UNAVAILABLE', 'The server is busy.'),
      jsonResponse(200, { months: [{ month: '2024-05', count: 1 }], total: 1 }),
    );
    network.on(
      'GET /api/timeline?month=2024-05&limit=500',
      jsonResponse(200, { photos: may, nextCursor: null }),
    );
    const { user } = renderApp('/photos');
    expect(
      await screen.findByRole('heading', { name: 'Your photos could not be loaded.' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /May 2024/ })).toBeVisible();
  });

  it('reads a long month page by page as far as the screen reaches, not all at once', async () => {
    signInAs('u1');
    const many = Array.from({ length: 500 }, (_, at) =>
      photo(`m${at}`, `2024-06-20T10:${String(at % 60).padStart(2, '0')}:00Z`),
    );
    const network = fakeNetwork()
      .on(
        'GET /api/timeline/months',
        jsonResponse(200, { months: [{ month: '2024-06', count: 60_000 }], total: 60_000 }),
      )
      .on(
        'GET /api/timeline?month=2024-06&limit=500',
        jsonResponse(200, { photos: many, nextCursor: 'c1' }),
      );
    renderApp('/photos');
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: 'Photos of June 2024' }).querySelector('a'),
      ).not.toBeNull(),
    );
    // The first screen is within the first page: no second page is asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.sent('GET /api/timeline?month=2024-06&limit=500')).toHaveLength(1);
    expect(network.sent('GET /api/timeline?month=2024-06&limit=500&cursor=c1')).toHaveLength(0);
    // Only the tiles near the screen are in the page.
    expect(document.querySelectorAll('.app-tl-tile').length).toBeLessThan(200);
  });
});

/** The checks of the five photos, once both months are in. */
async function allChecks() {
  await waitFor(() => expect(screen.getAllByRole('button', { name: /^Select: / })).toHaveLength(5));
  return screen.getAllByRole('button', { name: /^Select: / });
}

describe('Selecting photos on Photos', () => {
  it('selects with the check, a range with Shift-click, and Escape clears', async () => {
    signInAs('u1');
    timeline();
    const { user } = renderApp('/photos');
    const checks = await allChecks();
    await user.click(checks[0]!);
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    expect(within(bar).getByText('1 selected')).toBeVisible();
    // While selecting, each tile is a toggle button.
    const tiles = screen.getAllByRole('button', { pressed: false, name: /^Photo of / });
    expect(
      screen.getByRole('button', { pressed: true, name: 'Photo of June 20, 2024' }),
    ).toBeVisible();
    await user.keyboard('{Shift>}');
    await user.click(
      tiles.find((tile) => tile.getAttribute('aria-label') === 'Photo of May 2, 2024')!,
    );
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('5 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { pressed: true, name: 'Photo of June 19, 2024' }));
    expect(within(bar).getByText('4 selected')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
    expect(screen.getAllByRole('link', { name: /^Photo of / })).toHaveLength(5);
  });

  it('deletes the selected photos after asking, and reads the timeline again', async () => {
    signInAs('u1');
    const network = timeline().on('POST /api/photos/bulk-delete', jsonResponse(200, { count: 2 }));
    const { user } = renderApp('/photos');
    const checks = await allChecks();
    await user.click(checks[0]!);
    await user.click(screen.getByRole('button', { name: 'Photo of June 18, 2024' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 photos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 photos' }));
    expect(await screen.findByText('2 photos deleted')).toBeVisible();
    expect(network.sent('POST /api/photos/bulk-delete').map((request) => request.body)).toEqual([
      { photoIds: ['p1', 'p3'] },
    ]);
    await waitFor(() => expect(network.sent('GET /api/timeline/months')).toHaveLength(2));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('downloads the selected photos as a zip from the address the server gives', async () => {
    signInAs('u1');
    const network = timeline().on(
      'POST /api/downloads',
      jsonResponse(200, { url: '#zip-ticket', expiresAt: '2026-11-27T10:00:00Z' }),
    );
    const { user } = renderApp('/photos');
    const checks = await allChecks();
    await user.click(checks[1]!);
    await user.click(screen.getByRole('button', { name: 'Photo of May 2, 2024' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloading 2 photos as a zip')).toBeVisible();
    expect(network.sent('POST /api/downloads')[0]!.body).toEqual({ photoIds: ['p2', 'p5'] });
    expect(window.location.hash).toBe('#zip-ticket');
  });

  it("moves the selected photos to an album of one's own or where one contributes", async () => {
    signInAs('u1');
    const network = timeline()
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, [album('a1', 'Holidays')]))
      .on(
        'GET /api/albumsDb?shared=true',
        jsonResponse(200, [
          album('a2', 'Family', { createdById: 'u2', createdBy: 'Bob', myRole: 'contributor' }),
          album('a3', 'Look only', { createdById: 'u2', createdBy: 'Bob', myRole: 'viewer' }),
        ]),
      )
      .on('POST /api/photos/bulk-add', jsonResponse(200, { count: 1 }));
    const { user } = renderApp('/photos');
    const checks = await allChecks();
    await user.click(checks[2]!);
    await user.click(await screen.findByRole('button', { name: 'Move to album' }));
    const dialog = await screen.findByRole('dialog', { name: /Move to album/ });
    await within(dialog).findByRole('button', { name: /Family/ });
    // Their own albums and those they contribute to; not one they may only look at.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['', 'New album…', 'Holidays1 photo', "Family1 photo · Bob's"]);
    await user.click(within(dialog).getByRole('button', { name: /Family/ }));
    expect(await screen.findByText('1 photo moved to Family')).toBeVisible();
    expect(network.sent('POST /api/photos/bulk-add')[0]!.body).toEqual({
      photoIds: ['p3'],
      albumId: 'a2',
      move: true,
    });
  });
});
