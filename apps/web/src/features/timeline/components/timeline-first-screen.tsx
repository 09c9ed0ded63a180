import type { TimelineMonth, TimelinePhoto } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { monthPhotos, type OpenTarget } from '../lib/loaded-photos';
import { monthLabel, ratioOf } from '../lib/timeline-layout';
import { tileLabel } from './timeline-grid';

/** The photos of Photos' first screen: as many as a large desktop shows. */
const FIRST_SCREEN_MAX = 60;
/** The first tiles' pictures are asked for at once, the others as they come near. */
const FIRST_SCREEN_EAGER = 12;

/**
 * Photos as the server draws it, and the browser hydrates it, before anything is measured: the
 * first months' photos already read (the server read them for the page), in justified rows made
 * by CSS alone, each tile growing with its shape and each month's label above its first photo,
 * months running on in the rows as in the grid. The pictures are <img> tags, at the grid's
 * addresses: the browser asks for them from the HTML, and the grid finds them loaded. Once the
 * page is hydrated and measured, the grid (TimelineGrid) takes its place.
 */
export function TimelineFirstScreen({
  months,
  favourites,
  open,
}: {
  months: readonly TimelineMonth[];
  favourites: boolean;
  open: OpenTarget;
}) {
  const queryClient = useQueryClient();
  const translate = useT();
  const blocks: { month: string; count: number; photos: TimelinePhoto[] }[] = [];
  let room = FIRST_SCREEN_MAX;
  for (const { month, count } of months) {
    const photos = monthPhotos(queryClient, month, favourites).slice(0, room);
    if (photos.length === 0) break;
    blocks.push({ month, count, photos });
    room -= photos.length;
    if (room === 0) break;
  }
  let index = 0;
  return (
    <div className="app-tl-first">
      {blocks.map(({ month, count, photos }) => (
        <section key={month} aria-labelledby={`month-${month}`} className="app-tl-first-month">
          <div
            role="list"
            aria-label={translate('timeline.month', { month: monthLabel(month) })}
            className="app-tl-first-month"
          >
            {photos.map((photo, at) => {
              const label = tileLabel(photo);
              const eager = index < FIRST_SCREEN_EAGER;
              index += 1;
              return (
                <div
                  key={photo.id}
                  role="listitem"
                  className={`app-tl-first-tile${at === 0 ? ' app-tl-first-start' : ''}`}
                  style={{ '--app-ratio': ratioOf(photo.width, photo.height) } as CSSProperties}
                >
                  {at === 0 && (
                    <h2 id={`month-${month}`} className="app-tl-heading app-tl-first-heading">
                      <span className="app-tl-label">{monthLabel(month)}</span>
                      <span className="visually-hidden">
                        {translate('timeline.count', { count })}
                      </span>
                    </h2>
                  )}
                  <Link {...open(photo)} className="app-tl-first-link" aria-label={label}>
                    <span
                      className="app-tl-picture"
                      style={{ backgroundColor: placeholderColour(photo.placeholder) }}
                    >
                      {isThumbShown(photo) && (
                        <img
                          src={sizedImageUrl(photo.photoUrl, 'thumb')}
                          alt=""
                          className="app-tl-img"
                          loading={eager ? 'eager' : 'lazy'}
                          decoding="async"
                          draggable={false}
                        />
                      )}
                      <MediaBadge photo={photo} />
                    </span>
                  </Link>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
