/**
 * A wallet holding hundreds of NFTs syncs in flat statements (issue 36 item 9): the faucet's 100 lands
 * to an address already holding 200 once aborted PGlite's WASM (`RuntimeError: Aborted()`, a 500 after
 * the grant had committed) — the sync's `(collection, asset) IN ((…), …)` list of 300 pairs was an
 * expression too deep for the embedded database's stack. Now each statement takes its rows as one JSON
 * parameter; the grant, the holdings and every count agree, and the database answers on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, type LandsResponse } from '@kingdom/api';
import { createTestKingdom, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

describe(`a wallet of 400 lands (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it('the faucet gives 100 lands four times to one signed-in address; every sync holds them all', { timeout: 120_000 }, async () => {
    const wallet = createCardanoTestWallet();
    const { token } = await signInCardano(k, wallet);
    for (let i = 1; i <= 4; i++) {
      const res = await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 100 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ lands: string[] }>().lands).toHaveLength(100);
      expect((await k.get(PATHS.totalLands, token)).json<{ total_lands: number }>().total_lands).toBe(100 * i);
    }
    expect((await k.get(`${PATHS.lands}?my=true`, token)).json<LandsResponse>().total).toBe(400);
    // a re-sync of the same 400 deletes nothing and keeps them
    const sync = await k.post(PATHS.walletSync, {}, { authorization: `Bearer ${token}` });
    expect(sync.json<{ lands: number }>().lands).toBe(400);
  });
});
