import { describe, expect, it } from 'vitest';
import { countriesNamed, readPeopleNames, readSearchText } from './search-text.js';

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

describe('readPeopleNames', () => {
  const people = [
    { id: 'ann', name: 'Ann Collins' },
    { id: 'ann2', name: 'Ann Smith' },
    { id: 'bob', name: 'Bob' },
    { id: 'jose', name: 'José María' },
  ];

  it('takes a whole name before a first name, and leaves the other words', () => {
    expect(readPeopleNames('ann collins lisbon', people)).toEqual({
      personIds: ['ann'],
      names: 1,
      text: 'lisbon',
    });
    expect(readPeopleNames('Lisbon jose maria', people)).toEqual({
      personIds: ['jose'],
      names: 1,
      text: 'Lisbon',
    });
  });

  it('a first name two people share calls either; two names call both', () => {
    expect(readPeopleNames('Ann Lisbon', people)).toEqual({
      personIds: ['ann', 'ann2'],
      names: 1,
      text: 'Lisbon',
    });
    expect(readPeopleNames('bob ann smith', people)).toEqual({
      personIds: ['ann2', 'bob'],
      names: 2,
    });
  });

  it('finds no one in words that are not a name of theirs', () => {
    expect(readPeopleNames('annie lisbon', people)).toEqual({
      personIds: [],
      names: 0,
      text: 'annie lisbon',
    });
  });
});
