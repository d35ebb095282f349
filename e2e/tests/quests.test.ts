/**
 * Quests end to end in headless Chromium (docs/game-rules.md §14): a new demo player opens /quests
 * from the navigation, does today's easy quest (daily slot 0 is always "assign 1 worker" or "buy at
 * the Vendor once", drawn per player: the test does whichever it got — a purchase through the
 * Vendor page, or a default worker hired through the API), sees it complete, claims it (toast,
 * "Claimed"), and finds the reward in the HEXO balance; a second claim of the same quest is
 * refused; the profile shows the first-quest achievement and the week's hall of fame of quests
 * completed shows the player's rank. On desktop 1280×900 in English and on a phone 390×844 in Spanish; axe clean.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { toBaseUnits } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, DESKTOP_EN_PHONE_ES, expectPath, launchBrowser, newDemoPlayerIn, seriousAxeViolations, settle, toastTexts, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const TEXTS = {
  en: { title: 'Quests', claim: 'Claim', claimed: 'Claimed', got: 'Quest complete! You received', buy: 'Buy' },
  es: { title: 'Misiones', claim: 'Reclamar', claimed: 'Reclamada', got: '¡Misión completada! Recibiste', buy: 'Comprar' },
} as const;

describe('quests', () => {
  for (const { phone, lang, label, options } of DESKTOP_EN_PHONE_ES) {
    test(`a new player completes and claims a daily quest and sees the reward (${label})`, async () => {
      await withPage(browser, `quests-${phone ? 'phone' : 'desktop'}`, options, async (w) => {
        const { page } = w;
        const T = TEXTS[lang];
        const press = (l: Locator) => (phone ? l.tap() : l.click());
        const session = await newDemoPlayerIn(w, lang);
        const api = new KingdomClient(baseUrl());
        const given = await api.faucet(session.walletAddress, { lands: 1, hexo: '500' }) as { lands: string[] };
        const mine = await api.call('quests', undefined, session.token);
        const first = mine.daily.quests[0]!;
        expect(['assign_workers', 'vendor_purchases']).toContain(first.kind);

        // the navigation's Quests entry is a link to the page
        if (phone) await page.locator('button[aria-controls="site-nav"]').tap();
        await press(page.getByRole('navigation').getByRole('link', { name: T.title }));
        await expectPath(page, '/quests');
        const card = page.getByTestId(`quest-${first.id}`);
        await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
        expect(await card.getByTestId('quest-claim').count()).toBe(0);
        await settle(page);
        await w.shot('quests-new');

        // do it
        if (first.kind === 'vendor_purchases') {
          await page.goto('/vendor');
          const food = page.getByTestId('vendor-item-food_100');
          await expect.poll(() => food.count(), { timeout: 20_000 }).toBe(1);
          await press(food.getByRole('button', { name: T.buy }));
          await press(page.getByTestId('vendor-confirm'));
          await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
        } else {
          await api.call('goldmineAssignWorker', { body: { hex_name: given.lands[0]!, slot: 1, worker: null } }, session.token);
        }
        const hexoBefore = BigInt((await api.call('balance', { params: { token: 'hexo' } }, session.token)).balance);

        // complete: claim it
        await page.goto('/quests');
        await expect.poll(() => card.getByTestId('quest-claim').count(), { timeout: 40_000 }).toBe(1);
        expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
        expect(await seriousAxeViolations(page)).toEqual([]);
        await w.shot('quest-complete');
        await press(card.getByRole('button', { name: T.claim }));
        await expect.poll(async () => (await toastTexts(page)).some((t) => t.includes(T.got)), { timeout: 20_000 }).toBe(true);
        await expect.poll(() => card.getByTestId('quest-claimed').textContent(), { timeout: 20_000 }).toContain(T.claimed);
        await w.shot('quest-claimed');

        // this week's hall of fame of quests completed ranks the player
        const hall = page.getByTestId('hall-of-fame');
        await press(hall.getByTestId('hall-board-quests_completed'));
        await expect.poll(() => hall.getByTestId('hall-me').textContent(), { timeout: 20_000 }).toMatch(/(#|n\.º )\d+/);
        await hall.scrollIntoViewIfNeeded();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await w.shot('hall-of-fame');

        // the reward is in the balance, once
        const reward = first.rewards[0]!;
        expect(reward).toMatchObject({ kind: 'token', key: 'hexo' });
        const expected = hexoBefore + BigInt(reward.amount);
        await expect.poll(async () => BigInt((await api.call('balance', { params: { token: 'hexo' } }, session.token)).balance), { timeout: 20_000 }).toBe(expected);
        await page.goto('/dashboard/overview');
        const whole = (expected / toBaseUnits(1n, 'hexo')).toString();
        await expect.poll(async () => ((await page.getByTestId('balance-hexo').textContent()) ?? '').replace(/[^\d]/g, ''), { timeout: 20_000 }).toBe(whole);
        await w.shot('balance');
        const again = await api.send('questClaim', { params: { id: first.id }, headers: { 'idempotency-key': randomUUID() } }, session.token);
        expect(again.status).toBe(409);
        expect((again.body as { error: string }).error).toBe('QUEST_ALREADY_CLAIMED');
        // the profile shows the achievement of a first claimed quest
        await page.goto('/account/settings');
        const badge = page.getByTestId('achievement-first_quest');
        await expect.poll(() => badge.getAttribute('data-earned'), { timeout: 20_000 }).toBe('true');
        expect(await page.getByTestId('achievement-first_upgrade').getAttribute('data-earned')).toBe('false');
        await page.getByTestId('achievements').scrollIntoViewIfNeeded();
        await w.shot('achievements');
        expect(w.errors).toEqual([]);
      });
    });
  }
});
