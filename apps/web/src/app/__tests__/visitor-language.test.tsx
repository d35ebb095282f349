/**
 * The language before sign-in (docs/product.md §10): a visitor follows the browser's language until they
 * choose one in the header's switch (login, landing); the choice is remembered and wins over the browser.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../test/mock-http.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { i18n } from '../../i18n/index.ts';
import { LANGUAGE_STORAGE_KEY, browserLanguage, savedLanguage } from '../../i18n/language.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('the browser language', () => {
  it('is the first preferred language the app speaks', () => {
    expect(browserLanguage(['es-AR', 'en-US'])).toBe('es');
    expect(browserLanguage(['de-DE', 'ES', 'en'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es'])).toBe('en');
    expect(browserLanguage(['de', 'fr'])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });

  it('is followed until the player chooses; the choice wins', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-ES', 'en'] });
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    expect(savedLanguage()).toBe('es');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(savedLanguage()).toBe('en');
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR'] });
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    expect(savedLanguage()).toBe('en');
  });
});

describe('the switch on the login page', () => {
  it('turns the login page Spanish and remembers the choice', async () => {
    mockHttp({});
    const { user } = renderRoute('/login');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(i18n.t('login.title', { lng: 'en' }));
    await user.selectOptions(select, 'es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    await screen.findByRole('combobox', { name: 'Idioma' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('login.title', { lng: 'es' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(i18n.t('login.title', { lng: 'en' }));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  }, 20_000);
});
