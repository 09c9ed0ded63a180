import type { CSSProperties, ReactNode } from 'react';
import { t, useIntl } from '../../i18n/i18n';
import { isVideoProcessing, type MediaFacts } from '../lib/media';
import './media.css';

/** What is said over a video's poster while it cannot play: being prepared, or failed. */
export function videoNoticeText(photo: MediaFacts): string | null {
  if (photo.kind !== 'video' || !photo.video || photo.video.state === 'ready') return null;
  return isVideoProcessing(photo) ? t('common.videoPreparing') : t('common.videoFailed');
}

/**
 * A video's poster with what stops it playing said over it: "being prepared" (a status, so a
 * screen reader hears it, and the list it comes from asks again until it is ready) or "failed".
 */
export function VideoPoster({
  photo,
  children,
  className = '',
  style,
}: {
  photo: MediaFacts;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  useIntl(); // says it again in another language
  const text = videoNoticeText(photo);
  return (
    <div className={`app-video-poster ${className}`} style={style}>
      {children}
      {text && (
        <p className="app-video-notice" role="status">
          {isVideoProcessing(photo) && (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          )}
          {text}
        </p>
      )}
    </div>
  );
}
