import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Selection } from '../../../shared/selection/use-selection';
import { LineIcon } from '../../../shared/ui/line-icon';
import './selection-bar.css';
import { useT } from '../../../i18n/i18n';

/** Line icons of the bar, 20 × 20, in the current text colour; decorative (a label says it). */
const ICONS = {
  close: 'M5 5l10 10M15 5 5 15',
  download: 'M10 3v9.5M6 8.75l4 4 4-4M3.5 14v2.5h13V14',
  add: 'M3 5.5h9v9H3zM15.5 3.5v5M13 6h5M6 14.5v2h11v-7h-2',
  move: 'M3 5.5h8.5v9H3zM13 10h5M15.5 7.5 18 10l-2.5 2.5',
  trash: 'M3.5 5.5h13M8 5.5v-2h4v2M5.5 5.5l.75 11h7.5l.75-11M8.5 8.5v5M11.5 8.5v5',
  restore: 'M4 4v4h4M4.5 8A6.5 6.5 0 1 1 4 12',
  lock: 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9M10 12.25v2',
  heart: 'M10 16.5s-6-3.7-6-8.2A3.5 3.5 0 0 1 10 6.2a3.5 3.5 0 0 1 6 2.1c0 4.5-6 8.2-6 8.2z',
  unheart:
    'M10 16.5s-6-3.7-6-8.2A3.5 3.5 0 0 1 10 6.2a3.5 3.5 0 0 1 6 2.1c0 4.5-6 8.2-6 8.2zM3 3l14 14',
  archive: 'M3 4h14v3.5H3zM4.5 7.5v8.5h11V7.5M8 10.5h4',
  unarchive: 'M3 4h14v3.5H3zM4.5 7.5v8.5h11V7.5M10 14.5v-5M7.75 11.5 10 9.25l2.25 2.25',
} as const;

export type SelectionIcon = keyof typeof ICONS;

function Icon({ name }: { name: SelectionIcon }) {
  return <LineIcon d={ICONS[name]} size={20} />;
}

/** One action of the bar: its icon and its name (the name hidden on a narrow phone). */
export function SelectionAction({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: SelectionIcon;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="app-selection-action" onClick={onClick} disabled={disabled}>
      <Icon name={icon} />
      <span className="app-selection-action-label">{label}</span>
    </button>
  );
}

/**
 * The bar over the top bar while photos are selected: Clear, how many, a message (`alert`) and
 * the page's actions (`children`). Every page with a selection draws its actions in it, so they
 * look and read alike.
 */
export function SelectionBarFrame({
  selection,
  alert,
  children,
}: {
  selection: Selection;
  alert?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return createPortal(
    <div className="app-selection-bar" role="toolbar" aria-label={t('selection.bar')}>
      <div className="container-lg app-selection-inner">
        <button
          type="button"
          className="app-selection-action"
          aria-label={t('selection.clear')}
          onClick={selection.clear}
        >
          <Icon name="close" />
        </button>
        <span className="app-selection-count" aria-live="polite">
          {t('selection.count', { count: selection.ids.size })}
        </span>
        {alert}
        <div className="app-selection-actions">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
