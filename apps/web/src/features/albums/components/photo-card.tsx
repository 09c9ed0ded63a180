import type { Photo } from '@photo/contract';
import type { ReactElement, Ref } from 'react';
import { Link } from 'react-router';
import { ThumbIcon } from '../../../shared/components/thumb-icon';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { AlbumIcon } from './album-icons';
import { photoAlt } from './photo-grid';
import { PHOTO_PARAM } from '../../viewer/lib/photo-param';
import { t as text, useT } from '../../../i18n/i18n';

/** A photo's description on the album page: who added it, and when it was taken. */
export function photoCardAlt(photo: Photo): string {
  return photoAlt(
    photo,
    photo.dateTaken
      ? text('albums.tile.taken', {
          date: formatDateTaken(photo.dateTakenClock ?? photo.dateTaken),
        })
      : '',
  );
}

interface ViewerLinkProps {
  photo: Photo;
  /** The picture; none when the link lies over it (give it `className`). */
  children?: ReactElement;
  className?: string;
  /** The link, which opens the photo in the viewer (focus returns to it when it closes). */
  linkRef?: Ref<HTMLAnchorElement>;
  /** What the link says after "View larger: " (the photo's description by default). */
  label?: string;
}

/** A tile's picture, a link that opens the photo in the viewer on this page (?photo=…). */
export function ViewerLink({
  photo,
  children,
  linkRef,
  label,
  className = 'app-tile-link',
}: ViewerLinkProps) {
  const t = useT();
  return (
    <Link
      ref={linkRef}
      to={{ search: `?${PHOTO_PARAM}=${encodeURIComponent(photo.id)}` }}
      state={{ openedViewer: true }}
      className={className}
      aria-label={t('albums.tile.view', { name: label ?? photoCardAlt(photo) })}
    >
      {children}
    </Link>
  );
}

/**
 * What lies over a photo's tile: its creator, likes and comments, and "Go to Photo". The tile shows
 * the photo alone until the pointer is over it or the keyboard is in it; on a touch screen the
 * viewer shows these, and the selection bar and the viewer hold Delete. Screen readers read them on
 * every tile.
 */
export function PhotoCardChrome({ photo }: { photo: Photo }) {
  const t = useT();
  return (
    <div className="app-tile-chrome">
      <div className="app-tile-info">
        <h3 className="app-tile-name">{photo.createdBy}</h3>
        <p className="app-tile-counts">
          <ThumbIcon filled={photo.likedByMe} />{' '}
          {t('albums.tile.likes', { count: photo.likeCount })}
          {photo.likedByMe && (
            <span className="visually-hidden"> {t('albums.tile.liked')}</span>
          )} · {t('albums.tile.comments', { count: photo.commentCount })}
        </p>
      </div>
      <Link to={paths.photo(photo.id)} className="app-tile-go">
        <AlbumIcon name="open" />
        <span className="app-tile-go-label">{t('albums.tile.go')}</span>
      </Link>
    </div>
  );
}
