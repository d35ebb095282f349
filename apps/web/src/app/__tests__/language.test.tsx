/**
 * A second language end to end in the app (docs/product.md §10): the switch in the settings changes every
 * text at once, numbers and dates follow Spanish `Intl` formats, the choice survives a reload and a
 * logout, and every English text has a Spanish one (checked by the compiler in es.ts / es-pages.ts).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../test/mock-http.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { i18n } from '../../i18n/index.ts';
import { formatTokenAmount, localizeNumber } from '../../i18n/format.ts';
import { LANGUAGE_STORAGE_KEY, savedLanguage } from '../../i18n/language.ts';

describe('numbers in the language (Intl)', () => {
  it('swap the separators exactly', () => {
    expect(localizeNumber('1,234,567.89', 'es')).toBe('1.234.567,89');
    expect(localizeNumber('12,500', 'es')).toBe('12.500');
    // as i18next's {{x, number}} and Intl format a Number: Spanish groups from five digits
    expect(localizeNumber('1,500', 'es')).toBe(new Intl.NumberFormat('es').format(1500));
    expect(localizeNumber('-12,500.5', 'es')).toBe('-12.500,5');
    expect(localizeNumber('1,234,567.89', 'en')).toBe('1,234,567.89');
    expect(localizeNumber('abc', 'es')).toBe('abc');
  });

  it('formats English without Intl exactly as Intl does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 12500, 999999, 1000000, 1234567890, 9007199254740991]) {
      expect(localizeNumber(String(n), 'en')).toBe(new Intl.NumberFormat('en').format(n));
      expect(localizeNumber(`-${n}.05`, 'en')).toBe(`-${new Intl.NumberFormat('en').format(n)}.05`);
    }
  });
});

describe('the language switch', () => {
  it('turns the app Spanish at once, remembers it, and keeps it over a logout', async () => {
    mockHttp(signedInRoutes({ 'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } } }));
    const { user } = renderRoute('/account/settings', { signedIn: true });
    const select = await screen.findByTestId('language-select', {}, { timeout: 5000 });
    await user.selectOptions(select, 'es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    await screen.findByText('Idioma: español');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    within(nav).getByRole('link', { name: 'Perfil' });
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(savedLanguage()).toBe('es');
    expect(formatTokenAmount('1234567890000', 'exo')).toBe('1.234.567,89');
    // logout clears the session but not the language
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es'));
  }, 20_000);
});
