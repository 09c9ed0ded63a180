import { useId } from 'react';
import { chooseTheme, useTheme, type ThemeChoice } from '../../shared/theme/theme-store';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/**
 * Light, dark, or as the device is set: Bootstrap's colour modes, remembered on this device.
 * A native select: it sits in the top bar of every page, so it must cost no script to speak of
 * (a React-Bootstrap dropdown would bring its positioning code into the first download).
 */
export function ThemeControl({ className = '' }: { className?: string }) {
  const { choice, theme } = useTheme();
  const id = useId();
  return (
    <div className={`d-flex align-items-center ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        Colour theme (dark mode)
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
            {option.label}
          </option>
        ))}
      </select>
      {choice === 'system' && (
        <span id={`${id}-now`} className="visually-hidden">
          The device is set to {theme}.
        </span>
      )}
    </div>
  );
}
