import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, USER_NOT_AUTH, transport } from '../client.ts';
import { call } from '../call.ts';
import { toast } from 'react-toastify';
import { useSession } from '../../session/session-store.ts';
import { useAppStatus } from '../../session/app-status.ts';
import { mockHttp } from '../../test/mock-http.ts';
import { toastContainerMounted } from '../../components/notify.ts';
import '../../i18n/index.ts';

/** The message of every error toast shown. */
let toastError: ReturnType<typeof vi.fn<(content: unknown) => void>>;

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('HTTP client (docs/product.md §7, §8)', () => {
  // no app is rendered here: toasts go straight to react-toastify's (spied) `toast`
  beforeAll(() => toastContainerMounted());

  beforeEach(() => {
    toastError = vi.fn<(content: unknown) => void>();
    vi.spyOn(toast, 'error').mockImplementation((content) => {
      toastError(content);
      return 'id';
    });
  });

  it('sends JSON headers, the bearer token and the XSRF cookie as header', async () => {
    useSession.setState({ token: 'tok-1', isAuth: true });
    document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
    const log = mockHttp({ 'POST /wallets/sync': { body: { lands: 1, mtools: 0, synced_at: 'now' } } });
    await call('walletSync');
    const req = log[0]!;
    expect(req.path).toBe('/wallets/sync');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['x-xsrf-token']).toBe('xsrf-abc');
    expect(req.headers.accept).toContain('application/json');
    expect(req.headers['content-type']).toContain('application/json');
  });

  it('sends cookies and the query-string parameters', async () => {
    const seen: RequestInit[] = [];
    const log = mockHttp({ 'GET /lands': { body: { lands: [] } } });
    const mocked = transport.fetch;
    transport.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return mocked(input, init);
    };
    await call('lands', { query: { page: 2, search: 'a b' } });
    expect(seen[0]?.credentials).toBe('include');
    expect(log[0]?.params).toEqual({ page: '2', search: 'a b' });
  });

  it('toasts the server message when the answer has errors and a message', async () => {
    mockHttp({ 'POST /auth/challenge': { status: 422, body: { error: 'VALIDATION_ERROR', message: 'The address is too long.', errors: { address: ['too long'] } } } });
    const e = await failure(call('authChallenge', { body: { chain: 'cardano', address: 'x' } }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('The address is too long.'));
    expect(e.errors).toEqual({ address: ['too long'] });
  });

  it('returns USER_NOT_AUTH on 401 without a toast', async () => {
    mockHttp({ 'GET /dashboard/user': { status: 401, body: { error: 'USER_NOT_AUTH', message: 'Your session has expired!' } } });
    const e = await failure(call('dashboardUser'));
    expect(e.code).toBe(USER_NOT_AUTH);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts a catalogued code's message", async () => {
    mockHttp({ 'POST /vendor/purchase': { status: 400, body: { error: 'VENDOR_NOT_ENOUGH_BALANCE', message: 'You do not have such amount on your account balance' } } });
    const e = await failure(call('vendorPurchase', { body: { item: 'alchemist_glove', quantity: 1 } }));
    expect(e.code).toBe('VENDOR_NOT_ENOUGH_BALANCE');
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('You do not have such amount on your account balance'));
  });

  it('toasts the server message of invalid_grant', async () => {
    mockHttp({ 'POST /auth/login': { status: 400, body: { error: 'invalid_grant', message: 'The grant is invalid.' } } });
    await failure(call('authLogin', { body: { chain: 'cardano', address: 'addr', message: 'm', signature: 's' } }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('The grant is invalid.'));
  });

  it("shows 'Requested resource unavailable' for other statuses", async () => {
    mockHttp({ 'GET /lands': { status: 500, body: '<html>oops</html>' } });
    await failure(call('lands'));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Requested resource unavailable'));
  });

  it("shows 'Requested resource unavailable' when there is no response", async () => {
    mockHttp({ 'GET /lands': 'network' });
    await failure(call('lands'));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Requested resource unavailable'));
  });

  it('complains about a missing data body', async () => {
    mockHttp({ 'GET /currencies/prices': { status: 200, body: '' } });
    await failure(call('prices'));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Can`t get data from resource, please contact support'));
  });

  it('switches to maintenance on 503 MAINTENANCE', async () => {
    mockHttp({ 'GET /config': { status: 503, body: { error: 'MAINTENANCE', message: "We'll be back soon" } } });
    const e = await failure(call('config'));
    expect(e.code).toBe('MAINTENANCE');
    expect(useAppStatus.getState().maintenance).toBe(true);
  });
});

describe('call (typed by the endpoint descriptors)', () => {
  it("fills the descriptor's path params (encoded), sends the query as strings without undefined values, and the body on POST", async () => {
    const log = mockHttp({
      'GET /mines/frenmine/reports/2025-03-09': { body: { mine: 'frenmine', day: '2025-03-09', rows: [], totals: {} } },
      'GET /lands': { body: { lands: [], total: 0, page: 2, per_page: 12 } },
      'POST /lands/A%2FB/expand': { body: { status: 'success' } },
      'POST /goldmine/workers': { body: { status: 'success' } },
    });
    await call('mineReport', { params: { mine: 'frenmine', day: '2025-03-09' } });
    await call('lands', { query: { page: 2, my: 'true', search: undefined } });
    await call('landExpand', { params: { hex_name: 'A/B' } });
    await call('goldmineAssignWorker', { body: { hex_name: 'AA01', slot: 1, worker: null } });
    expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /mines/frenmine/reports/2025-03-09', 'GET /lands', 'POST /lands/A%2FB/expand', 'POST /goldmine/workers',
    ]);
    expect(log[1]!.params).toEqual({ page: '2', my: 'true' });
    expect(log[2]!.body).toEqual({});
    expect(log[3]!.body).toEqual({ hex_name: 'AA01', slot: 1, worker: null });
  });
});
