import { useMemo } from 'react';
import { Link } from 'react-router';
import { SharedAlbumPage } from '../../features/sharing/components/shared-album-page';
import { useT } from '../../i18n/i18n';
import { useSignedIn } from '../../shared/auth/session-store';
import { paths } from '../../shared/config/paths';
import { guestViewerParts } from '../viewer/viewer-parts-lazy';

export function SharedAlbumRoute() {
  const t = useT();
  const signedIn = useSignedIn();
  const viewerParts = useMemo(
    () =>
      guestViewerParts(
        signedIn ? null : <Link to={paths.login}>{t('layout.signInToComment')}</Link>,
      ),
    [signedIn, t],
  );
  return <SharedAlbumPage viewerParts={viewerParts} />;
}
