import { describe, expect, it } from 'vitest';
import { ENDPOINTS, PATHS, STAKING_PATHS, fillPath, pathOf } from '../src/index.ts';

describe('the one path filler', () => {
  it('fills each :param, URI-encoded, numbers as text', () => {
    expect(fillPath('/mines/:mine/reports/:day', { mine: 'frenmine', day: '2026-01-02' })).toBe('/mines/frenmine/reports/2026-01-02');
    expect(fillPath('/lands/:hex_name/seen', { hex_name: 'a b/?#%' })).toBe('/lands/a%20b%2F%3F%23%25/seen');
    expect(fillPath('/mint/:id/tx', { id: 42 })).toBe('/mint/42/tx');
    expect(fillPath('/config')).toBe('/config');
  });

  it('refuses a missing param rather than sending a wrong path', () => {
    expect(() => fillPath('/lands/:hex_name', {})).toThrow('missing path param hex_name of /lands/:hex_name');
    expect(() => fillPath('/lands/:hex_name', { hex_name: null })).toThrow(/hex_name/);
    expect(() => pathOf(ENDPOINTS.chestWeek)).toThrow(/week/);
  });

  it('PATHS are filled from the descriptors', () => {
    expect(PATHS.land('E03N12')).toBe('/lands/E03N12');
    expect(PATHS.report('goldmine', '2026-01-02')).toBe('/mines/goldmine/reports/2026-01-02');
    expect(PATHS.mineUpgrade('frenmine')).toBe('/frenmine/upgrade');
    expect(STAKING_PATHS.stakingCollection('space budz')).toBe('/staking/collections/space%20budz');
  });
});
