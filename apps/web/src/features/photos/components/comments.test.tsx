import { COMMENT_MAX, type Comment, type Photo } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo: Photo = {
  id: 'p1',
  albumId: 'a1',
  fileId: 'f1',
  photoUrl: '/api/files/show/f1',
  createdBy: 'Ann',
  createdById: 'u1',
  dateCreated: '2026-11-01T10:00:00Z',
  width: 800,
  height: 600,
  dateTaken: null,
  cameraMake: null,
  cameraModel: null,
  likeCount: 0,
  likedByMe: false,
  commentCount: 0,
};

const comment = (id: string, message: string, dateCreated: string): Comment => ({
  id,
  photoId: 'p1',
  message,
  createdBy: 'Bo',
  createdById: 'u2',
  dateCreated,
});

// The server lists comments oldest first.
const oldestFirst = [
  comment('c1', 'Oldest words', '2026-11-01T10:00:00Z'),
  comment('c2', 'Middle words', '2026-11-02T10:00:00Z'),
  comment('c3', 'Newest words', '2026-11-03T10:00:00Z'),
];

function openPhoto(comments: Comment[][]) {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/photos/p1', jsonResponse(200, photo))
    .on('GET /api/albums/find', jsonResponse(200, { id: 'a1', createdById: 'u1' }))
    .on('GET /api/photos/p1/comments', ...comments.map((list) => jsonResponse(200, list)));
  const view = renderApp('/photo/p1');
  return { ...view, network };
}

const shownMessages = () =>
  within(screen.getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('comments', () => {
  it('lists the comments newest first, each with its date and author, in a blue box', async () => {
    openPhoto([oldestFirst]);
    await screen.findByText('Newest words');
    expect(shownMessages()).toEqual(['Newest words', 'Middle words', 'Oldest words']);
    const first = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(first).toHaveClass('alert', 'alert-primary');
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

  it('says so when there are no comments yet', async () => {
    openPhoto([[]]);
    expect(await screen.findByText(/No comments yet/)).toBeVisible();
  });
});
