import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './pages.service.js';

describe('the languages a page is drawn in', () => {
  it('reads Accept-Language best first, by weight then order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.3, de')).toEqual(['de', 'en']);
  });

  it('leaves out refused and empty entries, and reads nothing from nothing', () => {
    expect(acceptedLanguages('es;q=0, , *')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
