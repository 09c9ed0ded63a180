import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session';
import { favouriteNow, setFavourites } from './favourites-store';

describe('the hearts changed in this tab', () => {
  it('show at once, and stay through a renewed token of the same person', () => {
    signInAs('ann', { label: 'first' });
    setFavourites(['p1'], true);
    expect(favouriteNow('p1', false)).toBe(true);
    signInAs('ann', { label: 'renewed' });
    expect(favouriteNow('p1', false)).toBe(true);
    expect(favouriteNow('p2', false)).toBe(false);
  });

  it('are forgotten when another person signs in in the tab, and after signing out', () => {
    signInAs('ann');
    setFavourites(['p1'], true);
    signInAs('bob');
    expect(favouriteNow('p1', false)).toBe(false);
    setFavourites(['p2'], true);
    localStorage.clear();
    expect(favouriteNow('p2', false)).toBe(false);
    signInAs('bob', { label: 'again' });
    expect(favouriteNow('p2', false)).toBe(false);
  });
});
