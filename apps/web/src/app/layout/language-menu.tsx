import { useId } from 'react';
import { LOCALES, setLocale, useIntl, useT } from '../../i18n/i18n';
import { isLocale, LOCALE_NAMES } from '../../i18n/locales';
import { tellServerLocale } from '../../shared/api/preferences';

/**
 * The app's language: each named in itself. A native select, as the theme's: it is on every page
 * and costs next to no script. The choice is remembered in this browser and told to the server,
 * which writes the person's e-mails in it.
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const t = useT();
  const { locale } = useIntl();
  const id = useId();
  return (
    <div className={`d-flex align-items-center ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm app-theme-select app-language-select"
        title={t('common.language')}
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          void setLocale(chosen, { remember: true }).then(() => tellServerLocale(chosen));
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
