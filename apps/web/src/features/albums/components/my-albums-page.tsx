import Nav from 'react-bootstrap/Nav';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';

function OwnAlbums() {
  const albums = useAlbums('mine');
  return (
    <AlbumList
      query={albums}
      label="My albums"
      empty={<p className="fs-5">All my albums will be listed here!</p>}
    />
  );
}

function SharedAlbums() {
  const albums = useAlbums('shared');
  return (
    <AlbumList
      query={albums}
      label="Albums shared with me"
      empty={
        <p className="fs-5">
          Albums other people share with you will be listed here. Ask them to invite the e-mail
          address you sign in with.
        </p>
      }
    />
  );
}

/** My Albums: the user's own albums, and under "Shared with me" those others shared with them. */
export function MyAlbumsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'shared' ? 'shared' : 'mine';
  return (
    <>
      <PageTitle title={tab === 'shared' ? 'Shared with me' : 'My Albums'} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="mb-0">My Albums</h1>
        <Link to={paths.createAlbum} className="btn btn-success">
          Create Album
        </Link>
      </div>
      <Nav
        variant="tabs"
        className="mb-4"
        activeKey={tab}
        onSelect={(key) => setSearchParams(key === 'shared' ? { tab: 'shared' } : {})}
        aria-label="Which albums"
      >
        <Nav.Item>
          <Nav.Link eventKey="mine" href="?" aria-current={tab === 'mine' ? 'page' : undefined}>
            My albums
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link
            eventKey="shared"
            href="?tab=shared"
            aria-current={tab === 'shared' ? 'page' : undefined}
          >
            Shared with me
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {tab === 'shared' ? <SharedAlbums /> : <OwnAlbums />}
    </>
  );
}
