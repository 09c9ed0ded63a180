import type { Album, AlbumMember, AlbumSharing, ShareLink } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album: Album = {
  id: 'a1',
  name: 'Garden',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Olivia',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function makeLink(overrides: Partial<ShareLink>): ShareLink {
  return {
    id: 'l1',
    token: 't1',
    url: '/shared/t1',
    label: '',
    permission: 'view',
    expiresAt: null,
    hasPassword: false,
    lastOpenedAt: null,
    guestLimits: null,
    guestPhotoCount: 0,
    guestBytes: 0,
    dateCreated: '2026-11-02T10:00:00Z',
    ...overrides,
  };
}

const mia: AlbumMember = {
  userId: 'u-mia',
  name: 'Mia Member',
  emailAddress: 'mia@example.com',
  role: 'viewer',
  dateCreated: '2026-11-02T10:00:00Z',
};

const sharing = (links: ShareLink[], members: AlbumMember[] = []): AlbumSharing => ({
  albumId: 'a1',
  visibility: 'invited',
  members,
  invitations: [],
  link: links[0] ?? null,
  links,
  membersMax: 50,
  mailConfigured: true,
});

async function openShareDialog(shown: AlbumSharing) {
  signInAs('owner');
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, album))
    .on('GET /api/albumsDb/a1/photos', jsonResponse(200, [makePhoto({ id: 'p1' })]))
    .on('GET /api/albumsDb/a1/sharing', jsonResponse(200, shown));
  const { user } = renderApp('/album/a1');
  await user.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Share “Garden”' });
  await within(dialog).findByRole('heading', { name: 'Share by link' });
  return { user, network, dialog };
}

/** The list item of the link named `name`. */
const linkRow = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('list', { name: 'Share links' })).getByRole('listitem', {
    name: new RegExp(`^${name}`),
  });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe("the Share dialog's links", () => {
  it('lists every link with what it allows, its expiry, its lock, its use and its guests', async () => {
    const now = Date.now();
    const { dialog } = await openShareDialog(
      sharing([
        makeLink({
          id: 'l3',
          label: 'Wedding guests',
          permission: 'addPhotos',
          url: '/shared/t3',
          lastOpenedAt: new Date(now - 2 * HOUR - 60_000).toISOString(),
          guestLimits: { maxPhotos: 500, maxBytes: 10_000_000_000 },
          guestPhotoCount: 12,
          expiresAt: new Date(now + 3 * DAY).toISOString(),
        }),
        makeLink({
          id: 'l2',
          label: 'Family',
          permission: 'download',
          hasPassword: true,
          url: '/shared/t2',
          expiresAt: new Date(now - DAY).toISOString(),
        }),
        makeLink({ id: 'l1' }),
      ]),
    );
    const rows = within(within(dialog).getByRole('list', { name: 'Share links' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.querySelector('.fw-semibold')?.textContent)).toEqual([
      'Wedding guests',
      'Family (password protected)',
      'Link',
    ]);

    const guests = linkRow(dialog, 'Wedding guests');
    expect(
      within(guests).getByRole('combobox', { name: 'What Wedding guests allows' }),
    ).toHaveDisplayValue('Can add photos');
    expect(guests).toHaveTextContent(
      /Expires \S+ \S+ · Last opened 2 hours ago · 12 of 500 photos added/,
    );
    expect(within(guests).getByRole('textbox', { name: 'Address of Wedding guests' })).toHaveValue(
      `${window.location.origin}/shared/t3`,
    );

    const family = linkRow(dialog, 'Family');
    expect(within(family).getByRole('combobox')).toHaveDisplayValue('Can view and download');
    expect(family).toHaveTextContent('Expired · Never opened');
    expect(within(family).getByTitle('Password protected')).toBeInTheDocument();
    expect(within(family).getByRole('button', { name: 'Copy link Family' })).toBeDisabled();

    const plain = linkRow(dialog, 'Link');
    expect(within(plain).getByRole('combobox')).toHaveDisplayValue('Can view');
    expect(plain).toHaveTextContent('Never opened');
    expect(plain).not.toHaveTextContent(/Expire|photos added/);
    expect(within(plain).queryByTitle('Password protected')).toBeNull();
  });

  it('copies a link, and stops one only after a confirmation', async () => {
    const links = [makeLink({ id: 'l2', label: 'Family', url: '/shared/t2' }), makeLink({})];
    const { user, network, dialog } = await openShareDialog(sharing(links));
    network.on('DELETE /api/albumsDb/a1/links/l2', jsonResponse(204, undefined));
    // user-event's clipboard stands in for the system's.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(within(dialog).getByRole('button', { name: 'Copy link Family' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/t2`);
    expect(await within(dialog).findByRole('button', { name: 'Copied Family' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Stop Family' }));
    const confirm = within(dialog).getByRole('group', { name: 'Stop Family?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(network.sent('DELETE /api/albumsDb/a1/links/l2')).toHaveLength(0);

    network.on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing([makeLink({})])));
    await user.click(within(dialog).getByRole('button', { name: 'Stop Family' }));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Stop Family?' })).getByRole('button', {
        name: 'Stop link',
      }),
    );
    await waitFor(() => expect(network.sent('DELETE /api/albumsDb/a1/links/l2')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Family')).toBeNull());
    expect(linkRow(dialog, 'Link')).toBeVisible();
  });

  it('says in the dialog why a link could not be stopped, and keeps it', async () => {
    const { user, network, dialog } = await openShareDialog(
      sharing([makeLink({ label: 'Family' })]),
    );
    network.on(
      'DELETE /api/albumsDb/a1/links/l1',
      apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stop Family' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stop link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is not answering; try again soon.',
    );
    expect(linkRow(dialog, 'Family')).toBeVisible();
  });
});

describe('the new-link form', () => {
  it('makes an addPhotos link with a name, an expiry, a password and a guest limit', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([]));
    const made = makeLink({ id: 'l9', label: 'Wedding guests', permission: 'addPhotos' });
    network.on('POST /api/albumsDb/a1/links', jsonResponse(201, made));
    await user.click(within(dialog).getByRole('button', { name: 'New link' }));
    const form = within(dialog).getByRole('form', { name: 'New link' });

    await user.type(within(form).getByLabelText(/Name/), 'Wedding guests');
    const addPhotos = within(form).getByRole('radio', { name: 'Can add photos' });
    expect(addPhotos).toHaveAccessibleDescription(
      'Also add photos and videos, under a name they give, without an account.',
    );
    expect(within(form).getByRole('radio', { name: 'Can view' })).toBeChecked();
    expect(within(form).queryByLabelText('Most photos and videos guests may add')).toBeNull();
    await user.click(addPhotos);
    const limit = within(form).getByLabelText('Most photos and videos guests may add');
    expect(limit).toHaveValue(500);
    await user.clear(limit);
    await user.type(limit, '40');
    await user.selectOptions(within(form).getByLabelText('Expires'), 'In 7 days');
    const password = within(form).getByLabelText(/^Password/);
    await user.type(password, 'tulip-42');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    network.on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing([made])));
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(1));
    const body = network.sent('POST /api/albumsDb/a1/links')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      label: 'Wedding guests',
      permission: 'addPhotos',
      password: 'tulip-42',
      guestLimits: { maxPhotos: 40 },
    });
    const expires = Date.parse(body.expiresAt as string);
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(expires - before).toBeLessThanOrEqual(7 * DAY + 60_000);

    expect(
      await within(dialog).findByText('Wedding guests is ready: copy it and send it.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('form', { name: 'New link' })).toBeNull();
    expect(linkRow(dialog, 'Wedding guests')).toBeVisible();
  });

  it('sends a plain view link with no expiry nor password, and checks what it can first', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([]));
    network.on('POST /api/albumsDb/a1/links', jsonResponse(201, makeLink({})));
    await user.click(within(dialog).getByRole('button', { name: 'New link' }));
    const form = within(dialog).getByRole('form', { name: 'New link' });

    await user.type(within(form).getByLabelText(/^Password/), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Make link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A password needs at least 4 characters.',
    );
    expect(within(form).getByLabelText(/^Password/)).toHaveAccessibleDescription(
      /A password needs at least 4 characters/,
    );
    expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Password/));
    await user.click(within(form).getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(1));
    expect(network.sent('POST /api/albumsDb/a1/links')[0]?.body).toEqual({
      label: '',
      permission: 'view',
    });
  });

  it('closes without sending anything on Cancel', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([]));
    await user.click(within(dialog).getByRole('button', { name: 'New link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('form', { name: 'New link' })).toBeNull();
    expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(0);
  });
});

describe("a member's role", () => {
  it('changes at once from the select beside the member, and says it was saved', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([], [mia]));
    network.on(
      'PATCH /api/albumsDb/a1/members/u-mia',
      jsonResponse(200, { ...mia, role: 'contributor' }),
    );
    const role = within(dialog).getByRole('combobox', { name: 'Role of Mia Member' });
    expect(role).toHaveDisplayValue('Viewer');
    await user.selectOptions(role, 'Contributor');
    expect(await within(dialog).findByText('Saved')).toBeVisible();
    expect(role).toHaveDisplayValue('Contributor');
    expect(network.sent('PATCH /api/albumsDb/a1/members/u-mia')[0]?.body).toEqual({
      role: 'contributor',
    });
  });

  it('goes back when the server refuses, saying why in the dialog', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([], [mia]));
    network.on(
      'PATCH /api/albumsDb/a1/members/u-mia',
      apiError(404, 'MEMBER_NOT_FOUND', 'The member was not found.'),
    );
    const role = within(dialog).getByRole('combobox', { name: 'Role of Mia Member' });
    await user.selectOptions(role, 'Contributor');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The member was not found.');
    await waitFor(() => expect(role).toHaveDisplayValue('Viewer'));
    expect(within(dialog).queryByText('Saved')).toBeNull();
  });
});

describe('showing places', () => {
  it('is off until the owner turns it on, which the album keeps', async () => {
    const { user, network, dialog } = await openShareDialog(sharing([], [mia]));
    network.on('PUT /api/albums', jsonResponse(200, { ...album, showPlaces: true }));
    const places = within(dialog).getByRole('checkbox', { name: 'Show where photos were taken' });
    expect(places).not.toBeChecked();
    await user.click(places);
    await waitFor(() => expect(places).toBeChecked());
    expect(network.sent('PUT /api/albums')[0]?.body).toEqual({ id: 'a1', showPlaces: true });
  });
});
