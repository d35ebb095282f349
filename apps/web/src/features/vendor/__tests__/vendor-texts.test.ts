import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_CATALOGUE } from '@kingdom/game';
import { i18n } from '../../../i18n/index.ts';
import { loadLanguageTexts } from '../../../i18n/page-texts.ts';
import { formatAda, formatSol } from '../../../chain/format.ts';
import { vendorTexts } from '../../../i18n/vendor-texts.ts';

const t = (k: string, v?: Record<string, unknown>) => i18n.t(k, v);
const entries = VENDOR_CATALOGUE.map((e) => ({ key: e.key, name: e.name, purpose: e.purpose }));

describe('vendor catalogue and ADA amounts in the player\'s language (docs/game-rules.md §2)', () => {
  beforeAll(async () => { await Promise.all([loadLanguageTexts('en'), loadLanguageTexts('es')]); });
  afterAll(async () => { await i18n.changeLanguage('en'); });

  it('English: every entry reads as the server names it', async () => {
    await i18n.changeLanguage('en');
    for (const e of entries) expect(vendorTexts(e, t), e.key).toEqual({ name: e.name, purpose: e.purpose });
    expect(formatAda('18730000')).toBe('18.73');
    expect(formatAda('1234567000000')).toBe('1,234,567');
  });

  it('Spanish: no entry keeps the English name or purpose (Chicken Tendies is a name); numbers and ADA use Spanish separators', async () => {
    await i18n.changeLanguage('es');
    for (const e of entries) {
      const es = vendorTexts(e, t);
      if (e.key !== 'chicken_tendies') expect(es.name, e.key).not.toBe(e.name);
      expect(es.purpose, e.key).not.toBe(e.purpose);
    }
    expect(vendorTexts({ key: 'permit_3', name: '', purpose: '' }, t)).toEqual({ name: 'Permiso de ampliación nivel 3', purpose: 'Amplía una tierra grande a extra grande (XL)' });
    expect(vendorTexts({ key: 'exo_250k', name: '', purpose: '' }, t).purpose).toBe('250.000 EXO, pagados en ADA en la cadena al precio actual del EXO');
    expect(formatAda('18730000')).toBe('18,73');
    expect(formatAda('1234567000000')).toBe('1.234.567');
    expect(formatSol('1500000000')).toBe('1,5');
    // a key this app does not know: the server's words
    expect(vendorTexts({ key: 'mystery', name: 'Mystery', purpose: 'Who knows' }, t)).toEqual({ name: 'Mystery', purpose: 'Who knows' });
  });
});
