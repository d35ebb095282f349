/**
 * Repository of accounts: a user and the wallets linked to it. An unknown wallet's first sign-in (or the demo
 * faucet) creates its account.
 */
import { sql } from 'drizzle-orm';
import { shortenMiddle } from '@kingdom/game';
import type { Chain } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { openBalances } from '../ledger/ledger.ts';

export interface Account {
  userId: number;
  walletId: number;
  created: boolean;
}

async function walletAccount(tx: Orm, chain: Chain, address: string): Promise<Account | null> {
  const [w] = await exec<{ user_id: number; id: number }>(tx, sql`SELECT user_id, id FROM wallets WHERE chain = ${chain} AND address = ${address}`);
  return w ? { userId: w.user_id, walletId: w.id, created: false } : null;
}

/**
 * The account of (`chain`, `address`), created with zero balances when the wallet is unknown.
 * Safe under concurrency: a second creator loses the unique-index race and reads the winner's row.
 */
export async function findOrCreateAccount(tx: Orm, chain: Chain, address: string): Promise<Account> {
  const existing = await walletAccount(tx, chain, address);
  if (existing) return existing;
  const [user] = await exec<{ id: number }>(tx, sql`INSERT INTO users (name) VALUES (${shortenMiddle(address, 8, 6)}) RETURNING id`);
  const [wallet] = await exec<{ id: number }>(tx, sql`INSERT INTO wallets (user_id, chain, address, is_master)
    VALUES (${user!.id}, ${chain}, ${address}, false) ON CONFLICT DO NOTHING RETURNING id`);
  if (!wallet) return (await walletAccount(tx, chain, address))!;
  await openBalances(tx, user!.id);
  return { userId: user!.id, walletId: wallet.id, created: true };
}
