/** Daily report notifications say what really paid the salaries (docs/game-rules.md §4.4). */
import { describe, expect, it } from 'vitest';
import type { Notification } from '@kingdom/api';
import '../../../i18n/index.ts';
import { loadPageTexts } from '../../../i18n/page-texts.ts';
import { notificationText } from '../notification-text.ts';

const report = (data: Record<string, unknown>): Notification => ({
  id: 1, type: 'frenmine_daily_report', read: false, created_at: '2025-03-10T00:00:00.000Z',
  data: { day: '2025-03-09', exo: '5000000000', salary_token: 'food', workers: 2, workers_worked: 2, lands: 1, ...data },
});

describe('fren mine daily report text', () => {
  it('names HEXO when HEXO paid, both tokens when both did, FOOD otherwise', async () => {
    await loadPageTexts();
    expect(notificationText(report({ salary_paid: '30000000', food: '0', hexo: '30000000' })).text).toBe('2025-03-09: 5,000 EXO mined, 30 HEXO paid, 2/2 workers worked on 1 land.');
    expect(notificationText(report({ salary_paid: '30000000', food: '15000000', hexo: '15000000' })).text).toContain('15 FOOD + 15 HEXO paid');
    expect(notificationText(report({ salary_paid: '30000000', food: '30000000', hexo: '0' })).text).toContain(', 30 FOOD paid,');
    expect(notificationText(report({ salary_paid: '30000000' })).text).toContain(', 30 FOOD paid,');
  });
});

describe('vendor, royalty and compensation texts (docs/game-rules.md §6)', () => {
  const n = (type: Notification['type'], data: Record<string, string | number | boolean>): Notification => ({ id: 2, type, read: false, created_at: '2026-11-02T00:00:00.000Z', data });
  it('say what was bought, what the royalty paid and why a compensation came', async () => {
    await loadPageTexts();
    expect(notificationText(n('vendor_purchase', { quantity: 2, name: 'Toolkit tier 2', item: 'toolkit_2', token: 'hexo', amount: '2000000000' })).text).toBe('You bought 2 × Toolkit tier 2 for 2,000 HEXO.');
    expect(notificationText(n('shop_royalty', { day: '2026-11-01', exo: '0', hexo: '12500000', lands: 2 })).text).toBe('Shop royalty of 2026-11-01 for your 2 lands: 0 EXO and 12.5 HEXO.');
    expect(notificationText(n('server_compensation', { token: 'exo', amount: '25000000', reason: 'Downtime on 1 Nov', event: 'x' })).text).toBe('Compensation for server downtime: 25 EXO. Downtime on 1 Nov');
  });
});

describe('chain money texts (docs/game-rules.md §8)', () => {
  const n = (type: Notification['type'], data: Record<string, string | number | boolean>): Notification => ({ id: 3, type, read: false, created_at: '2026-11-22T00:00:00.000Z', data });
  it('say what a deposit, an EXO order and a withdrawal did', async () => {
    await loadPageTexts();
    expect(notificationText(n('balance_topup', { token: 'hexo', amount: '100000000', tx_hash: 'ab', source: 'deposit' })).text).toBe('100 HEXO deposited from your wallet was credited to your balance.');
    expect(notificationText(n('balance_topup', { token: 'exo', amount: '1000000000', tx_hash: 'ab', source: 'exo_order' })).text).toBe('1,000 EXO bought with ADA was credited to your balance.');
    expect(notificationText(n('balance_withdrawal', { withdrawal_id: 1, token: 'hexo', amount: '40000000', status: 'confirmed' })).text).toBe('40 HEXO was paid to your Master Wallet.');
    expect(notificationText(n('balance_withdrawal', { withdrawal_id: 1, token: 'exo', amount: '5000000', status: 'expired', reason: 'not confirmed in time' })).text)
      .toBe('Your withdrawal of 5 EXO did not go through and was returned to your balance (not confirmed in time).');
  });
});

describe('numbers in notifications (docs/product.md §10)', () => {
  it('carry thousands separators: "now 1,373,817", not "now 1373817"', async () => {
    await loadPageTexts();
    const n: Notification = { id: 2, type: 'votes_changed', read: false, created_at: '2025-03-10T00:00:00.000Z', data: { votes: 1500, name: 'Velvet Elves', total: '1373817', added: true } };
    expect(notificationText(n).text).toBe('1,500 votes added to Velvet Elves (now 1,373,817).');
  });
});

describe('achievement notice (docs/game-rules.md §14)', () => {
  it("names the achievement (the server's English name when the profile's texts are not loaded)", async () => {
    await loadPageTexts();
    const n: Notification = { id: 3, type: 'achievement', read: false, created_at: '2026-11-27T00:00:00.000Z', data: { key: 'first_quest', name: 'First quest claimed' } };
    expect(notificationText(n)).toEqual({ title: 'Achievement earned', text: 'You earned “First quest claimed”. See your achievements on your profile.' });
  });
});

describe('a notification type this app does not know', () => {
  it('(written by a newer release during a rolling upgrade) gets a generic title and text, never the raw type', async () => {
    await loadPageTexts();
    const n: Notification = { id: 2, type: 'operator_message_v9', read: false, created_at: '2025-03-10T00:00:00.000Z', data: { body: 'hi' } };
    expect(notificationText(n)).toEqual({ title: 'Notification', text: 'News from the Kingdom. Reload the page to read it in full.' });
  });
});

describe("an operator's message", () => {
  it('shows the title and the body the operator wrote, not the raw type', async () => {
    await loadPageTexts();
    const n: Notification = { id: 4, type: 'operator_message', read: false, created_at: '2026-12-02T00:00:00.000Z', data: { title: 'Maintenance tonight', body: 'The Kingdom pauses at 02:00 UTC for 15 minutes.' } };
    expect(notificationText(n)).toEqual({ title: 'Maintenance tonight', text: 'The Kingdom pauses at 02:00 UTC for 15 minutes.' });
  });
});

describe('market fill notice (docs/game-rules.md §16.6)', () => {
  const n = (data: Record<string, string | number | boolean>): Notification => ({ id: 4, type: 'market_fill', read: false, created_at: '2026-12-02T00:00:00.000Z', data });
  it('says what filled at what price, the fee of a buy, the proceeds of a sell and what is still open', async () => {
    await loadPageTexts();
    const base = { order_id: '7', trade_id: '9', good: 'toolkit_2', token: 'hexo', quantity: 3, price: '1000000000', amount: '3000000000' };
    expect(notificationText(n({ ...base, side: 'buy', fee: '60000000', remaining: 0 }))).toEqual({
      title: 'Market order filled', text: 'Your buy order filled: 3 × Toolkit tier 2 at 1,000 HEXO each, fee 60 HEXO.' });
    expect(notificationText(n({ ...base, side: 'sell', fee: '0', remaining: 2 })).text).toBe('Your sell order filled: 3 × Toolkit tier 2 at 1,000 HEXO each; 3,000 HEXO credited. 2 still open.');
    expect(notificationText(n({ ...base, good: 'food', quantity: 1500, price: '900000', amount: '1350000000', side: 'sell', fee: '0', remaining: 0 })).text)
      .toBe('Your sell order filled: 1,500 × FOOD at 0.9 HEXO each; 1,350 HEXO credited.');
  });
});

describe('chest-ready and quests-reset notices (docs/product.md §10)', () => {
  const n = (type: 'chest_ready' | 'quests_reset', data: Record<string, string | boolean>): Notification => ({ id: 5, type, read: false, created_at: '2026-12-07T00:00:15.000Z', data });
  it('names the chest week and whether weekly quests are new too', async () => {
    await loadPageTexts();
    expect(notificationText(n('chest_ready', { week: '2026-12-07' }))).toEqual({ title: 'Chest ready', text: 'The chest of the week of 2026-12-07 can be opened.' });
    expect(notificationText(n('quests_reset', { day: '2026-12-07', weekly: true }))).toEqual({ title: 'New quests', text: 'New daily and weekly quests are waiting.' });
    expect(notificationText(n('quests_reset', { day: '2026-12-08', weekly: false })).text).toBe('New daily quests are waiting.');
  });
});
