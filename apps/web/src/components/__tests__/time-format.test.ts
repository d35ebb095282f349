import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { loadLanguageTexts, loadPageTexts } from '../../i18n/page-texts.ts';
import { formatCountdown } from '../time-format.ts';

const MIN = 60_000;
const H = 60 * MIN;

describe('formatCountdown (docs/game-rules.md §2: days for long spans)', () => {
  beforeAll(async () => { await loadPageTexts(); });

  it('days and hours from 48 h on, hours and minutes below, minutes below an hour, now at 0', async () => {
    await i18n.changeLanguage('en');
    expect(formatCountdown(138 * H + 50 * MIN, 0)).toBe('in 5 d 18 h');
    expect(formatCountdown(48 * H, 0)).toBe('in 2 d 0 h');
    expect(formatCountdown(47 * H + 59 * MIN, 0)).toBe('in 47 h 59 min');
    expect(formatCountdown(12 * MIN, 0)).toBe('in 12 min');
    expect(formatCountdown(0, 5)).toBe('now');
  });

  it('in Spanish', async () => {
    await loadLanguageTexts('es');
    await i18n.changeLanguage('es');
    expect(formatCountdown(138 * H + 50 * MIN, 0)).toBe('en 5 d 18 h');
    await i18n.changeLanguage('en');
  });
});
