import type { TrashRestoreResult } from '@photo/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { BottomNotice } from '../../../shared/ui/bottom-notice';
import { useRichT, useT } from '../../../i18n/i18n';

/** How long what Restore did stays said (ms): long enough to follow its link. */
const NOTICE_MS = 10_000;

/** What the Trash page says after an action: a text, or what Restore did. */
export type TrashNotice = { text: string } | { restored: TrashRestoreResult };

/** The page's notice and what sets and dismisses it; it goes by itself after NOTICE_MS. */
export function useTrashNotice() {
  const [notice, setNotice] = useState<TrashNotice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(dismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return { notice, setNotice, dismiss };
}

/**
 * "3 photos restored", and for photos whose album the caller may no longer add to, where they went
 * instead: "2 of them are in your album ‹Holiday›", with a link to it.
 */
function RestoredText({ restored }: { restored: TrashRestoreResult }) {
  const t = useT();
  const rich = useRichT();
  const { album, photoIds } = restored.elsewhere;
  return (
    <span>
      {t('trash.restored', { count: restored.count })}
      {album && photoIds.length > 0 && (
        <>
          {' '}
          {rich('trash.restoredElsewhere', {
            count: photoIds.length,
            album: (
              <Link key="album" to={paths.album(album.id)} className="text-break">
                {album.name}
              </Link>
            ),
          })}
        </>
      )}
    </span>
  );
}

export function TrashPageNotice({
  notice,
  onDismiss,
}: {
  notice: TrashNotice | null;
  onDismiss: () => void;
}) {
  const t = useT();
  return (
    <BottomNotice
      className="app-trash-notice-region"
      dismissLabel={t('common.dismiss')}
      onDismiss={onDismiss}
    >
      {notice &&
        ('text' in notice ? (
          <span>{notice.text}</span>
        ) : (
          <RestoredText restored={notice.restored} />
        ))}
    </BottomNotice>
  );
}
