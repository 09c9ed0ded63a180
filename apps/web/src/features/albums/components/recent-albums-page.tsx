import { Link } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useAlbums } from '../api/get-albums';
import { AlbumList } from './album-list';

export function RecentAlbumsPage() {
  const albums = useAlbums('recent');
  return (
    <>
      <PageTitle title="Recent Albums" />
      <h1 className="mb-4">Recent Albums</h1>
      <AlbumList
        query={albums}
        label="Recent albums"
        empty={
          <>
            <p>No albums yet.</p>
            <Link to={paths.createAlbum} className="btn btn-success">
              Create Album
            </Link>
          </>
        }
      />
    </>
  );
}
