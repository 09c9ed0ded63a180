import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/components/empty-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useT } from '../../../i18n/i18n';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';
import { NewAlbumButton } from './new-album-button';

// "On this day" comes in its own chunk once the page is there (decision 0108).
const MemoriesRow = lazy(() => import('../../memories/components/memories-row'));

export function RecentAlbumsPage() {
  const albums = useAlbums('recent');
  const t = useT();
  return (
    <>
      <PageTitle title={t('albums.recent')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="mb-0">{t('albums.recent')}</h1>
        <NewAlbumButton className="btn btn-outline-primary" />
      </div>
      <Suspense>
        <MemoriesRow />
      </Suspense>
      <AlbumList
        query={albums}
        label={t('albums.recent.list')}
        empty={
          <EmptyState
            icon="album"
            title={t('albums.recent.empty')}
            text={t('albums.recent.empty.text')}
            action={
              <Link to={paths.createAlbum} className="btn btn-primary">
                {t('albums.create')}
              </Link>
            }
          />
        }
      />
    </>
  );
}
