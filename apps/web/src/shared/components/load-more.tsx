import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * Loads the next page when the user scrolls near the end of a list (IntersectionObserver), with
 * a "Load more" button for keyboard users and browsers without the observer.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || loading || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="text-center my-4">
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={onLoadMore}
        disabled={loading}
      >
        {loading ? t('common.loadingMore') : t('common.loadMore')}
      </button>
    </div>
  );
}
