import { COMMENT_MAX, type Comment, type CommentEvent } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo = makePhoto({ createdById: 'u1', width: 800, height: 600 });

const comment = (id: string, message: string, dateCreated: string): Comment => ({
  id,
  photoId: 'p1',
  message,
  createdBy: 'Bo',
  createdById: 'u2',
  dateCreated,
  canDelete: false,
});

// The server lists comments oldest first.
const oldestFirst = [
  comment('c1', 'Oldest words', '2026-11-01T10:00:00Z'),
  comment('c2', 'Middle words', '2026-11-02T10:00:00Z'),
  comment('c3', 'Newest words', '2026-11-03T10:00:00Z'),
];

/** A live stream that sends these events (text/event-stream), then stays open. */
function eventStream(events: CommentEvent[] = []) {
  return () => {
    const text = events
      .map((event, i) => `id: e${i}\nevent: comment\ndata: ${JSON.stringify(event)}\n\n`)
      .join('');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`retry: 60000\n\n${text}`));
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  };
}

function openPhoto(comments: Array<Comment[] | Response>, events: CommentEvent[] = []) {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/photos/p1', jsonResponse(200, photo))
    .on('GET /api/albums/find', jsonResponse(200, { id: 'a1', createdById: 'u1' }))
    .on('GET /api/photos/p1/comments/events', eventStream(events))
    .on(
      'GET /api/photos/p1/comments',
      ...comments.map((list) => (list instanceof Response ? list : jsonResponse(200, list))),
    );
  const view = renderApp('/photo/p1');
  return { ...view, network };
}

const shownMessages = () =>
  within(screen.getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('comments', () => {
  it('lists the comments newest first, each with its date and author, in a box of its own', async () => {
    openPhoto([oldestFirst]);
    await screen.findByText('Newest words');
    expect(shownMessages()).toEqual(['Newest words', 'Middle words', 'Oldest words']);
    const first = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(first).toHaveClass('app-comment');
    expect(first).toHaveTextContent(/Newest words.*2026.*Bo/);
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-11-03T10:00:00Z');
  });

  it('"Change order" toggles between newest first and oldest first', async () => {
    const { user } = openPhoto([oldestFirst]);
    await screen.findByText('Newest words');
    const change = screen.getByRole('button', { name: 'Change order' });
    await user.click(change);
    expect(shownMessages()).toEqual(['Oldest words', 'Middle words', 'Newest words']);
    await user.click(change);
    expect(shownMessages()).toEqual(['Newest words', 'Middle words', 'Oldest words']);
  });

  it('keeps "Post Comment" disabled while the box is empty or only spaces', async () => {
    const { user } = openPhoto([[]]);
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    const post = screen.getByRole('button', { name: 'Post Comment' });
    expect(box).toHaveAttribute('rows', '3');
    expect(box).toHaveAttribute('maxlength', String(COMMENT_MAX));
    expect(post).toBeDisabled();
    await user.type(box, '   ');
    expect(post).toBeDisabled();
    await user.type(box, '{Enter}  ');
    expect(post).toBeDisabled();
    await user.type(box, 'x');
    expect(post).toBeEnabled();
  });

  it('posts, disables the button meanwhile, reloads the list and clears the box', async () => {
    const posted = comment('c4', 'Lovely light', '2026-11-04T10:00:00Z');
    const { user, network } = openPhoto([oldestFirst, [...oldestFirst, posted]]);
    let answer!: (response: Response) => void;
    network.on(
      'POST /api/photos/comments',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    await screen.findByText('Newest words');

    await user.type(box, '  Lovely light ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    expect(screen.getByRole('button', { name: /Posting/ })).toBeDisabled();
    answer(jsonResponse(201, posted));

    await waitFor(() => expect(box).toHaveValue(''));
    expect(shownMessages()[0]).toBe('Lovely light');
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    expect(network.sent('POST /api/photos/comments')[0]!.body).toEqual({
      id: '',
      createdBy: '',
      dateCreated: '',
      photoId: 'p1',
      message: 'Lovely light',
    });
    expect(network.sent('GET /api/photos/p1/comments')).toHaveLength(2);
  });

  it('says once, in the form, why a comment could not be posted, and keeps the text', async () => {
    const { user, network } = openPhoto([oldestFirst]);
    network.on(
      'POST /api/photos/comments',
      jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again in a minute.' } }),
    );
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    await user.type(box, 'Lovely light');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The comment could not be posted: Try again in a minute.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(box).toHaveAccessibleDescription(/could not be posted/);
    expect(box).toHaveValue('Lovely light');
  });

  it('says so when there are no comments yet', async () => {
    openPhoto([[]]);
    expect(await screen.findByText(/No comments yet/)).toBeVisible();
  });
  it('shows a comment someone else posts, live, and removes one they delete', async () => {
    const live = comment('c9', 'Posted elsewhere just now', '2026-11-05T10:00:00Z');
    openPhoto(
      [oldestFirst],
      [
        { type: 'created', comment: live },
        { type: 'deleted', commentId: 'c2', photoId: 'p1' },
      ],
    );
    await screen.findByText('Posted elsewhere just now');
    await waitFor(() =>
      expect(shownMessages()).toEqual([
        'Posted elsewhere just now',
        'Newest words',
        'Oldest words',
      ]),
    );
  });

  it('loads older comments with "Show older comments", from the Link header', async () => {
    const newest = jsonResponse(200, oldestFirst.slice(1), {
      Link: '</api/photos/p1/comments?limit=50&cursor=abc>; rel="next"',
    });
    const { user, network } = openPhoto([newest]);
    network.on(
      'GET /api/photos/p1/comments?limit=50&cursor=abc',
      jsonResponse(200, oldestFirst.slice(0, 1)),
    );
    await screen.findByText('Newest words');
    expect(shownMessages()).toEqual(['Newest words', 'Middle words']);
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    await screen.findByText('Oldest words');
    expect(shownMessages()).toEqual(['Newest words', 'Middle words', 'Oldest words']);
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it('offers "Delete" on the comments the user may delete, and removes one at once', async () => {
    const mine = { ...comment('c5', 'My own words', '2026-11-04T10:00:00Z'), canDelete: true };
    const { user, network } = openPhoto([[...oldestFirst, mine]]);
    network.on('DELETE /api/photos/comments/c5', new Response(null, { status: 204 }));
    await screen.findByText('My own words');
    expect(screen.getAllByRole('button', { name: /^Delete comment/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete comment: My own words' }));
    await waitFor(() => expect(screen.queryByText('My own words')).toBeNull());
    expect(network.sent('DELETE /api/photos/comments/c5')).toHaveLength(1);
  });
});
