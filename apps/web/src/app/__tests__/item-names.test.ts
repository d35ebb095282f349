/**
 * The one name table (i18n/vendor-texts.ts, docs/glossary.md): items and products named in the player's
 * language on every page that names them; chest chances and other numbers through the locale.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { loadLanguageTexts } from '../../i18n/page-texts.ts';
import { itemName, landName } from '../../i18n/vendor-texts.ts';
import { formatPercent } from '../../i18n/format.ts';
import { lootText } from '../../features/chest/chest-pages.tsx';
import { notificationText } from '../../features/account/notification-text.ts';
import { expansionPreview } from '../../features/mines/mine-rules.ts';

beforeAll(async () => {
  await loadLanguageTexts('es');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('landName', () => {
  it("names a world's default land name in the language; a collection's own name stays as it is", async () => {
    expect(landName('Land #1')).toBe('Land #1');
    await i18n.changeLanguage('es');
    expect(landName('Land #1')).toBe('Tierra #1');
    expect(landName('Land #2577')).toBe('Tierra #2577');
    expect(landName('Cardano Land #12')).toBe('Cardano Land #12');
  });
});

describe('itemName', () => {
  it('names inventory items and catalogue entries in English and Spanish', async () => {
    expect(itemName('land_upgrade02')).toBe('Expansion permit tier 2');
    expect(itemName('toolkit_2')).toBe(i18n.t('vendor.items.toolkit', { tier: 2 }));
    await i18n.changeLanguage('es');
    expect(itemName('land_upgrade02')).toBe('Permiso de ampliación nivel 2');
    expect(itemName('toolkit_2')).toBe('Kit de herramientas nivel 2');
    expect(itemName('goldmine_scheme')).toBe('Plano de mina de oro');
    expect(itemName('exo_1k')).toBe('Paquete de EXO 1 mil');
    expect(itemName('permit_3')).toBe('Permiso de ampliación nivel 3');
    expect(itemName('mystery_box', 'Mystery box')).toBe('Mystery box');
    expect(itemName('mystery_box')).toBe('mystery_box');
  });

  it('is what the chest and the inbox show', async () => {
    await i18n.changeLanguage('es');
    expect(lootText({ kind: 'item', key: 'toolkit_2', amount: '1' })).toBe('1 × Kit de herramientas nivel 2');
    const n = { id: 1, type: 'vendor_purchase', read: false, created_at: '2026-11-01T00:00:00Z', data: { item: 'land_upgrade02', name: 'Expansion permit tier 2', quantity: 1, amount: '1000000000', token: 'hexo' } };
    const text = notificationText(n as unknown as Parameters<typeof notificationText>[0]).text;
    expect(text).toContain('Permiso de ampliación nivel 2');
    expect(text).not.toContain('Expansion permit');
  });

  it('is what the mines say an expansion needs', async () => {
    await i18n.changeLanguage('es');
    const needs = expansionPreview('SMALL', {}).text;
    expect(needs).toContain('Permiso de ampliación nivel 1');
    expect(needs).not.toContain('Expansion permit');
  });
});

describe('formatPercent', () => {
  it('is exact and in the language', async () => {
    expect(formatPercent(500, 10_000)).toBe('5.00%');
    expect(formatPercent(1, 10_000)).toBe('0.01%');
    expect(formatPercent(10_000, 10_000)).toBe('100.00%');
    await i18n.changeLanguage('es');
    expect(formatPercent(500, 10_000)).toBe(`5,00${new Intl.NumberFormat('es', { style: 'percent' }).format(0.05).replace(/^5/, '')}`);
    expect(formatPercent(500, 10_000)).toMatch(/^5,00\s?%$/);
  });
});
