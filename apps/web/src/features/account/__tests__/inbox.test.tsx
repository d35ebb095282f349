import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { TEST_CONFIG, notification, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const REPORT = notification(9, 'goldmine_daily_report', {
  day: '2025-03-09', exo: '4500000000', salary_paid: '30000000', salary_token: 'hexo', workers: 3, workers_worked: 3, lands: 1,
}, { created_at: '2025-03-10T00:00:00.000Z' });

function inbox(): Notification[] {
  return [
    REPORT,
    notification(8, 'goldmine_upgrade_success', { hex_name: 'AA01', level: 3, success: true }, { created_at: '2025-03-08T00:00:00.000Z' }),
    notification(7, 'worker_left', { mine: 'goldmine', hex_name: 'AA01', slot: 2, reason: 'nft_left' }, { created_at: '2025-03-01T00:00:00.000Z', read: true }),
    notification(6, 'low_balance_warning', { day: '2025-02-01', token: 'hexo', days: 2, daily_salary: '30000000' }, { created_at: '2025-02-02T00:00:00.000Z', read: true }),
    notification(5, 'land_update', { hex_name: 'AA01', size: 'MEDIUM' }, { created_at: '2024-01-01T00:00:00.000Z', read: true }),
  ];
}

describe('/account/inbox', () => {
  it('lists notifications newest first with human text, unread marks and relative time of the game clock', async () => {
    mockHttp(signedInRoutes({ 'GET /notifications': { body: { notifications: inbox(), total: 5, unread: 2, page: 1, per_page: 20 } } }));
    renderRoute('/account/inbox', { signedIn: true });
    const items = await screen.findAllByTestId('notification');
    await waitFor(() => expect(items[1]!.querySelector('time')!.textContent).toBe('2d ago'));
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true', 'true', 'true']);
    expect(items[0]!.textContent).toContain('Gold mine daily report');
    expect(items[0]!.textContent).toContain('2025-03-09: 4,500 EXO mined, 30 HEXO paid, 3/3 workers worked on 1 land.');
    expect(items[0]!.textContent).toContain('New');
    // The demo game clock is 2025-03-10 09:00 UTC (fixtures): relative times follow it (docs/product.md §9).
    expect(items[0]!.querySelector('time')!.textContent).toBe('Today');
    expect(items[1]!.textContent).toContain('Your gold mine on AA01 was upgraded to level 3.');
    expect(items[2]!.textContent).toContain('A worker left slot 2 of your gold mine on AA01: its NFT left your wallets.');
    expect(items[2]!.querySelector('time')!.textContent).toBe('1w ago');
    expect(items[3]!.textContent).toContain('Your HEXO covers 2 more days of salaries (30 HEXO a day).');
    expect(items[3]!.querySelector('time')!.textContent).toBe('1m ago');
    expect(items[4]!.textContent).toContain('Land AA01 is now size M.');
    expect(items[4]!.querySelector('time')!.textContent).toBe('1y ago');
    expect(screen.getByTestId('inbox-unread').textContent).toBe('5 messages · 2 unread');
  });

  it('marks one read on click and all read with the button; the header count follows', async () => {
    let unread = 2;
    const log = mockHttp(
      signedInRoutes({
        'GET /notifications': () => ({ body: { notifications: inbox().map((n) => ({ ...n, read: unread === 0 ? true : n.read })), total: 5, unread, page: 1, per_page: 20 } }),
        'GET /notifications/count': () => ({ body: { count: unread } }),
        'POST /notifications/read': (req) => {
          unread = (req.body as { all?: boolean }).all ? 0 : unread - 1;
          return { body: { updated: 1 } };
        },
      }),
    );
    const { user } = renderRoute('/account/inbox', { signedIn: true });
    const items = await screen.findAllByTestId('notification');
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));
    await user.click(within(items[1]!).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    expect(log.find((r) => r.method === 'POST' && r.path === '/notifications/read')!.body).toEqual({ ids: [8] });
    // Not a report: no modal.
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('0'));
    expect(log.filter((r) => r.method === 'POST' && r.path === '/notifications/read').at(-1)!.body).toEqual({ all: true });
    await waitFor(() => expect(screen.getAllByTestId('notification').every((n) => n.getAttribute('data-read') === 'true')).toBe(true));
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the gold mine daily report modal with per-land rows and totals', async () => {
    const log = mockHttp(
      signedInRoutes({
        'GET /notifications': { body: { notifications: [REPORT], total: 1, unread: 1, page: 1, per_page: 20 } },
        'POST /notifications/read': { body: { updated: 1 } },
        'GET /mines/goldmine/reports/2025-03-09': {
          body: {
            mine: 'goldmine', day: '2025-03-09',
            rows: [
              { day: '2025-03-09', hex_name: 'AA01', open_slots: 2, workers: 2, workers_worked: 2, exo_mined: '3000000000', salary_paid: '20000000', salary_token: 'hexo', effectivity: 5 },
              { day: '2025-03-09', hex_name: 'BB02', open_slots: 4, workers: 1, workers_worked: 1, exo_mined: '1500000000', salary_paid: '10000000', salary_token: 'hexo', effectivity: 1 },
            ],
            totals: { exo_mined: '4500000000', salary_paid: '30000000', workers_worked: 3, workers: 3 },
          },
        },
      }),
    );
    const { user } = renderRoute('/account/inbox', { signedIn: true });
    await user.click(within(await screen.findByTestId('notification')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: /Daily report/ }).textContent).toBe('Daily report — Gold mine, 2025-03-09');
    await waitFor(() => expect(within(dialog).getByTestId('report-exo').textContent).toBe('4,500 EXO'));
    const rows = within(dialog).getAllByTestId('performance-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2025-03-09', 'AA01', '3,000 EXO', '20 HEXO', '2 / 2', '★★★★★ 5 · Excellent'],
      ['2025-03-09', 'BB02', '1,500 EXO', '10 HEXO', '1 / 4', '★☆☆☆☆ 1 · Not Bad'],
    ]);
    within(dialog).getByText('30 HEXO');
    expect(log.some((r) => r.method === 'POST' && r.path === '/notifications/read')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the fren mine daily report modal', async () => {
    const fren = notification(3, 'frenmine_daily_report', { day: '2025-03-09', exo: '13699000000', salary_paid: '15000000', salary_token: 'food', workers: 1, workers_worked: 1, lands: 1 }, { read: true });
    mockHttp(
      signedInRoutes({
        'GET /notifications': { body: { notifications: [fren], total: 1, unread: 0, page: 1, per_page: 20 } },
        'GET /mines/frenmine/reports/2025-03-09': {
          body: {
            mine: 'frenmine', day: '2025-03-09',
            rows: [{ day: '2025-03-09', hex_name: 'FR01', open_slots: 1, workers: 1, workers_worked: 1, exo_mined: '13699000000', salary_paid: '15000000', salary_token: 'food', effectivity: 5 }],
            totals: { exo_mined: '13699000000', salary_paid: '15000000', workers_worked: 1, workers: 1 },
          },
        },
      }),
    );
    const { user } = renderRoute('/account/inbox', { signedIn: true });
    const item = await screen.findByTestId('notification');
    expect(item.textContent).toContain('13,699 EXO mined, 15 FOOD paid');
    await user.click(within(item).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Daily report — Fren mine, 2025-03-09' });
    await waitFor(() => expect(within(dialog).getByTestId('report-exo').textContent).toBe('13,699 EXO'));
  });

  it('pages with ?page=2', async () => {
    const log = mockHttp(signedInRoutes({ 'GET /notifications': (req) => ({ body: { notifications: [notification(100 - Number(req.params.page), 'land_update', { hex_name: 'AA01', size: 'LARGE' })], total: 25, unread: 0, page: Number(req.params.page), per_page: 20 } }) }));
    const { user } = renderRoute('/account/inbox', { signedIn: true });
    await screen.findByTestId('notification');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => screen.getByText('Page 2 of 2'));
    expect(log.filter((r) => r.path === '/notifications').map((r) => r.params.page)).toEqual(['1', '2']);
  });

  it('uses the browser clock for relative time outside demo mode', async () => {
    mockHttp(signedInRoutes({ 'GET /config': { body: { ...TEST_CONFIG, demo: false } }, 'GET /notifications': { body: { notifications: [notification(1, 'land_update', { hex_name: 'AA01', size: 'LARGE' }, { created_at: new Date().toISOString() })], total: 1, unread: 1, page: 1, per_page: 20 } } }));
    renderRoute('/account/inbox', { signedIn: true });
    expect((await screen.findByTestId('notification')).querySelector('time')!.textContent).toBe('Today');
    expect(screen.queryByRole('button', { name: 'Advance one day' })).toBeNull();
  });
});
