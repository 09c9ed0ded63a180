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
import { useT } from '../../../i18n/i18n';

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
  const t = useT();

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
      <h2 id="comments-heading" className="h5 mb-3">
        {t('photos.comments.heading')}
      </h2>
      <Form onSubmit={onSubmit} className="mb-3" noValidate>
        <Form.Group controlId="comment-text" className="mb-2">
          <Form.Label visuallyHidden>{t('photos.comments.yours')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            placeholder={t('photos.comments.placeholder')}
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
              {t('photos.comments.postFailed', { error: errorMessage(postComment.error) })}
            </Form.Control.Feedback>
          )}
          {left <= COUNTER_FROM && (
            <Form.Text id="comment-left" muted>
              {t('photos.comments.left', { count: left })}
            </Form.Text>
          )}
        </Form.Group>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" variant="primary" className="rounded-pill" disabled={!canPost}>
            {t(postComment.isPending ? 'photos.comments.posting' : 'photos.comments.post')}
          </Button>
          <Button
            variant="outline-secondary"
            className="rounded-pill ms-auto"
            size="sm"
            onClick={() => setNewestFirst((value) => !value)}
            aria-describedby="comment-order"
          >
            {t('photos.comments.order')}
          </Button>
          <span id="comment-order" className="small text-body-secondary">
            {t(newestFirst ? 'photos.comments.newest' : 'photos.comments.oldest')}
          </span>
        </div>
      </Form>

      {comments.isPending && <LoadingState label={t('photos.comments.loading')} />}
      {comments.isError && (
        <ErrorState
          title={t('photos.comments.loadFailed')}
          message={errorMessage(comments.error)}
          onRetry={() => void comments.refetch()}
        />
      )}
      {comments.isSuccess && ordered.length === 0 && (
        <p className="text-body-secondary">{t('photos.comments.none')}</p>
      )}
      {ordered.length > 0 && (
        <ul className="list-unstyled mb-3 app-comments" aria-label={t('photos.comments')}>
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
                    aria-label={t('photos.comments.deleteOne', {
                      text: comment.message.slice(0, 40),
                    })}
                    disabled={deleteComment.isPending && deleteComment.variables?.id === comment.id}
                    onClick={() => deleteComment.mutate(comment)}
                  >
                    {t('photos.comments.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleteComment.isError && (
        <p role="alert" className="small text-danger-emphasis">
          {t('photos.comments.deleteFailed', { error: errorMessage(deleteComment.error) })}
        </p>
      )}
      {comments.hasNextPage && (
        <Button
          variant="outline-secondary"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {t(
            comments.isFetchingNextPage ? 'photos.comments.loadingOlder' : 'photos.comments.older',
          )}
        </Button>
      )}
    </section>
  );
}
