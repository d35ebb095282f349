/**
 * Accounts: a user and the wallets linked to it. An unknown wallet's first sign-in (or the demo
 * faucet) creates its account.
 */
import { and, eq } from 'drizzle-orm';
import { shortenMiddle, TOKENS } from '@kingdom/game';
import type { Chain } from '@kingdom/api';
import type { Orm } from '../../db/client.ts';
import { users, wallets, balances } from '../../db/schema.ts';

export interface Account {
  userId: number;
  walletId: number;
  created: boolean;
}

/**
 * The account of (`chain`, `address`), created with zero balances when the wallet is unknown.
 * Safe under concurrency: a second creator loses the unique-index race and reads the winner's row.
 */
export async function findOrCreateAccount(tx: Orm, chain: Chain, address: string): Promise<Account> {
  const existing = await tx.select({ userId: wallets.userId, walletId: wallets.id }).from(wallets)
    .where(and(eq(wallets.chain, chain), eq(wallets.address, address)));
  if (existing[0]) return { ...existing[0], created: false };
  const [user] = await tx.insert(users).values({ name: shortenMiddle(address, 8, 6) }).returning({ id: users.id });
  const inserted = await tx.insert(wallets).values({ userId: user!.id, chain, address, isMaster: false })
    .onConflictDoNothing().returning({ id: wallets.id });
  if (!inserted[0]) {
    const [w] = await tx.select({ userId: wallets.userId, walletId: wallets.id }).from(wallets)
      .where(and(eq(wallets.chain, chain), eq(wallets.address, address)));
    return { ...w!, created: false };
  }
  await tx.insert(balances).values(TOKENS.map((token) => ({ userId: user!.id, token, amount: '0' })));
  return { userId: user!.id, walletId: inserted[0].id, created: true };
}
