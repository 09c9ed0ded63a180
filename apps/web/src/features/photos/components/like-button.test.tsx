import type { Photo, PhotoLike } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo = (overrides: Partial<Photo> = {}) => makePhoto({ likeCount: 2, ...overrides });

const likers: PhotoLike[] = [
  { userId: 'u2', name: 'Bo Booster', dateCreated: '2026-11-02T10:00:00Z' },
  { userId: 'u3', name: 'Cy Cheerer', dateCreated: '2026-11-01T10:00:00Z' },
];

function openPhoto(overrides: Partial<Photo> = {}) {
  signInAs('visitor');
  const network = fakeNetwork()
    .on('GET /api/photos/p1', jsonResponse(200, photo(overrides)))
    .on('GET /api/photos/p1/comments', jsonResponse(200, []))
    .on('GET /api/photos/p1/likes', jsonResponse(200, likers))
    .on('GET /api/albums/find', jsonResponse(200, { id: 'a1', name: 'G', createdById: 'owner' }));
  return { ...renderApp('/photo/p1'), network };
}

describe('like button', () => {
  it('likes the photo, then takes the like back, showing the count the server answers', async () => {
    const { user, network } = openPhoto();
    network
      .on(
        'PUT /api/photos/p1/like',
        jsonResponse(200, { photoId: 'p1', likeCount: 5, likedByMe: true }),
      )
      .on(
        'DELETE /api/photos/p1/like',
        jsonResponse(200, { photoId: 'p1', likeCount: 4, likedByMe: false }),
      );
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^2 likes/ })).toBeVisible();

    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByRole('button', { name: /^5 likes/ })).toBeVisible();
    expect(network.sent('PUT /api/photos/p1/like')).toHaveLength(1);

    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByRole('button', { name: /^4 likes/ })).toBeVisible();
    expect(network.sent('DELETE /api/photos/p1/like')).toHaveLength(1);
  });

  it('puts the button back and says why when the like fails', async () => {
    const { user, network } = openPhoto();
    network.on(
      'PUT /api/photos/p1/like',
      jsonResponse(404, {
        error: { code: 'PHOTO_NOT_FOUND', message: 'The photo was not found.' },
      }),
    );
    const like = await screen.findByRole('button', { name: 'Like' });
    await user.click(like);
    expect(await screen.findByText('The photo was not found.')).toBeVisible();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^2 likes/ })).toBeVisible();
  });

  it('lists who likes the photo when the count is clicked', async () => {
    const { user, network } = openPhoto();
    const count = await screen.findByRole('button', { name: /^2 likes/ });
    expect(network.sent('GET /api/photos/p1/likes')).toHaveLength(0);
    await user.click(count);
    expect(count).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'People who like this photo' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bo Booster', 'Cy Cheerer']);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'People who like this photo' })).toBeNull(),
    );
  });

  it('says "0 likes" without a list when nobody likes the photo yet', async () => {
    openPhoto({ likeCount: 0 });
    expect(await screen.findByRole('button', { name: 'Like' })).toBeVisible();
    expect(screen.getByText('0 likes')).toBeVisible();
    expect(screen.queryByRole('button', { name: /likes/ })).toBeNull();
  });
  it("follows others' likes live: the count changes when the photo's stream says so", async () => {
    const { network } = openPhoto();
    // Every stream opened on the photo (its comments' too) gets what is pushed.
    const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
    const push = (text: string) => {
      for (const stream of streams) stream.enqueue(new TextEncoder().encode(text));
    };
    network.on('GET /api/photos/p1/comments/events', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(
            new TextEncoder().encode(
              'retry: 60000\n\nevent: likes\ndata: {"photoId":"p1","likeCount":3}\n\n',
            ),
          );
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    const like = await screen.findByRole('button', { name: 'Like' }, { timeout: 15_000 });
    // The count when the stream opens replaces the one read with the photo.
    expect(await screen.findByRole('button', { name: /^3 likes/ })).toBeVisible();

    push('event: likes\ndata: {"photoId":"p1","likeCount":7}\n\n');
    expect(await screen.findByRole('button', { name: /^7 likes/ })).toBeVisible();
    // Their own like stays as it was: the stream says how many, not who.
    expect(like).toHaveAttribute('aria-pressed', 'false');
    push('event: likes\ndata: {"photoId":"p1","likeCount":0}\n\n');
    expect(await screen.findByText('0 likes')).toBeVisible();
  });
});
