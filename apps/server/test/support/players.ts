/** A test player: a fresh Cardano wallet given assets by the demo faucet, then signed in for real. */
import { expect } from 'vitest';
import { PATHS, type WorkerNft } from '@kingdom/api';
import { createCardanoTestWallet } from './wallets.ts';
import { signInCardano, type TestKingdom } from './kingdom.ts';

export interface Player { token: string; userId: number; address: string; lands: string[]; workers: WorkerNft[] }

/** Gives a new wallet `give` (the faucet's request fields), signs it in, and reads its worker NFTs. */
export async function newPlayer(k: TestKingdom, give: Record<string, unknown>): Promise<Player> {
  const wallet = createCardanoTestWallet();
  const res = await k.post(PATHS.demoFaucet, { address: wallet.address, ...give });
  expect(res.statusCode, res.body).toBe(200);
  const { token, user } = await signInCardano(k, wallet);
  const workers = (await k.get(PATHS.workerNfts, token)).json<{ workers: WorkerNft[] }>().workers;
  return { token, userId: user.user_id, address: wallet.address, lands: res.json<{ lands: string[] }>().lands, workers };
}

/** The player's bearer header. */
export const auth = (p: Player) => ({ authorization: `Bearer ${p.token}` });
