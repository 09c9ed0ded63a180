import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { SharedAlbumPage } from '../../features/sharing/components/shared-album-page';
import { useT } from '../../i18n/i18n';
import { useSignedIn } from '../../shared/auth/session-store';
import { paths } from '../../shared/config/paths';
import { guestViewerParts } from '../viewer/viewer-parts-lazy';

export function SharedAlbumRoute() {
  const t = useT();
  const signedIn = useSignedIn();
  const { token = '' } = useParams();
  const viewerParts = useMemo(
    () =>
      guestViewerParts(
        token,
        signedIn ? null : <Link to={paths.login}>{t('layout.signInToComment')}</Link>,
      ),
    [token, signedIn, t],
  );
  return <SharedAlbumPage viewerParts={viewerParts} />;
}
