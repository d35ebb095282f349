/**
 * Prices as a server job (docs/operator-guide.md "Prices"), against a fake provider on loopback:
 * up (stored truncated to 5 decimals, with seen_at), slow (timeout), 500, garbage, down for a day
 * (stale: shown as such, EXO packs refuse with PRICE_STALE); `kingdom prices set|show`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type PricesResponse } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { configuredPriceProviders, priceJobRun, runPriceProviders } from '../../src/jobs/prices.ts';
import { truncate5 } from '../../src/modules/prices/providers.ts';
import { pricesCommand } from '../../src/cli/prices.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

type Mode = 'up' | 'slow' | '500' | 'garbage' | 'not-json';

/** A CoinGecko-compatible `simple/price` and a token-price endpoint, answering as `mode` says. */
async function fakeProvider() {
  const state = { mode: 'up' as Mode, asked: [] as string[], ada: 0.4123499, sol: 150.987659, exo: '0.012349', hexo: 0.0041299 };
  const server: Server = createServer((req, res) => {
    state.asked.push(req.url ?? '');
    const send = (status: number, body: string) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(body); };
    if (state.mode === 'slow') { setTimeout(() => send(200, '{}'), 2_000).unref(); return; }
    if (state.mode === '500') return send(500, '{"error":"down"}');
    if (state.mode === 'not-json') return send(200, '<html>maintenance</html>');
    const garbage = state.mode === 'garbage';
    if (req.url?.startsWith('/simple/price')) return send(200, JSON.stringify(garbage ? { cardano: { usd: 'lots' } } : { cardano: { usd: state.ada }, solana: { usd: state.sol } }));
    if (req.url?.startsWith('/tokens')) return send(200, JSON.stringify(garbage ? { exo: { ada: -1 } } : { exo: { ada: state.exo }, hexo: { ada: state.hexo } }));
    send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, base, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

describe('truncate5', () => {
  it('truncates down to 5 decimals, never rounds, and refuses what is not a price', () => {
    expect(truncate5(0.4123499)).toBe('0.41234');
    expect(truncate5('0.012349')).toBe('0.01234');
    expect(truncate5(150)).toBe('150.00000');
    expect(truncate5(1.5e-7)).toBe('0.00000');
    expect(truncate5('007.1')).toBe('7.10000');
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '1e5', '-0.1', 'abc', '', '1.2.3']) expect(() => truncate5(bad)).toThrow();
  });
});

describe('the price job against a fake provider', () => {
  let k: TestKingdom;
  let fake: Awaited<ReturnType<typeof fakeProvider>>;
  let providers: ReturnType<typeof configuredPriceProviders>;
  const prices = async () => (await k.get(ENDPOINTS.prices.path)).json<PricesResponse>();
  const rows = () => exec<{ token: string; ada: string | null; usd: string | null; source: string | null; seen_at: string | null }>(k.db.orm, sql`
    SELECT token, ada::text AS ada, usd::text AS usd, source, seen_at::text AS seen_at FROM currency_prices ORDER BY token`);

  beforeAll(async () => {
    fake = await fakeProvider();
    k = await createTestKingdom({ env: { PRICE_SERVICE_URL: `${fake.base}/simple/price`, PRICE_TOKEN_URL: `${fake.base}/tokens`, PRICE_TIMEOUT_MS: '300', PRICE_MAX_AGE_MINUTES: '30' } });
    providers = configuredPriceProviders(k.config);
  });
  afterAll(async () => {
    await k.close();
    await fake.close();
  });
  beforeEach(() => { fake.state.mode = 'up'; });

  it('up: stores EXO/HEXO in ADA and ADA/SOL in USD truncated to 5 decimals, with when they were seen; every answer reads them', async () => {
    const seen = new Date();
    const out = await runPriceProviders(k.db, providers, () => seen);
    expect(out).toEqual([{ provider: 'simple-price', stored: expect.arrayContaining(['ada', 'sol']) }, { provider: 'token-price', stored: expect.arrayContaining(['exo', 'hexo']) }]);
    const simple = fake.state.asked.find((u) => u.startsWith('/simple/price'))!;
    const q = new URL(simple, 'http://x').searchParams;
    expect([q.get('ids'), q.get('vs_currencies')]).toEqual(['cardano,solana', 'usd']);
    const r = await rows();
    expect(r.map((x) => [x.token, x.ada ?? x.usd, x.source])).toEqual([
      ['ada', '0.41234', 'simple-price'], ['exo', '0.01234', 'token-price'], ['hexo', '0.00412', 'token-price'], ['sol', '150.98765', 'simple-price'],
    ]);
    expect(await prices()).toEqual({
      exo: '0.01234', hexo: '0.00412', ada_usd: '0.41234', sol_usd: '150.98765',
      stale: { exo: false, hexo: false, ada_usd: false, sol_usd: false },
      seen_at: { exo: seen.toISOString(), hexo: seen.toISOString(), ada_usd: seen.toISOString(), sol_usd: seen.toISOString() },
    });
    // operators alert on the prices' age
    const metrics = (await k.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^kingdom_price_age_seconds\{token="ada",source="simple-price"\} \d/m);
  });

  for (const mode of ['slow', '500', 'garbage', 'not-json'] as const) {
    it(`${mode}: changes nothing stored, and the run fails (logged and counted by the scheduler)`, async () => {
      const before = await rows();
      fake.state.ada = 9.99;
      fake.state.mode = mode;
      const started = Date.now();
      const warnings: object[] = [];
      await expect(priceJobRun(k.db, providers, { info: () => undefined, warn: (o) => warnings.push(o) })).rejects.toThrow(/price providers failed: simple-price: .*token-price: /);
      expect(Date.now() - started).toBeLessThan(1_500); // the slow one is given up at PRICE_TIMEOUT_MS, not awaited
      expect(warnings).toHaveLength(2);
      expect(await rows()).toEqual(before);
      fake.state.ada = 0.4123499;
    });
  }

  it('one provider failing does not keep the other from storing', async () => {
    const flaky = configuredPriceProviders({ priceServiceUrl: `${fake.base}/nothing-here`, prices: { ...k.config.prices } });
    const seen = new Date();
    fake.state.exo = '0.02';
    await expect(priceJobRun(k.db, flaky)).rejects.toThrow(/simple-price: answered HTTP 404/);
    expect((await rows()).find((r) => r.token === 'exo')).toMatchObject({ ada: '0.02000', source: 'token-price' });
    expect(new Date((await prices()).seen_at.exo!).getTime()).toBeGreaterThanOrEqual(seen.getTime() - 1000);
    fake.state.exo = '0.012349';
  });

  it('a price seen before the stored one does not replace it', async () => {
    await runPriceProviders(k.db, providers, () => new Date());
    fake.state.ada = 0.2;
    await runPriceProviders(k.db, providers, () => new Date(Date.now() - 60_000));
    expect((await prices()).ada_usd).toBe('0.41234');
    fake.state.ada = 0.4123499;
  });

  it('down for a day: the prices are stale, shown so, and EXO packs refuse with PRICE_STALE until a price comes (or the operator sets one)', async () => {
    const dayAgo = new Date(Date.now() - 24 * 3_600_000);
    // the last answer before the provider went down, a day ago
    await exec(k.db.orm, sql`DELETE FROM currency_prices`);
    await runPriceProviders(k.db, providers, () => dayAgo);
    await fake.close();
    const down = await runPriceProviders(k.db, providers, () => new Date());
    expect(down.map((r) => r.error)).toEqual([expect.stringMatching(/unreachable/), expect.stringMatching(/unreachable/)]);
    const p = await prices();
    expect(p).toMatchObject({ exo: '0.01234', ada_usd: '0.41234', stale: { exo: true, hexo: true, ada_usd: true, sol_usd: true }, seen_at: { exo: dayAgo.toISOString() } });

    const wallet = createCardanoTestWallet();
    const { token } = await signInCardano(k, wallet);
    const order = () => k.post(ENDPOINTS.exoOrderCreate.path, { pack: 'exo_1k' }, { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
    const refused = await order();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'PRICE_STALE', message: expect.stringMatching(/out of date/) });
    expect((await exec(k.db.orm, sql`SELECT 1 FROM exo_orders`)).length).toBe(0);

    const lines: string[] = [];
    await pricesCommand(k.db, ['set', 'exo', '0.0187399'], (l) => lines.push(l), k.config.prices.maxAgeMs);
    expect(lines).toEqual(['EXO = 0.01873 ADA (operator price, never stale)']);
    expect((await prices()).stale).toEqual({ exo: false, hexo: true, ada_usd: true, sol_usd: true });
    const ok = await order();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order).toMatchObject({ exo: '1000000000', lovelace: '18730000' });

    lines.length = 0;
    await pricesCommand(k.db, ['show'], (l) => lines.push(l), k.config.prices.maxAgeMs);
    expect(lines).toEqual([
      `ADA: 0.41234 USD (simple-price, seen ${dayAgo.toISOString()}) STALE`,
      expect.stringMatching(/^EXO: 0\.01873 ADA \(operator, seen .*\)$/),
      `HEXO: 0.00412 ADA (token-price, seen ${dayAgo.toISOString()}) STALE`,
      `SOL: 150.98765 USD (simple-price, seen ${dayAgo.toISOString()}) STALE`,
    ]);
  });

  it('prices set refuses what is not a price', async () => {
    const refuse = (args: string[]) => pricesCommand(k.db, args, () => undefined, k.config.prices.maxAgeMs);
    await expect(refuse(['set', 'doge', '1'])).rejects.toThrow(/unknown token "doge"/);
    await expect(refuse(['set', 'exo', '-1'])).rejects.toThrow(/not a price/);
    await expect(refuse(['set', 'exo', '0.000001'])).rejects.toThrow(/is 0 at 5 decimals/);
    await expect(refuse(['set', 'exo'])).rejects.toThrow(/usage/);
  });
});
