import { useId } from 'react';
import { useT } from '../../i18n/i18n';
import { chooseTheme, useTheme, type ThemeChoice } from '../../shared/theme/theme-store';

const CHOICES = [
  { value: 'light', label: 'layout.themeLight' },
  { value: 'dark', label: 'layout.themeDark' },
  { value: 'system', label: 'layout.themeSystem' },
] as const satisfies readonly { value: ThemeChoice; label: string }[];

/**
 * Light, dark, or as the device is set: Bootstrap's colour modes, remembered on this device.
 * A native select: it sits in the top bar of every page, so it must cost no script to speak of
 * (a React-Bootstrap dropdown would bring its positioning code into the first download).
 */
export function ThemeControl({ className = '' }: { className?: string }) {
  const t = useT();
  const { choice, theme } = useTheme();
  const id = useId();
  return (
    <div className={`d-flex align-items-center ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('layout.theme')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm app-theme-select"
        value={choice}
        onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}
        aria-describedby={choice === 'system' ? `${id}-now` : undefined}
      >
        {CHOICES.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
      {choice === 'system' && (
        <span id={`${id}-now`} className="visually-hidden">
          {t('layout.themeNow', { theme })}
        </span>
      )}
    </div>
  );
}
