/**
 * The demo faucet (demo mode only): gives any address Land NFTs and mining tools on the emulated
 * chain and app balances, so any wallet — also one never seen — can try the Kingdom.
 */
import { randomUUID } from 'node:crypto';
import type { Chain, FaucetResponse } from '@kingdom/api';
import { toBaseUnits, TOKENS, type Token } from '@kingdom/game';
import type { Database } from '../../db/client.ts';
import type { ChainProviders } from '../../chain/index.ts';
import { givePlayer } from '../../seed/demo-world.ts';
import { syncWallet } from '../wallets/sync.ts';
import { isCardanoAddress, isSolanaAddress } from '../../auth/verify.ts';
import { fail } from '../../errors.ts';

/** What to give; token amounts in whole tokens. */
export interface FaucetInput {
  address: string;
  lands: number;
  tools: number;
  balances: Partial<Record<Token, bigint>>;
}

/** The chain of an address: bech32 Cardano or base58 Solana. @throws ApiError NOT_VALID_REQUEST_ADDRESS */
export function chainOfAddress(address: string): Chain {
  if (isCardanoAddress(address)) return 'cardano';
  if (isSolanaAddress(address)) return 'solana';
  fail('NOT_VALID_REQUEST_ADDRESS');
}

/**
 * Moves lands and tools from the emulator's treasury to `address`, credits balances through the
 * ledger (reason `faucet`, a fresh reference), then syncs the wallet.
 * @throws ApiError NOT_VALID_REQUEST_ADDRESS for an address of neither chain
 */
export async function runFaucet(db: Database, providers: ChainProviders, input: FaucetInput, now: Date): Promise<FaucetResponse> {
  const chain = chainOfAddress(input.address);
  const reference = randomUUID();
  const given = await db.orm.transaction((tx) =>
    givePlayer(tx, input.address, input.lands, input.tools, input.balances, {}, 'faucet', reference, chain));
  await syncWallet(db, providers, chain, input.address, now);
  const balances: Record<string, string> = {};
  for (const token of TOKENS) {
    const whole = input.balances[token] ?? 0n;
    if (whole > 0n) balances[token] = toBaseUnits(whole, token).toString();
  }
  return { address: input.address, chain, lands: given.lands, tools: given.tools, balances };
}
