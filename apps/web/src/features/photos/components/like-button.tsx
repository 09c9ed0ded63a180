import type { LikeSummary, Photo } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import Spinner from 'react-bootstrap/Spinner';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { ThumbIcon } from '../../../shared/components/thumb-icon';
import { LIKERS_SHOWN, usePhotoLikes } from '../api/get-likes';
import { useLikePhoto } from '../api/like-photo';
import { useLiveLikes } from '../api/live-likes';
import { useT } from '../../../i18n/i18n';

/** Who likes the photo, in a popover opened by the count. */
function Likers({ photo }: { photo: Photo }) {
  const [open, setOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const likers = usePhotoLikes(photo.id, open);
  const names = likers.data ?? [];
  const others = Math.max(0, photo.likeCount - names.length);
  const t = useT();

  if (photo.likeCount === 0) {
    return <span className="text-body-secondary">{t('photos.likes', { count: 0 })}</span>;
  }
  return (
    <>
      <Button
        ref={target}
        variant="link"
        className="p-0 align-baseline"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {t('photos.likes', { count: photo.likeCount })}
        <span className="visually-hidden">{t('photos.likes.who')}</span>
      </Button>
      <Overlay
        target={target}
        show={open}
        placement="bottom-start"
        rootClose
        onHide={() => setOpen(false)}
      >
        <Popover id={popoverId}>
          <Popover.Header as="h3">{t('photos.likes.by')}</Popover.Header>
          <Popover.Body>
            {likers.isPending && (
              <span role="status">
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('photos.loading')}
              </span>
            )}
            {likers.isError && <span role="alert">{errorMessage(likers.error)}</span>}
            {likers.isSuccess && (
              <ul className="list-unstyled mb-0" aria-label={t('photos.likes.list')}>
                {names.map((liker) => (
                  <li key={liker.userId} className="text-break">
                    {liker.name}
                  </li>
                ))}
                {others > 0 && names.length >= LIKERS_SHOWN && (
                  <li className="text-body-secondary">
                    {t('photos.likes.others', { count: others })}
                  </li>
                )}
              </ul>
            )}
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}

interface LikeButtonProps {
  photo: Photo;
  /** Told when the server has counted a like or its taking back. */
  onChanged?: (summary: LikeSummary) => void;
  /**
   * One icon button showing the heart and the count, for a toolbar (the photo viewer's): its class
   * is the toolbar's button class. Who likes the photo is not listed from it.
   */
  iconButtonClass?: string;
}

/**
 * "Like": pressed when the signed-in user likes the photo; a second press takes it back. The
 * count follows others' likes live.
 */
export function LikeButton({ photo, onChanged, iconButtonClass }: LikeButtonProps) {
  const likePhoto = useLikePhoto(photo, onChanged);
  useLiveLikes(photo.id, true);
  const liked = photo.likedByMe;
  const t = useT();
  if (iconButtonClass !== undefined) {
    return (
      <button
        type="button"
        className={`${iconButtonClass} app-like-icon-button${liked ? ' app-liked' : ''}`}
        aria-pressed={liked}
        title={t(liked ? 'photos.unlike' : 'photos.like')}
        onClick={() => likePhoto.mutate(!liked)}
      >
        <ThumbIcon filled={liked} />
        <span className="visually-hidden">
          {t('photos.like.count', { count: photo.likeCount })}
        </span>
        <span className="app-like-count" aria-hidden="true">
          {photo.likeCount}
        </span>
      </button>
    );
  }
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Button
        variant={liked ? 'danger' : 'outline-danger'}
        className="rounded-pill"
        aria-pressed={liked}
        onClick={() => likePhoto.mutate(!liked)}
      >
        <ThumbIcon filled={liked} /> {t('photos.like')}
      </Button>
      <Likers photo={photo} />
    </div>
  );
}
