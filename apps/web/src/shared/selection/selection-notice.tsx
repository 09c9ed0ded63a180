import { useT } from '../../i18n/i18n';
import type { Selection } from './use-selection';

/**
 * What the last action on selected photos did, at the bottom of the screen for a few seconds;
 * a status for screen readers. The region is always there, so the message is announced.
 */
export function SelectionNotice({ selection }: { selection: Selection }) {
  const t = useT();
  return (
    <div role="status" className="app-selection-notice-region">
      {selection.notice && (
        <div className="app-selection-notice">
          <span>{selection.notice}</span>
          <button
            type="button"
            className="btn-close btn-close-white"
            aria-label={t('common.dismiss')}
            onClick={selection.dismissNotice}
          />
        </div>
      )}
    </div>
  );
}
