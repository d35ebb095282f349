/**
 * `/console` (docs/product.md §2): a visitor is asked to sign in, a player (403) sees "Not an
 * operator", an operator searches, opens a player, sees every action with the role it needs (a
 * weaker role's buttons disabled with the reason), and an action sends its reason.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsolePlayerResponse, ConsoleSearchResponse, EconomyResponse, MaintenanceState, SuspiciousPairsResponse, UnmatchedPayment } from '@kingdom/api';
import { mockHttp, type MockRoutes } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const OP = 'addr_test1vqoperator';
const me = (role: 'viewer' | 'support' | 'admin') => ({ chain: 'cardano', address: OP, role, user_id: 1, two_person_limit: '1000000000', other_admins: 1 });

const PAYMENT: UnmatchedPayment = {
  id: 'solana:4', chain: 'solana', tx: '5'.repeat(88), currency: 'sol', amount: '1500000000', sender: 'So1Sender', verdict: 'under',
  order_id: 12, user_id: 7, seen_at: '2026-12-01T10:00:00.000Z', state: 'unmatched', resolution: null,
};

const SEARCH: ConsoleSearchResponse = {
  q: PAYMENT.tx,
  hits: [{ user_id: 7, name: 'Aldric', matched: 'solana_signature', detail: `order #12 ${PAYMENT.tx.slice(0, 12)}…`, chain: 'solana', suspended: false, created_at: '2026-11-01T00:00:00.000Z', last_login_at: '2026-12-01T09:00:00.000Z' }],
  payments: [],
};

const PLAYER: ConsolePlayerResponse = {
  user: { id: 7, name: 'Aldric', avatar: null, type: 'citizen', created_at: '2026-11-01T00:00:00.000Z', last_login_at: '2026-12-01T09:00:00.000Z' },
  flags: { suspended: false, suspended_at: null, suspended_reason: null, chest_locked: false },
  wallets: [{ id: 1, chain: 'solana', address: 'So1Player', is_master: true, handle: null, created_at: '2026-11-01T00:00:00.000Z', synced_at: null }],
  stake_keys: [],
  balances: { exo: '1234567890', hexo: '2500000', food: '0', rune: '1' },
  lands: [{ id: 3, hex_name: 'E03N12', name: 'Land E03N12', size: 'SMALL', biome: 'forest', goldmine_level: 2, frenmine_level: null }],
  mines: [],
  items: [{ key: 'toolkit_2', name: 'Toolkit 2', amount: 3 }],
  orders: [],
  deposits: [],
  claimable: [],
  withdrawals: [],
  quest_claims: [],
  notifications: [],
  sign_ins: [{ at: '2026-12-01T09:00:00.000Z', chain: 'solana', address: 'So1Player', wallet: 'phantom', method: 'signature', user_agent: 'Mozilla/5.0' }],
  audit: [{ id: 9, at: '2026-12-01T11:00:00.000Z', operator: { chain: 'cardano', address: OP }, role: 'support', action: 'message', target: 'user:7', target_user_id: 7, reason: 'asked about deposit', before: null, after: { title: 'Hi' } }],
  approvals: [],
};

const LEDGER = {
  rows: [{ id: 1, at: '2026-12-01T10:00:00.000Z', asset: 'exo', amount: '1234567890', reason: 'operator_adjustment', raw_reason: 'operator_adjustment', reference: 'operator_action:3', link: null, running_balance: '1234567890' }],
  total: 1, page: 1, per_page: 50,
};

/** The answers an operator of `role` gets. */
function consoleRoutes(role: 'viewer' | 'support' | 'admin', over: MockRoutes = {}): MockRoutes {
  return {
    ...signedInRoutes(),
    'GET /console/me': { body: me(role) },
    'GET /console/payments': { body: { payments: [PAYMENT], total: 1, page: 1, per_page: 50 } },
    'GET /console/approvals': { body: { approvals: [], total: 0, page: 1, per_page: 50 } },
    'GET /console/search': { body: SEARCH },
    'GET /console/players/7': { body: PLAYER },
    'GET /console/players/7/ledger': { body: LEDGER },
    ...over,
  };
}

describe('/console', () => {
  it('asks a visitor to sign in', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/console');
    await screen.findByRole('heading', { name: 'Sign in first' });
    // the sign-in comes back to the console (/login?next=…)
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Fconsole');
  });

  it('tells a player (403) they are not an operator, without the player frame', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /console/me': { status: 403, body: { error: 'OPERATOR_FORBIDDEN', message: 'This page is for the Kingdom\'s operators, with a role that allows it.' } } });
    renderRoute('/console/search', { signedIn: true });
    await screen.findByRole('heading', { name: 'Not an operator' });
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
    expect(screen.queryByTestId('console-search-input')).toBeNull();
    // the page says it; no error toast on top of it (toasts mount lazily: give one the time to show)
    await new Promise((r) => setTimeout(r, 1_500));
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('a viewer finds a player by a Solana signature and reads the page; actions say the role they need', async () => {
    const log = mockHttp(consoleRoutes('viewer'));
    renderRoute('/console', { signedIn: true });
    const input = await screen.findByTestId('console-search-input');
    expect(screen.getByTestId('console-role').textContent).toBe('Role: Viewer');
    fireEvent.change(input, { target: { value: PAYMENT.tx } });
    fireEvent.click(screen.getByTestId('console-search-submit'));
    const hit = await screen.findByTestId('search-hit');
    expect(within(hit).getByText(/Solana signature/)).toBeTruthy();
    expect(log.find((r) => r.path === '/console/search')?.params.q).toBe(PAYMENT.tx);
    // the queue: the unmatched payment with its Resolve button, closed to a viewer with the reason
    const queue = screen.getByTestId('unmatched-payments');
    const resolve = within(queue).getByTestId('payment-resolve');
    expect((resolve as HTMLButtonElement).disabled).toBe(true);
    within(queue).getByText('Your role (Viewer) cannot do this: it needs Support.');
    expect(within(queue).getByText('1.5 SOL')).toBeTruthy();

    fireEvent.click(within(hit).getByTestId('search-hit-link'));
    await screen.findByRole('heading', { name: 'Aldric #7' });
    // exact balances from base units
    expect(screen.getByTestId('player-balance-exo').textContent).toBe('EXO 1,234.56789 EXO');
    expect(screen.getByTestId('player-balance-rune').textContent).toBe('RUNE 0.000001 RUNE');
    const row = await screen.findByTestId('ledger-row');
    expect(row.textContent).toContain('+1,234.56789 EXO');
    const actions = screen.getByTestId('player-actions');
    for (const id of ['action-adjust', 'action-chest', 'action-suspend', 'action-message']) expect((within(actions).getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    within(actions).getByText('Your role (Viewer) cannot do this: it needs Admin.');
    expect(within(actions).getAllByText('Your role (Viewer) cannot do this: it needs Support.')).toHaveLength(3);
    expect(screen.getByTestId('player-audit').textContent).toContain('asked about deposit');
    // the ledger's filters go to the server
    fireEvent.change(screen.getByTestId('ledger-reason'), { target: { value: 'operator_adjustment' } });
    await waitFor(() => expect(log.some((r) => r.path === '/console/players/7/ledger' && r.params.reason === 'operator_adjustment')).toBe(true));
  });

  it('a support operator locks a chest with a reason (the button waits for one)', async () => {
    const log = mockHttp(consoleRoutes('support', {
      'POST /console/players/7/chest': { body: { flags: { ...PLAYER.flags, chest_locked: true }, action_id: 10 } },
    }));
    renderRoute('/console/player/7', { signedIn: true });
    await screen.findByRole('heading', { name: 'Aldric #7' });
    expect(within(screen.getByTestId('player-actions')).getAllByText('Needs Support')).toHaveLength(3);
    expect((screen.getByTestId('action-adjust') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('action-chest'));
    const dialog = await screen.findByTestId('chest-dialog');
    within(dialog).getByText('This action needs the Support role.');
    const submit = within(dialog).getByTestId('action-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('action-reason'), { target: { value: 'farming the chest with bots' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/console/players/7/chest')).toBe(true));
    expect(log.find((r) => r.method === 'POST' && r.path === '/console/players/7/chest')?.body).toEqual({ locked: true, reason: 'farming the chest with bots' });
    await waitFor(() => expect(screen.queryByTestId('chest-dialog')).toBeNull());
  });

  it('a support operator resolves a payment by crediting its account in whole tokens', async () => {
    const log = mockHttp(consoleRoutes('support', {
      // the id's ':' is percent-encoded in the path
      'POST /console/payments/solana%3A4/resolve': { body: { payment: { ...PAYMENT, state: 'credited' }, status: 'applied', action_id: 11, approval: null } },
    }));
    renderRoute('/console/search', { signedIn: true });
    const queue = await screen.findByTestId('unmatched-payments');
    fireEvent.click(within(queue).getByTestId('payment-resolve'));
    const dialog = await screen.findByTestId('resolve-dialog');
    expect((within(dialog).getByTestId('resolve-user') as HTMLInputElement).value).toBe('7');
    expect(within(dialog).getByTestId('two-person-note').textContent).toBe('Above 1,000 EXO a second admin must approve (1 other admin can).');
    fireEvent.change(within(dialog).getByTestId('resolve-amount'), { target: { value: '150.5' } });
    fireEvent.change(within(dialog).getByTestId('action-reason'), { target: { value: 'paid too little, credited what arrived' } });
    fireEvent.click(within(dialog).getByTestId('action-submit'));
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && decodeURIComponent(r.path) === '/console/payments/solana:4/resolve')).toBe(true));
    await screen.findByText('Payment resolved.');
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'credit', user_id: 7, token: 'exo', amount: '150500000', reason: 'paid too little, credited what arrived' });
  });

  it('an admin switches maintenance on with a message and an end time (UTC)', async () => {
    const off: MaintenanceState = { on: false, message: null, ends_at: null, since: null, forced_by_env: false };
    const log = mockHttp(consoleRoutes('admin', {
      'GET /console/maintenance': { body: off },
      'POST /console/maintenance': (req) => ({ body: { maintenance: { ...off, on: true, message: (req.body as { message: string }).message }, action_id: 12 } }),
    }));
    renderRoute('/console/announce', { signedIn: true });
    await screen.findByText('Off');
    fireEvent.click(screen.getByTestId('maintenance-on-button'));
    const dialog = await screen.findByTestId('maintenance-dialog');
    fireEvent.change(within(dialog).getByTestId('maintenance-message'), { target: { value: 'Upgrading, back at 03:00 UTC' } });
    fireEvent.change(within(dialog).getByTestId('maintenance-ends'), { target: { value: '2026-12-02T03:00' } });
    fireEvent.change(within(dialog).getByTestId('action-reason'), { target: { value: 'release 1.4' } });
    fireEvent.click(within(dialog).getByTestId('action-submit'));
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/console/maintenance')).toBe(true));
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ on: true, message: 'Upgrading, back at 03:00 UTC', ends_at: '2026-12-02T03:00:00.000Z', reason: 'release 1.4' });
  });

  it('stays usable while the game is in maintenance (its own frame: the maintenance page does not hide it)', async () => {
    const on: MaintenanceState = { on: true, message: 'Back soon', ends_at: null, since: '2026-12-01T10:00:00.000Z', forced_by_env: false };
    mockHttp(consoleRoutes('admin', {
      'GET /config': { body: { ...(await import('../../../test/fixtures.ts')).TEST_CONFIG, maintenance: true } },
      'GET /console/maintenance': { body: on },
    }));
    renderRoute('/console/announce', { signedIn: true });
    await screen.findByTestId('maintenance-off');
    expect(screen.getByTestId('maintenance-on').textContent).toBe('On');
    expect(screen.queryByText("We'll be back soon")).toBeNull();
  });

  it('the operators page explains itself to a weaker role instead of failing', async () => {
    const log = mockHttp(consoleRoutes('support'));
    renderRoute('/console/operators', { signedIn: true });
    await screen.findByText('Your role (Support) cannot do this: it needs Admin.');
    expect(log.some((r) => r.path === '/console/operators')).toBe(false);
  });

  it('the economy dashboard shows exact totals by reason', async () => {
    const eco: EconomyResponse = {
      from: '2026-11-30', to: '2026-12-01', chain: 'all',
      days: ['2026-11-30', '2026-12-01'].map((day) => ({
        day, exo_paid: { goldmine: '1000000' }, vendor_revenue: { exo: '5000000' }, market_revenue: { lovelace: '2000000', lamports: '0', exo_sold: '10000000' },
        market: { hexo: { volume: '7000000', fees: '70000', trades: 2 } },
        royalties: {}, deposits: {}, withdrawals: {}, active: 3, new_players: 1, sign_ins: { eternl: 2 }, quest_claims: 1,
      })),
      flows: [
        { day: '2026-11-30', asset: 'exo', reason: 'goldmine_reward', created: '1000000', burned: '0', entries: 2 },
        { day: '2026-12-01', asset: 'exo', reason: 'goldmine_reward', created: '1000001', burned: '0', entries: 2 },
        { day: '2026-12-01', asset: 'exo', reason: 'vendor_purchase', created: '0', burned: '5000000', entries: 1 },
      ],
      active: { dau: 3, wau: 4, mau: 5 }, retention: [{ day: '2026-11-30', players: 1, d1: 1, d7: null, d30: null }], treasuries: [], computed_at: '2026-12-01T12:00:00.000Z',
    };
    const pairs: SuspiciousPairsResponse = {
      days: 30, rule: { median_days: 7, off_bps: 2000, min_off_trades: 3 }, truncated: false,
      pairs: [{
        a: { user_id: 7, name: 'alt_seller' }, b: { user_id: 9, name: 'alt_buyer' }, pay_token: 'hexo', trades: 4, off_trades: 3, volume: '9000000',
        value_off: '3000000', moved_to_b: '-3000000', goods: ['toolkit_1'], first_at: '2026-11-20T10:00:00.000Z', last_at: '2026-11-29T10:00:00.000Z',
      }],
    };
    mockHttp(consoleRoutes('viewer', { 'GET /console/economy': { body: eco }, 'GET /console/market/suspicious-pairs': { body: pairs } }));
    renderRoute('/console/economy', { signedIn: true });
    const rows = await screen.findAllByTestId('eco-flow-row');
    expect(rows.map((r) => r.textContent)).toEqual(['EXOgoldmine_reward2.000001 EXO0 EXO2.000001 EXO4', 'EXOvendor_purchase0 EXO5 EXO-5 EXO1']);
    expect(screen.getByTestId('eco-active').textContent).toContain('5');
    expect(screen.getByTestId('eco-revenue').textContent).toContain('4 ADA');
    // the Market per pay token over the period: volume, fees, trades
    expect(screen.getAllByTestId('eco-market-row').map((r) => r.textContent)).toEqual(['HEXO14 HEXO0.14 HEXO4']);
    // the suspicious pairs, each account a link to its page, the net value's receiver named
    const pair = await screen.findByTestId('eco-pair-row');
    expect(within(pair).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/console/player/7', '/console/player/9', '/console/player/7']);
    expect(pair.textContent).toContain('3 HEXO');
    expect(screen.getByTestId('eco-pairs').textContent).toContain('at least 3 times 20% or more off');
  });
});
