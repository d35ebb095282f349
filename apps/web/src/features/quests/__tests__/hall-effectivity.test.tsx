import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const BOARD = {
  week: '2026-11-23', chain: 'cardano', board: 'average_effectivity', total: 3, page: 1, per_page: 25,
  rows: [
    { rank: 1, user_id: 7, name: 'Aldric', value: '10000', worked_slots: '1200' },
    { rank: 2, user_id: 8, name: 'Brena', value: '10000', worked_slots: '12' },
    { rank: 3, user_id: 9, name: 'Cato', value: '6666', worked_slots: '1200' },
  ],
};

describe('/quests: the average-effectivity hall of fame (docs/game-rules.md §14.7)', () => {
  it('shows effectivity as a percentage with the worked slots, the rule, and the player\'s own rank', async () => {
    const log = mockHttp({
      ...signedInRoutes(),
      'GET /quests': { status: 404, body: { error: 'NOT_FOUND', message: 'x' } },
      'GET /hall-of-fame': (req) => ({ body: req.params.board === 'average_effectivity' ? BOARD : { ...BOARD, board: req.params.board, rows: [], total: 0 } }),
      'GET /hall-of-fame/me': (req) => ({ body: { week: '2026-11-23', chain: 'cardano', board: req.params.board, rank: 3, value: '6666', total: 3, worked_slots: '1200' } }),
    });
    renderRoute('/quests', { signedIn: true });
    fireEvent.click(await screen.findByTestId('hall-board-average_effectivity'));
    await waitFor(() => expect(log.some((r) => r.path === '/hall-of-fame/me' && r.params.board === 'average_effectivity')).toBe(true));
    const rows = await screen.findAllByTestId('hall-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'Aldric (you)', '100.00%', '1,200'], ['2', 'Brena', '100.00%', '12'], ['3', 'Cato', '66.66%', '1,200'],
    ]);
    screen.getByRole('columnheader', { name: 'Worked slots' });
    expect(screen.getByTestId('hall-rule').textContent).toContain('from 3 days with a worked slot');
    expect((await screen.findByTestId('hall-me')).textContent).toBe('Your rank: #3 of 3 (66.66%)');
    expect(screen.getByTestId('hall-board-average_effectivity').getAttribute('aria-pressed')).toBe('true');
  });
});
