import { describe, expect, it } from 'vitest';
import { NO_SELECTION, extend, toggle } from './selection-state';

const ids = (state: { ids: ReadonlySet<string> }) => [...state.ids].sort();
const ORDER = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('a selection of photos', () => {
  it('toggles a photo on and off', () => {
    const one = toggle(NO_SELECTION, 'b');
    expect(ids(one)).toEqual(['b']);
    expect(ids(toggle(one, 'd'))).toEqual(['b', 'd']);
    expect(ids(toggle(toggle(one, 'd'), 'b'))).toEqual(['d']);
    expect(NO_SELECTION.ids.size).toBe(0);
  });

  it('selects a range from the last toggled photo, both ways, in the order shown', () => {
    const down = extend(toggle(NO_SELECTION, 'b'), 'e', ORDER);
    expect(ids(down)).toEqual(['b', 'c', 'd', 'e']);
    const up = extend(toggle(NO_SELECTION, 'e'), 'b', ORDER);
    expect(ids(up)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('keeps what was selected outside the range, and the range moves on from its end', () => {
    let state = toggle(NO_SELECTION, 'a');
    state = toggle(state, 'c');
    state = extend(state, 'd', ORDER);
    expect(ids(state)).toEqual(['a', 'c', 'd']);
    state = extend(state, 'f', ORDER);
    expect(ids(state)).toEqual(['a', 'c', 'd', 'e', 'f']);
  });

  it('is a plain toggle when nothing was toggled before or the anchor is not shown', () => {
    expect(ids(extend(NO_SELECTION, 'c', ORDER))).toEqual(['c']);
    expect(ids(extend(toggle(NO_SELECTION, 'x'), 'c', ORDER))).toEqual(['c', 'x']);
  });
});
