import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { BottomNotice } from '../ui/bottom-notice';
import type { Selection } from './use-selection';

/** What the last action on selected photos did, at the bottom of the screen for a few seconds. */
export function SelectionNotice({ selection }: { selection: Selection }) {
  const t = useT();
  return (
    <BottomNotice dismissLabel={t('common.dismiss')} onDismiss={selection.dismissNotice}>
      {/* Nothing at all without a notice: the region stays, empty. */}
      {selection.notice ? (
        <>
          <span>{selection.notice}</span>
          {selection.noticeLink && (
            <Link
              to={selection.noticeLink.to}
              className="btn btn-sm btn-light ms-auto text-nowrap"
              onClick={selection.dismissNotice}
            >
              {selection.noticeLink.label}
            </Link>
          )}
        </>
      ) : null}
    </BottomNotice>
  );
}
