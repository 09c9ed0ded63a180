/**
 * Which photos are selected, and the one a Shift-click range starts from: plain values, changed
 * only by the functions below (each returns a new state).
 */
export interface SelectionState {
  ids: ReadonlySet<string>;
  /** The photo last toggled: a Shift-click selects from it to the photo clicked. */
  anchor: string | null;
}

export const NO_SELECTION: SelectionState = { ids: new Set(), anchor: null };

/** The photo is selected if it was not, and not if it was; it becomes the range's anchor. */
export function toggle(state: SelectionState, id: string): SelectionState {
  const ids = new Set(state.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Shift-click: every photo from the anchor to `id`, both included, in the order they are shown
 * (`ordered`), is selected too. Without an anchor among them it is a plain toggle.
 */
export function extend(
  state: SelectionState,
  id: string,
  ordered: readonly string[],
): SelectionState {
  const from = state.anchor === null ? -1 : ordered.indexOf(state.anchor);
  const to = ordered.indexOf(id);
  if (from < 0 || to < 0) return toggle(state, id);
  const ids = new Set(state.ids);
  for (let at = Math.min(from, to); at <= Math.max(from, to); at += 1) ids.add(ordered[at]!);
  return { ids, anchor: id };
}
