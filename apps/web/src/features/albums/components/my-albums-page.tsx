import Nav from 'react-bootstrap/Nav';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/components/empty-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useT } from '../../../i18n/i18n';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';
import { NewAlbumButton } from './new-album-button';

function CreateAlbumLink() {
  const t = useT();
  return (
    <Link to={paths.createAlbum} className="btn btn-primary">
      {t('albums.create')}
    </Link>
  );
}

function OwnAlbums() {
  const albums = useAlbums('mine');
  const t = useT();
  return (
    <AlbumList
      query={albums}
      label={t('albums.mine.list')}
      empty={
        <EmptyState
          icon="album"
          title={t('albums.mine.empty')}
          text={t('albums.mine.empty.text')}
          action={<CreateAlbumLink />}
        />
      }
    />
  );
}

function SharedAlbums() {
  const albums = useAlbums('shared');
  const t = useT();
  return (
    <AlbumList
      query={albums}
      label={t('albums.shared.list')}
      empty={
        <EmptyState
          icon="people"
          title={t('albums.shared.empty.title')}
          text={t('albums.shared.empty')}
        />
      }
    />
  );
}

/**
 * My Albums: the user's own albums, and under "Shared with me" those others shared with them. While
 * the user has none of their own, Create Album is the empty list's action rather than the header's.
 */
export function MyAlbumsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'shared' ? 'shared' : 'mine';
  const shown = useAlbums(tab);
  const noneOwn = tab === 'mine' && shown.isSuccess && shown.data.length === 0;
  const t = useT();
  return (
    <>
      <PageTitle title={t(tab === 'shared' ? 'albums.shared' : 'albums.mine')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="mb-0">{t('albums.mine')}</h1>
        <div className="d-flex flex-wrap gap-2">
          {/* One filled button: Create Album (a cover first) leads; an empty album is the quieter way. */}
          <NewAlbumButton className="btn btn-outline-primary" />
          {!noneOwn && <CreateAlbumLink />}
        </div>
      </div>
      <Nav
        variant="tabs"
        className="mb-4"
        activeKey={tab}
        onSelect={(key) => setSearchParams(key === 'shared' ? { tab: 'shared' } : {})}
        aria-label={t('albums.tabs')}
      >
        <Nav.Item>
          <Nav.Link eventKey="mine" href="?" aria-current={tab === 'mine' ? 'page' : undefined}>
            {t('albums.mine.tab')}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link
            eventKey="shared"
            href="?tab=shared"
            aria-current={tab === 'shared' ? 'page' : undefined}
          >
            {t('albums.shared')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {tab === 'shared' ? <SharedAlbums /> : <OwnAlbums />}
    </>
  );
}
