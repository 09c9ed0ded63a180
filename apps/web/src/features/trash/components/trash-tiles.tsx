import type { TrashPhoto } from '@photo/contract';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../../shared/lib/format-date';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import type { Selection } from '../../../shared/selection/use-selection';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { daysLeft } from '../lib/trash-groups';
import { useT } from '../../../i18n/i18n';

/** Tiles of the first screen: their pictures load at once, the others when scrolled near. */
const EAGER_TILES = 12;

/** The square picture of a photo in Trash, its average colour until the thumbnail is in. */
function TrashPicture({ photo, eager }: { photo: TrashPhoto; eager: boolean }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <span
      className="app-select-picture app-trash-picture"
      style={loaded ? undefined : { backgroundColor: placeholderColour(photo.placeholder) }}
    >
      <img
        key={photo.thumbReady ? 'shown' : 'pending'}
        src={photo.thumbReady ? sizedImageUrl(photo.photoUrl, 'thumb') : PENDING_IMAGE}
        alt=""
        width={300}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onLoad={photo.thumbReady ? () => setLoaded(true) : undefined}
      />
      <MediaBadge photo={photo} />
    </span>
  );
}

/** "12 days left", on the tile's picture. */
function DaysLeft({ photo, now }: { photo: TrashPhoto; now: number }) {
  const t = useT();
  return (
    <span className="app-trash-days" aria-hidden="true">
      {t('trash.daysLeft', { count: daysLeft(photo.purgeAt, now) })}
    </span>
  );
}

/** What a tile is, for those who cannot see it: "Photo by Ann, deleted Nov 2, 2026, 28 days left". */
function useTileLabel(now: number) {
  const t = useT();
  return (photo: TrashPhoto) =>
    mediaNameWith(
      photo,
      t('trash.tile', {
        name: photo.createdBy.name,
        date: formatDate(photo.trashedAt),
        count: daysLeft(photo.purgeAt, now),
      }),
    );
}

/**
 * Photos of the caller's own Trash as squares that can be selected (a click on one selects it:
 * there is nothing to open until it is restored), each with its days left.
 */
export function SelectableTrashTiles({
  photos,
  selection,
  ordered,
  now,
  label,
}: {
  photos: readonly TrashPhoto[];
  selection: Selection;
  ordered: () => readonly string[];
  now: number;
  label: string;
}) {
  const tileLabel = useTileLabel(now);
  return (
    <ul className="app-trash-grid list-unstyled" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <SelectableTile
            id={photo.id}
            label={tileLabel(photo)}
            selection={selection}
            ordered={ordered}
            className="app-trash-tile"
            open={(className) => (
              <button
                type="button"
                className={className}
                aria-pressed={false}
                aria-label={tileLabel(photo)}
                onClick={() => selection.toggle(photo.id)}
              />
            )}
          >
            <TrashPicture photo={photo} eager={index < EAGER_TILES} />
            <DaysLeft photo={photo} now={now} />
          </SelectableTile>
        </li>
      ))}
    </ul>
  );
}

/** Photos shown only (another person's Trash holds them): squares with their days left. */
export function ReadOnlyTrashTiles({
  photos,
  now,
  label,
}: {
  photos: readonly TrashPhoto[];
  now: number;
  label: string;
}) {
  const tileLabel = useTileLabel(now);
  return (
    <ul className="app-trash-grid list-unstyled" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.id} className="app-trash-tile app-trash-readonly">
          <TrashPicture photo={photo} eager={false} />
          <DaysLeft photo={photo} now={now} />
          <span className="visually-hidden">{tileLabel(photo)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A group's heading row: its title, what it is, and its own action. */
export function GroupHead({
  title,
  children,
  action,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="app-trash-group-head">
      <div className="app-min-w-0">
        <h2 className="h6 fw-semibold mb-0 text-truncate">{title}</h2>
        {children && <p className="small text-body-secondary mb-0">{children}</p>}
      </div>
      {action}
    </div>
  );
}
