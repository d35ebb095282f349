import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestsResponse } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const quest = (id: string, over: Partial<QuestsResponse['daily']['quests'][number]> = {}): QuestsResponse['daily']['quests'][number] => ({
  id, period: id.startsWith('daily') ? 'daily' : 'weekly', slot: Number(id.slice(-1)), key: 'd_vendor_1', kind: 'vendor_purchases', target: '1', progress: '0',
  complete: false, claimed: false, claimed_at: null, rewards: [{ kind: 'token', key: 'hexo', amount: '25000000' }], ...over,
});
const QUESTS: QuestsResponse = {
  table_version: 1,
  daily: {
    start: '2026-11-27', starts_at: '2026-11-27T00:00:00.000Z', ends_at: '2026-11-28T00:00:00.000Z', seed: 'ab'.repeat(32), table_version: 1, eligibility: { cardano_wallet: true },
    quests: [
      quest('daily-2026-11-27-0', { progress: '1', complete: true }),
      quest('daily-2026-11-27-1', { key: 'd_exo_1000', kind: 'exo_mined', target: '1000000000', progress: '250000000', rewards: [{ kind: 'token', key: 'food', amount: '100000000' }] }),
      quest('daily-2026-11-27-2', { key: 'd_assign_3', kind: 'assign_workers', target: '3', progress: '3', complete: true, claimed: true, claimed_at: '2026-11-27T10:00:00.000Z' }),
    ],
  },
  weekly: {
    start: '2026-11-23', starts_at: '2026-11-23T00:00:00.000Z', ends_at: '2026-11-30T00:00:00.000Z', seed: 'cd'.repeat(32), table_version: 1, eligibility: { cardano_wallet: true },
    quests: [
      quest('weekly-2026-11-23-0', { key: 'w_upgrade_2', kind: 'upgrades_started', target: '2', progress: '1', rewards: [{ kind: 'item', key: 'land_upgrade01', amount: '1' }] }),
      quest('weekly-2026-11-23-1', { key: 'w_votes_1000', kind: 'add_votes', target: '1000', progress: '1200', complete: true }),
    ],
  },
};

const HALL = {
  week: '2026-11-23', chain: 'cardano', board: 'exo_mined', total: 3, page: 1, per_page: 25,
  rows: [{ rank: 1, user_id: 7, name: 'Aldric', value: '1500000000' }, { rank: 2, user_id: 8, name: 'Brena', value: '250000000' }, { rank: 2, user_id: 9, name: 'Cato', value: '250000000' }],
};

describe('/quests', () => {
  it('shows visitors the sign-in prompt and the public hall of fame', async () => {
    const log = mockHttp({ ...signedInRoutes(), 'GET /hall-of-fame': { body: HALL } });
    renderRoute('/quests');
    await screen.findByText('Not connected');
    screen.getByRole('heading', { name: 'Quests' });
    const rows = await screen.findAllByTestId('hall-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1Aldric1,500 EXO', '2Brena250 EXO', '2Cato250 EXO']);
    expect(screen.queryByTestId('hall-me')).toBeNull();
    fireEvent.click(screen.getByTestId('hall-board-quests_completed'));
    await waitFor(() => expect(log.some((r) => r.path === '/hall-of-fame' && r.params.board === 'quests_completed')).toBe(true));
  });

  it("shows today's and this week's quests with progress, reward and state; a claim sends an Idempotency-Key", async () => {
    const log = mockHttp({
      ...signedInRoutes(),
      'GET /quests': { body: QUESTS },
      'GET /hall-of-fame': { body: HALL },
      'GET /hall-of-fame/me': { body: { week: '2026-11-23', chain: 'cardano', board: 'exo_mined', rank: 2, value: '250000000', total: 3 } },
      'POST /quests/daily-2026-11-27-0/claim': { body: { quest_id: 'daily-2026-11-27-0', rewards: [{ kind: 'token', key: 'hexo', amount: '25000000' }], claimed_at: '2026-11-27T12:00:00.000Z' } },
    });
    renderRoute('/quests', { signedIn: true });
    const first = await screen.findByTestId('quest-daily-2026-11-27-0');
    within(first).getByText('Buy 1 time at the Vendor');
    expect(within(first).getByTestId('quest-reward').textContent).toBe('25 HEXO');
    const exo = screen.getByTestId('quest-daily-2026-11-27-1');
    within(exo).getByText('Mine 1,000 EXO');
    expect(within(exo).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(exo).getByTestId('quest-progress').textContent).toBe('250 / 1,000');
    expect(within(exo).queryByTestId('quest-claim')).toBeNull();
    within(screen.getByTestId('quest-daily-2026-11-27-2')).getByTestId('quest-claimed');
    expect(within(screen.getByTestId('quest-weekly-2026-11-23-0')).getByTestId('quest-reward').textContent).toBe('1 × Expansion permit tier 1');
    // progress past the target shows the target, full bar
    const votes = screen.getByTestId('quest-weekly-2026-11-23-1');
    expect(within(votes).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    fireEvent.click(within(first).getByTestId('quest-claim'));
    await waitFor(() => expect(log.some((r) => r.path === '/quests/daily-2026-11-27-0/claim')).toBe(true));
    const req = log.find((r) => r.path === '/quests/daily-2026-11-27-0/claim')!;
    expect(Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1]).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText('Quest complete! You received 25 HEXO.');
    expect((await screen.findByTestId('hall-me')).textContent).toBe('Your rank: #2 of 3 (250 EXO)');
  });

  it("shows each period's draw inputs next to the seed: the table version and the eligibility flags", async () => {
    const solana: QuestsResponse = {
      ...QUESTS, table_version: 2,
      weekly: { ...QUESTS.weekly, start: '2026-12-07', table_version: 2, eligibility: { cardano_wallet: false }, quests: [QUESTS.weekly.quests[1]!] },
    };
    mockHttp({ ...signedInRoutes(), 'GET /quests': { body: solana }, 'GET /hall-of-fame': { body: HALL }, 'GET /hall-of-fame/me': { body: { week: '2026-11-23', chain: 'solana', board: 'exo_mined', rank: null, value: '0', total: 3 } } });
    renderRoute('/quests', { signedIn: true });
    expect((await screen.findByTestId('quests-weekly-draw-inputs')).textContent)
      .toBe('Quest table version 2; drawn for: no Cardano wallet before the period started: only quests without one');
    expect(screen.getByTestId('quests-daily-draw-inputs').textContent).toBe('Quest table version 1; drawn for: a Cardano wallet before the period started');
  });
});
