import type { Activity } from '@photo/contract';
import { Link } from 'react-router';
import { LoadMore } from '../../../shared/components/load-more';
import { timeAgo } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { useActivityFeed, useMarkAllRead, useUnreadActivity } from '../api/activity-api';
import { activityHref, activityText } from './activity-text';
import { useT } from '../../../i18n/i18n';

/** An album's mark, for an entry without a photo (an invitation). */
function AlbumIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 6.5A1.5 1.5 0 0 1 5.5 5h4l2 2h7A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Entry({ entry, onNavigate }: { entry: Activity; onNavigate?: () => void }) {
  const text = activityText(entry);
  const t = useT();
  return (
    <li>
      <Link
        to={activityHref(entry)}
        onClick={onNavigate}
        className={`app-activity-entry${entry.unread ? ' app-activity-unread' : ''}`}
      >
        {entry.thumbnailUrl ? (
          <img
            src={sizedImageUrl(entry.thumbnailUrl, 'thumb')}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="app-activity-thumb"
          />
        ) : (
          <span className="app-activity-thumb app-activity-icon">
            <AlbumIcon />
          </span>
        )}
        <span className="app-min-w-0 flex-grow-1">
          <span className="d-block app-activity-text">{text}</span>
          <time className="d-block small text-body-secondary" dateTime={entry.dateCreated}>
            {timeAgo(entry.dateCreated)}
          </time>
        </span>
        {entry.unread && (
          <span className="app-activity-dot">
            <span className="visually-hidden">{t('activity.unread')}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * The activity feed: a heading, "Mark all read", the entries newest first (unread ones marked),
 * each leading to its album or photo, and more as one scrolls.
 */
export function ActivityList({
  headingLevel,
  onNavigate,
}: {
  headingLevel: 1 | 2;
  onNavigate?: () => void;
}) {
  const feed = useActivityFeed();
  const unread = useUnreadActivity();
  const markAllRead = useMarkAllRead();
  const t = useT();
  const entries = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const anyUnread = (unread.data?.count ?? 0) > 0 || entries.some((entry) => entry.unread);

  return (
    <section aria-labelledby="activity-heading">
      <div className="d-flex align-items-center gap-2 app-activity-header">
        <Heading
          id="activity-heading"
          className={`${headingLevel === 1 ? 'h3' : 'h5'} mb-0 me-auto`}
        >
          {t('activity.title')}
        </Heading>
        <button
          type="button"
          className="btn btn-link btn-sm text-decoration-none"
          disabled={!anyUnread || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('activity.markRead')}
        </button>
      </div>
      {feed.isPending && (
        <p className="p-4 text-center text-body-secondary mb-0">{t('activity.loading')}</p>
      )}
      {feed.isError && (
        <p className="p-4 text-center text-danger mb-0" role="alert">
          {t('activity.loadFailed')}{' '}
          <button
            type="button"
            className="btn btn-link p-0 align-baseline"
            onClick={() => void feed.refetch()}
          >
            {t('activity.retry')}
          </button>
        </p>
      )}
      {feed.isSuccess && entries.length === 0 && (
        <p className="p-4 text-center text-body-secondary mb-0">{t('activity.empty')}</p>
      )}
      {entries.length > 0 && (
        <ul className="list-unstyled mb-0 app-activity-list">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={feed.hasNextPage}
        loading={feed.isFetchingNextPage}
        onLoadMore={() => void feed.fetchNextPage()}
      />
    </section>
  );
}
