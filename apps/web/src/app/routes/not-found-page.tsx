import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSignedIn } from '../../shared/auth/session-store';
import { PageTitle } from '../../shared/components/page-title';
import { HOME_PATH, paths } from '../../shared/config/paths';

export function NotFoundPage() {
  const t = useT();
  const signedIn = useSignedIn();
  return (
    <div className="text-center my-5">
      <PageTitle title={t('layout.notFoundTitle')} />
      <h1>{t('layout.notFoundTitle')}</h1>
      <p className="lead">{t('layout.notFoundText')}</p>
      <Link to={signedIn ? HOME_PATH : paths.login} className="btn btn-primary">
        {t('layout.goHome')}
      </Link>
    </div>
  );
}
