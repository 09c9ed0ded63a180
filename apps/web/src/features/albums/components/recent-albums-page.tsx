import { Link } from 'react-router';
import { EmptyState } from '../../../shared/components/empty-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useT } from '../../../i18n/i18n';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';

export function RecentAlbumsPage() {
  const albums = useAlbums('recent');
  const t = useT();
  return (
    <>
      <PageTitle title={t('albums.recent')} />
      <h1 className="mb-4">{t('albums.recent')}</h1>
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
