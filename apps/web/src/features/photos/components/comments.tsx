import { COMMENT_MAX } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useDeleteComment } from '../api/delete-comment';
import { useComments, useLiveComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';

/** Shown once this few characters are left. */
const COUNTER_FROM = 200;

/**
 * Comments of a photo, live: newest first (the server lists them oldest first), older ones on
 * demand, and a box to post one.
 */
export function Comments({ photoId }: { photoId: string }) {
  const comments = useComments(photoId);
  useLiveComments(photoId, comments.isSuccess);
  const postComment = usePostComment(photoId);
  const deleteComment = useDeleteComment(photoId);
  const [text, setText] = useState('');
  const [newestFirst, setNewestFirst] = useState(true);

  const message = text.trim();
  const canPost = message.length > 0 && !postComment.isPending;
  const left = COMMENT_MAX - text.length;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canPost) return;
    postComment.mutate(message, { onSuccess: () => setText('') });
  };

  const list = comments.data ?? [];
  const ordered = newestFirst ? [...list].reverse() : list;

  return (
    <section aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="h6 text-body-secondary mb-3">
        Comments:
      </h2>
      <Form onSubmit={onSubmit} className="mb-3" noValidate>
        <Form.Group controlId="comment-text" className="mb-2">
          <Form.Label visuallyHidden>Your comment</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            placeholder="Write a comment…"
            value={text}
            maxLength={COMMENT_MAX}
            onChange={(event) => setText(event.target.value)}
            disabled={postComment.isPending}
            isInvalid={postComment.isError}
            aria-describedby={
              [
                left <= COUNTER_FROM ? 'comment-left' : '',
                postComment.isError ? 'comment-post-error' : '',
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {postComment.isError && (
            <Form.Control.Feedback type="invalid" id="comment-post-error" role="alert">
              The comment could not be posted: {errorMessage(postComment.error)}
            </Form.Control.Feedback>
          )}
          {left <= COUNTER_FROM && (
            <Form.Text id="comment-left" muted>
              {left} {left === 1 ? 'character' : 'characters'} left
            </Form.Text>
          )}
        </Form.Group>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" variant="primary" className="rounded-pill" disabled={!canPost}>
            {postComment.isPending ? 'Posting…' : 'Post Comment'}
          </Button>
          <Button
            variant="outline-secondary"
            className="rounded-pill ms-auto"
            size="sm"
            onClick={() => setNewestFirst((value) => !value)}
            aria-describedby="comment-order"
          >
            Change order
          </Button>
          <span id="comment-order" className="small text-body-secondary">
            {newestFirst ? 'Newest first' : 'Oldest first'}
          </span>
        </div>
      </Form>

      {comments.isPending && <LoadingState label="Loading comments…" />}
      {comments.isError && (
        <ErrorState
          title="The comments could not be loaded."
          message={errorMessage(comments.error)}
          onRetry={() => void comments.refetch()}
        />
      )}
      {comments.isSuccess && ordered.length === 0 && (
        <p className="text-body-secondary">No comments yet. Be the first to write one.</p>
      )}
      {ordered.length > 0 && (
        <ul className="list-unstyled mb-3 app-comments" aria-label="Comments">
          {ordered.map((comment) => (
            <li key={comment.id} className="app-comment">
              <p className="mb-1 text-break app-comment-text">{comment.message}</p>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <p className="small mb-0 me-auto text-body-secondary">
                  <time dateTime={comment.dateCreated}>{formatDateTime(comment.dateCreated)}</time>
                  {comment.createdBy && <> — {comment.createdBy}</>}
                </p>
                {comment.canDelete && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    className="rounded-pill"
                    aria-label={`Delete comment: ${comment.message.slice(0, 40)}`}
                    disabled={deleteComment.isPending && deleteComment.variables?.id === comment.id}
                    onClick={() => deleteComment.mutate(comment)}
                  >
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleteComment.isError && (
        <p role="alert" className="small text-danger-emphasis">
          The comment could not be deleted: {errorMessage(deleteComment.error)}
        </p>
      )}
      {comments.hasNextPage && (
        <Button
          variant="outline-secondary"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? 'Loading older comments…' : 'Show older comments'}
        </Button>
      )}
    </section>
  );
}
