/**
 * "Does playing well pay" and the average-effectivity hall of fame end to end in headless Chromium
 * (docs/game-rules.md §14.7–§14.8): a new demo player hires default workers into every open slot of
 * their gold mine, days are settled until their week has enough worked days for the board, then the
 * Performance page charts their EXO per worked slot beside the world's average (the summary compares
 * the two, the day table lists both) and shows what EXO buys now (Vendor items priced in EXO, in days
 * of the player's mining); the quests page's average-effectivity board shows their rank. On desktop
 * 1280×900 in English and on a phone 390×844 in Spanish; axe clean.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, DESKTOP_EN_PHONE_ES, expectPath, launchBrowser, newDemoPlayerIn, seriousAxeViolations, settle, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const TEXTS = {
  en: { title: 'Does playing well pay?', world: 'World average', you: 'You', summary: /you earned [\d.,]+ EXO per worked slot; the world [\d.,]+ EXO/, days: /\d+ days?/, rank: /#\d+/ },
  es: { title: '¿Jugar bien da frutos?', world: 'Media del mundo', you: 'Tú', summary: /ganaste [\d.,]+ EXO por puesto trabajado; el mundo, [\d.,]+ EXO/, days: /\d+ días?/, rank: /(#|n\.º )\d+/ },
} as const;

describe('does playing well pay', () => {
  for (const { phone, lang, label, options } of DESKTOP_EN_PHONE_ES) {
    test(`the Performance page compares with the world, prices what EXO buys, and the effectivity board ranks the player (${label})`, async () => {
      await withPage(browser, `pays-${phone ? 'phone' : 'desktop'}`, options, async (w) => {
        const { page } = w;
        const T = TEXTS[lang];
        const press = (l: Locator) => (phone ? l.tap() : l.click());
        const session = await newDemoPlayerIn(w, lang);
        const api = new KingdomClient(baseUrl());
        const given = await api.faucet(session.walletAddress, { lands: 1, hexo: '2000' }) as { lands: string[] };
        const mines = await api.call('goldmineMines', undefined, session.token);
        const mine = mines.mines.find((m) => m.land.hex_name === given.lands[0])!;
        for (const s of mine.slots.filter((x) => x.open && !x.worker)) {
          await api.call('goldmineAssignWorker', { body: { hex_name: given.lands[0]!, slot: s.slot, worker: null } }, session.token);
        }
        // settle days until this week's reports hold 3 worked days of the player (at most 10)
        const me = () => api.call('hallOfFameMe', { query: { chain: 'cardano', board: 'average_effectivity' } }, session.token);
        for (let i = 0; i < 10 && (await me()).rank === null; i++) await api.call('demoTick', { body: { days: 1 } });
        const ranked = await me();
        expect(ranked.rank).not.toBeNull();
        expect(ranked.value).toBe('10000'); // every open slot worked every day

        // the Performance page: the chart with the world's average, the summary, the day table
        await page.goto('/goldmine/performance');
        const pays = page.getByTestId('pays');
        await expect.poll(() => pays.getByRole('heading', { name: T.title }).count(), { timeout: 30_000 }).toBe(1);
        const chart = pays.getByTestId('pays-chart');
        await expect.poll(() => chart.locator('svg.recharts-surface').count(), { timeout: 30_000 }).toBeGreaterThan(0);
        await expect.poll(async () => (await chart.locator('.recharts-legend-item-text').allTextContents()).sort(), { timeout: 20_000 }).toEqual([T.you, T.world].sort());
        expect(await chart.locator('.recharts-line-curve').count()).toBe(2);
        expect(await pays.getByTestId('pays-summary').textContent()).toMatch(T.summary);
        const rows = pays.getByTestId('pays-row');
        expect(await rows.count()).toBeGreaterThan(0);
        // what EXO buys now: Vendor items in EXO, each in days of the player's mining
        const buys = page.getByTestId('pays-buys');
        await expect.poll(() => buys.getByTestId('pays-buys-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await buys.getByTestId('pays-buys-row').first().textContent()).toMatch(T.days);
        await pays.scrollIntoViewIfNeeded();
        await settle(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await w.shot('performance-pays');
        await buys.scrollIntoViewIfNeeded();
        await w.shot('what-exo-buys');

        // the average-effectivity hall of fame ranks the player
        await page.goto('/quests');
        await expectPath(page, '/quests');
        const hall = page.getByTestId('hall-of-fame');
        await expect.poll(() => hall.getByTestId('hall-board-average_effectivity').count(), { timeout: 20_000 }).toBe(1);
        await press(hall.getByTestId('hall-board-average_effectivity'));
        await expect.poll(() => hall.getByTestId('hall-me').textContent(), { timeout: 20_000 }).toMatch(T.rank);
        expect(await hall.getByTestId('hall-me').textContent()).toContain('100');
        await expect.poll(() => hall.locator('.hall-row--me').count(), { timeout: 20_000 }).toBe(ranked.rank! <= 25 ? 1 : 0);
        await hall.scrollIntoViewIfNeeded();
        await settle(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await w.shot('hall-effectivity');
        expect(w.errors).toEqual([]);
      });
    });
  }
});
