import { useT } from '../../i18n/i18n';
import { formatDuration, isVideoProcessing, type MediaFacts } from '../lib/media';
import './media.css';

/** The play glyph of a video's badge. */
export function PlayGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="0.85em" height="0.85em" aria-hidden="true" focusable="false">
      <path d="M4.5 2.75v10.5L13 8z" fill="currentColor" />
    </svg>
  );
}

/** The concentric rings Live Photos are known by. */
export function LiveGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="2" fill="currentColor" />
      <circle cx="8" cy="8" r="4.25" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <circle
        cx="8"
        cy="8"
        r="6.75"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeDasharray="1.3 1.5"
      />
    </svg>
  );
}

/**
 * What a tile says in its corner of a video ("▶ 0:42", or "Processing" while it is being prepared)
 * or of a Live Photo ("LIVE"); nothing for a picture. Decorative: the tile's name says the same.
 */
export function MediaBadge({ photo }: { photo: MediaFacts }) {
  const t = useT();
  if (photo.kind === 'livePhoto') {
    return (
      <span className="app-media-badge app-media-badge-live" aria-hidden="true">
        <LiveGlyph />
        {t('common.live')}
      </span>
    );
  }
  if (photo.kind !== 'video') return null;
  return (
    <span className="app-media-badge" aria-hidden="true">
      {isVideoProcessing(photo) ? (
        t('common.processing')
      ) : (
        <>
          <PlayGlyph />
          {formatDuration(photo.video?.durationMs ?? 0)}
        </>
      )}
    </span>
  );
}
