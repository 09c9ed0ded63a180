import { SSO_START_PATH } from '@photo/contract';
import { useT } from '../../../i18n/i18n';
import { rememberSsoTarget, useSsoConfig } from '../api/sso';

/**
 * "Sign in with ‹label›" when the server offers single sign-on (nothing otherwise): a link to the
 * server, which sends the browser on to the provider. The sign-in then lands on `target`, as a
 * password sign-in does.
 */
export function SsoSignIn({ target }: { target: string }) {
  const t = useT();
  const sso = useSsoConfig();
  if (!sso?.offered) return null;
  return (
    <div className="mt-4">
      <div className="d-flex align-items-center gap-2 text-body-secondary small mb-3">
        <hr className="flex-grow-1 my-0" />
        <span>{t('sso.or')}</span>
        <hr className="flex-grow-1 my-0" />
      </div>
      <a
        href={SSO_START_PATH}
        className="btn btn-outline-primary w-100"
        onClick={() => rememberSsoTarget(target)}
      >
        {t('sso.signInWith', { label: sso.label ?? '' })}
      </a>
    </div>
  );
}
