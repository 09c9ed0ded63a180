import { Link } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';

export function MyAlbumsPage() {
  const albums = useAlbums('mine');
  return (
    <>
      <PageTitle title="My Albums" />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="mb-0">My Albums</h1>
        <Link to={paths.createAlbum} className="btn btn-success">
          Create Album
        </Link>
      </div>
      <AlbumList
        query={albums}
        label="My albums"
        empty={<p className="fs-5">All my albums will be listed here!</p>}
      />
    </>
  );
}
