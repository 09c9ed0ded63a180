import type { Memories, TimelinePhoto } from '@photo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { STORY_PHOTO_MS } from './memory-story';

const photo = (id: string, date: string): TimelinePhoto => ({
  id,
  albumId: 'a1',
  photoUrl: `/api/files/show/${id}`,
  placeholder: null,
  ready: true,
  width: 400,
  height: 300,
  date,
  createdById: 'u1',
  kind: 'photo',
  video: null,
  favourite: false,
});

const memories: Memories = {
  memories: [
    {
      key: '2023-11-29',
      year: 2023,
      yearsAgo: 3,
      photos: [photo('p1', '2023-11-29T10:00:00Z'), photo('p2', '2023-11-30T10:00:00Z')],
    },
    { key: '2021-11-29', year: 2021, yearsAgo: 5, photos: [photo('p3', '2021-11-28T10:00:00Z')] },
  ],
};

/** Recent Albums with two memories, the first opened as a story. */
async function openStory(beforeOpening = () => {}) {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albumsDb', jsonResponse(200, []))
    .on('GET /api/memories', jsonResponse(200, memories));
  renderApp('/albums/recent');
  const row = await screen.findByRole('region', { name: 'On this day' });
  const card = within(row).getByRole('button', { name: '3 years ago, 2 photos' });
  card.focus();
  beforeOpening();
  fireEvent.click(card);
  const story = await screen.findByRole('dialog', { name: '3 years ago, 2023' });
  return { network, story };
}

const shown = () => screen.getByRole('dialog').querySelector('img')?.getAttribute('src');
const key = (name: string) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: name });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('a memory as a story', () => {
  it('moves on by itself, steps with the arrow keys, pauses with Space, goes on to the next memory and closes after the last', async () => {
    // The clock is the test's from the story on: the page loads on the real one.
    await openStory(() =>
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
    );
    expect(shown()).toBe('/api/files/show/p1?size=preview');
    expect(screen.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();

    wait(STORY_PHOTO_MS);
    expect(shown()).toBe('/api/files/show/p2?size=preview');
    key('ArrowLeft');
    expect(shown()).toBe('/api/files/show/p1?size=preview');

    // Paused, it stays; played again, it goes on with the time left.
    key(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    wait(3 * STORY_PHOTO_MS);
    expect(shown()).toBe('/api/files/show/p1?size=preview');
    key(' ');
    wait(STORY_PHOTO_MS);
    expect(shown()).toBe('/api/files/show/p2?size=preview');

    // After the memory's last photo, the next memory's first.
    key('ArrowRight');
    expect(screen.getByRole('dialog', { name: '5 years ago, 2021' })).toBeVisible();
    expect(shown()).toBe('/api/files/show/p3?size=preview');
    // After the last, it closes, the focus back on the card.
    wait(STORY_PHOTO_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '3 years ago, 2 photos' })).toHaveFocus();
  }, 30_000);

  it('closes with Escape, and hides a memory with an Undo', async () => {
    const { network, story } = await openStory();
    key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '3 years ago, 2 photos' }));
    network
      .on('POST /api/memories/hidden', new Response(null, { status: 204 }))
      .on('GET /api/memories', jsonResponse(200, { memories: memories.memories.slice(1) }));
    const again = await screen.findByRole('dialog', { name: '3 years ago, 2023' });
    expect(again).not.toBe(story);
    fireEvent.click(within(again).getByRole('button', { name: "Don't show this memory" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Memory hidden. You won't see it again.",
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '3 years ago, 2 photos' })).toBeNull(),
    );
    const hidden = network.requests.find(
      (request) => request.url.pathname === '/api/memories/hidden',
    );
    expect(hidden?.body).toEqual({ key: '2023-11-29' });

    network
      .on('DELETE /api/memories/hidden/2023-11-29', new Response(null, { status: 204 }))
      .on('GET /api/memories', jsonResponse(200, memories));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: '3 years ago, 2 photos' })).toBeVisible();
  });
});
