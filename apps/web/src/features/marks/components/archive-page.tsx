import type { TimelinePhoto } from '@photo/contract';
import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import type { SelectedMarks } from '../../../shared/selection/selected-marks';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import { SelectionNotice } from '../../../shared/selection/selection-notice';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { useArchive } from '../api/get-archive';
import { FavouriteHeart } from './favourite-heart';

/** Every photo of the Archive is the person's own and archived: the bar offers Unarchive. */
const ARCHIVED: SelectedMarks = { allFavourite: false, allMine: true, allArchived: true };

const ArchiveTile = memo(function ArchiveTile({
  photo,
  selection,
  ordered,
  label,
}: {
  photo: TimelinePhoto;
  selection: Selection;
  ordered: () => readonly string[];
  label: string;
}) {
  const shown = isThumbShown(photo);
  return (
    <SelectableTile
      id={photo.id}
      label={label}
      selection={selection}
      ordered={ordered}
      role="listitem"
      className="app-archive-tile"
      open={(className) => (
        <Link to={paths.photo(photo.id)} className={className} aria-label={label} />
      )}
    >
      <img
        className="app-select-picture app-archive-img"
        style={{ backgroundColor: placeholderColour(photo.placeholder) }}
        src={shown ? sizedImageUrl(photo.photoUrl, 'thumb') : PENDING_IMAGE}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <MediaBadge photo={photo} />
      <FavouriteHeart photoId={photo.id} favourite={photo.favourite} />
    </SelectableTile>
  );
});

/** The Archive with nothing in it: what it is for, and where to archive from. */
function NoArchive() {
  const t = useT();
  return (
    <EmptyState
      icon="archive"
      title={t('marks.archive.empty')}
      text={t('marks.archive.empty.text')}
      action={
        <Link to={paths.timeline} className="btn btn-primary">
          {t('marks.archive.empty.action')}
        </Link>
      }
    />
  );
}

interface ArchivePageProps {
  /** The bar over the top bar while photos are selected (Unarchive, and the rest). */
  selectionBar?: (selection: Selection, marks: SelectedMarks) => ReactNode;
}

/**
 * The person's Archive (decision 0082): their own photos hidden from their Photos, search and
 * album covers, newest first; selected, they are unarchived from the selection bar.
 */
export function ArchivePage({ selectionBar }: ArchivePageProps) {
  const t = useT();
  const archive = useArchive();
  const selection = useSelection();
  const photos = useMemo(
    () => archive.data?.pages.flatMap((page) => page.photos) ?? [],
    [archive.data],
  );
  const ordered = useMemo(() => () => photos.map((photo) => photo.id), [photos]);

  let body: ReactNode;
  if (archive.isPending) body = <LoadingState label={t('marks.archive.loading')} />;
  else if (archive.isError) {
    body = (
      <ErrorState
        title={t('marks.archive.loadFailed')}
        message={errorMessage(archive.error)}
        onRetry={() => void archive.refetch()}
      />
    );
  } else if (photos.length === 0) body = <NoArchive />;
  else {
    body = (
      <>
        <div role="list" aria-label={t('marks.archive.title')} className="app-archive-grid">
          {photos.map((photo) => (
            <ArchiveTile
              key={photo.id}
              photo={photo}
              selection={selection}
              ordered={ordered}
              label={mediaNameWith(photo, t('marks.of', { date: formatDateTaken(photo.date) }))}
            />
          ))}
        </div>
        {archive.hasNextPage && (
          <div className="text-center my-3">
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={archive.isFetchingNextPage}
              onClick={() => void archive.fetchNextPage()}
            >
              {t('marks.archive.more')}
            </button>
          </div>
        )}
      </>
    );
  }
  return (
    <div className="app-archive">
      <PageTitle title={t('marks.archive.title')} />
      <h1 className="h4 mb-1">{t('marks.archive.title')}</h1>
      <p className="small text-body-secondary">{t('marks.archive.intro')}</p>
      {body}
      {selection.selecting && selectionBar?.(selection, ARCHIVED)}
      <SelectionNotice selection={selection} />
    </div>
  );
}
