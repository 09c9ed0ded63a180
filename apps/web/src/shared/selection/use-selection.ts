import { useCallback, useEffect, useMemo, useState } from 'react';
import { NO_SELECTION, extend, toggle, type SelectionState } from './selection-state';

export interface Selection {
  /** The selected photos' ids, in the order they were selected. */
  ids: ReadonlySet<string>;
  /** Whether anything is selected: a click on a tile then toggles it rather than opening it. */
  selecting: boolean;
  toggle: (id: string) => void;
  /** Shift-click: selects from the last toggled photo to this one, in `ordered` (as shown). */
  extend: (id: string, ordered: readonly string[]) => void;
  clear: () => void;
  /** What the last action on the selection did ("3 photos deleted"), said until it goes. */
  notice: string | null;
  /** Where the notice offers to go next ("Open album"), if anywhere. */
  noticeLink: NoticeLink | null;
  /** An action is done: the selection is cleared and what it did is said, with a link maybe. */
  finish: (notice: string, link?: NoticeLink) => void;
  dismissNotice: () => void;
}

/** A link a notice offers: its text and the app path it opens. */
export interface NoticeLink {
  label: string;
  to: string;
}

/** How long an action's notice stays (ms). */
export const NOTICE_MS = 6000;

/**
 * A page's selection of photos. Escape clears it (not while a dialog has the focus: Escape closes
 * the dialog).
 */
export function useSelection(): Selection {
  const [state, setState] = useState<SelectionState>(NO_SELECTION);
  const selecting = state.ids.size > 0;
  const [notice, setNotice] = useState<string | null>(null);
  const [noticeLink, setNoticeLink] = useState<NoticeLink | null>(null);
  const clear = useCallback(() => setState(NO_SELECTION), []);
  const finish = useCallback((text: string, link?: NoticeLink) => {
    setState(NO_SELECTION);
    setNotice(text);
    setNoticeLink(link ?? null);
  }, []);
  const dismissNotice = useCallback(() => setNotice(null), []);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selecting, clear]);
  return useMemo(
    () => ({
      ids: state.ids,
      selecting,
      toggle: (id: string) => setState((current) => toggle(current, id)),
      extend: (id: string, ordered: readonly string[]) =>
        setState((current) => extend(current, id, ordered)),
      clear,
      notice,
      noticeLink,
      finish,
      dismissNotice,
    }),
    [state.ids, selecting, clear, notice, noticeLink, finish, dismissNotice],
  );
}
