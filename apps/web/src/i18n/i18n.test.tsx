import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocale, t, useT } from './i18n';
import { pickLocale } from './locales';

function LanguageLabel() {
  const translate = useT();
  return <span>{translate('common.language')}</span>;
}

describe('texts', () => {
  afterEach(() => setLocale('en'));

  it('speaks English first, and another language once it is chosen', async () => {
    expect(currentLocale()).toBe('en');
    render(<LanguageLabel />);
    expect(screen.getByText('Language')).toBeInTheDocument();
    await act(() => setLocale('de', { remember: true }));
    expect(screen.getByText('Sprache')).toBeInTheDocument();
    expect(t('common.language')).toBe('Sprache');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('photo.locale')).toBe('de');
  });

  it('picks the remembered language, else the first of the browser that it speaks', () => {
    expect(pickLocale('fr', ['de-DE'])).toBe('fr');
    expect(pickLocale(null, ['nl-NL', 'de-AT', 'en'])).toBe('de');
    expect(pickLocale('xx', ['pt-BR'])).toBe('en');
  });
});
