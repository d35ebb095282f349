/**
 * "The player's lands" is one set (docs/game-rules.md §2.1, `HELD_LANDS`): an asset of the Land policy
 * that is no land of the Valley (one the world import refused) is held but is no land, so the wallet
 * sync's `lands`, `GET /user/total_lands`, `land_owner` and `GET /lands?my=true` agree (issue 36 item 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PATHS, type LandsResponse, type User } from '@kingdom/api';
import { utf8ToHex } from '@kingdom/game';
import { emulatorMint } from '@kingdom/emulators';
import { worldPolicies } from '../../src/world-import/collections.ts';
import { createTestKingdom, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`the player's lands: every count is the list's set (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  /** What each read says of the signed-in player's lands. */
  async function counts(token: string): Promise<{ sync: number; total: number; listed: number; owner: boolean }> {
    const sync = await k.post(ENDPOINTS.walletSync.path, {}, bearer(token));
    expect(sync.statusCode, sync.body).toBe(200);
    const listed = (await k.get(`${PATHS.lands}?my=true`, token)).json<LandsResponse>();
    expect(listed.lands).toHaveLength(Math.min(listed.total, 12));
    return {
      sync: sync.json<{ lands: number }>().lands,
      total: (await k.get(PATHS.totalLands, token)).json<{ total_lands: number }>().total_lands,
      listed: listed.total,
      owner: (await k.get(PATHS.dashboardUser, token)).json<{ user: User }>().user.land_owner,
    };
  }

  it('7 lands and one refused asset of the Land policy: 7 everywhere', async () => {
    const wallet = createCardanoTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: wallet.address, lands: 7 })).statusCode).toBe(200);
    const { land } = await worldPolicies(k.db.orm);
    // an asset of the Land policy the Valley has no land for (the world import refused its metadata)
    await emulatorMint(k.db.orm, 'cardano', wallet.address, land, utf8ToHex('CardanoLandRefused1'));
    const { token } = await signInCardano(k, wallet);
    expect(await counts(token)).toEqual({ sync: 7, total: 7, listed: 7, owner: true });
  });

  it('a holder of a refused asset only holds no land', async () => {
    const wallet = createCardanoTestWallet();
    const { land } = await worldPolicies(k.db.orm);
    await emulatorMint(k.db.orm, 'cardano', wallet.address, land, utf8ToHex('CardanoLandRefused2'));
    const { token } = await signInCardano(k, wallet);
    expect(await counts(token)).toEqual({ sync: 0, total: 0, listed: 0, owner: false });
  });
});
