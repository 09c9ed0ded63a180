import { describe, expect, it } from 'vitest';
import { countriesNamed, readSearchText } from './search-text.js';

describe('the search box text', () => {
  it('reads years, months in four languages and ISO days as date ranges', () => {
    expect(readSearchText('2023')).toEqual({ from: '2023', until: '2024' });
    expect(readSearchText('March 2023')).toEqual({ from: '2023-03', until: '2023-04' });
    expect(readSearchText('märz 2023')).toEqual({ from: '2023-03', until: '2023-04' });
    expect(readSearchText('2023 mars')).toEqual({ from: '2023-03', until: '2023-04' });
    expect(readSearchText('marzo 2023')).toEqual({ from: '2023-03', until: '2023-04' });
    expect(readSearchText('décembre 2023')).toEqual({ from: '2023-12', until: '2024-01' });
    expect(readSearchText('2023-03-14')).toEqual({ from: '2023-03-14', until: '2023-03-14T24' });
    expect(readSearchText('2023-03')).toEqual({ from: '2023-03', until: '2023-04' });
  });

  it('keeps what is not a date as text, and takes no impossible day for a date', () => {
    expect(readSearchText('Lisbon 2024')).toEqual({ from: '2024', until: '2025', text: 'Lisbon' });
    expect(readSearchText('sony')).toEqual({ text: 'sony' });
    expect(readSearchText('2023-02-30')).toEqual({ text: '2023-02-30' });
    expect(readSearchText('IMG_4032')).toEqual({ text: 'IMG_4032' });
    expect(readSearchText('  ')).toEqual({});
  });

  it('finds countries by their names in four languages', () => {
    expect(countriesNamed('Portugal')).toContain('PT');
    // East Germany (DD) is named too: no file is taken there any more.
    expect(countriesNamed('Deutschland')).toContain('DE');
    expect(countriesNamed('Allemagne')).toContain('DE');
    expect(countriesNamed('Allemagne')).not.toContain('AT');
    expect(countriesNamed('japón')).toEqual(['JP']);
    expect(countriesNamed('pt')).toEqual([]);
  });
});
