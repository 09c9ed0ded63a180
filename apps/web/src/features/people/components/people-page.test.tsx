import type { Person, TimelinePage } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const person = (id: string, name: string | null, count: number): Person => ({
  id,
  name,
  faceUrl: `/api/faces/f-${id}/crop?exp=1&sig=s`,
  count,
  hidden: false,
});

const noPhotos: TimelinePage = { photos: [], nextCursor: null };

describe('People', () => {
  it('shows each person as their face with their name (or Someone) and how many photos', async () => {
    signInAs('ann');
    fakeNetwork().on(
      'GET /api/people',
      jsonResponse(200, { people: [person('p1', 'Eileen', 3), person('p2', null, 1)] }),
    );
    renderApp('/people');
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByRole('link', { name: 'Eileen 3 photos' })).toHaveAttribute(
      'href',
      '/people/p1',
    );
    expect(within(list).getByRole('link', { name: 'Someone 1 photo' })).toBeInTheDocument();
  });

  it('says so when no face has been found yet', async () => {
    signInAs('ann');
    fakeNetwork().on('GET /api/people', jsonResponse(200, { people: [] }));
    renderApp('/people');
    expect(await screen.findByRole('heading', { name: 'No one yet' })).toBeInTheDocument();
  });

  it('renames a person in place on their page, sending the trimmed name', async () => {
    signInAs('ann');
    const network = fakeNetwork()
      .on(
        'GET /api/people/p2',
        jsonResponse(200, person('p2', null, 1)),
        jsonResponse(200, person('p2', 'Eileen', 1)),
      )
      .on('GET /api/people/p2/photos', jsonResponse(200, noPhotos))
      .on('GET /api/people', jsonResponse(200, { people: [person('p2', null, 1)] }))
      .on('PATCH /api/people/p2', jsonResponse(200, person('p2', 'Eileen', 1)));
    renderApp('/people/p2');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Eileen ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Eileen' })).toBeInTheDocument();
    await waitFor(() => expect(network.sent('PATCH /api/people/p2')).toHaveLength(1));
    expect(network.sent('PATCH /api/people/p2')[0]!.body).toEqual({ name: 'Eileen' });
  });
});
