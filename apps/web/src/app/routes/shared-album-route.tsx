import { useMemo } from 'react';
import { Link } from 'react-router';
import { SharedAlbumPage } from '../../features/albums/components/shared-album-page';
import { useSignedIn } from '../../shared/auth/session-store';
import { paths } from '../../shared/config/paths';
import { guestViewerParts } from '../viewer/viewer-parts-lazy';

export function SharedAlbumRoute() {
  const signedIn = useSignedIn();
  const viewerParts = useMemo(
    () => guestViewerParts(signedIn ? null : <Link to={paths.login}>Sign in to comment</Link>),
    [signedIn],
  );
  return <SharedAlbumPage viewerParts={viewerParts} />;
}
