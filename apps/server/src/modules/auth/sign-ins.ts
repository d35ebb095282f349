/**
 * The sign-ins log (migration 0034; docs/http-contract.md §4): every successful sign-in, written in
 * the login's transaction — when, with which wallet, which wallet app the client named and which
 * browser. The console's player page lists them; its dashboard counts active players and sign-ins
 * by wallet app from them.
 */
import { sql } from 'drizzle-orm';
import { exec, type Orm } from '../../db/client.ts';

/** Longest user agent kept (characters). */
const USER_AGENT_MAX = 400;

/** One sign-in. */
export interface SignInRecord {
  userId: number;
  walletId: number;
  chain: string;
  address: string;
  /** The wallet app the client named (`eternl`, `phantom`…), or undefined. */
  wallet: string | undefined;
  /** `signature` (signData / signMessage) or `tx` (hardware wallet). */
  method: 'signature' | 'tx';
  userAgent: string | undefined;
  at: Date;
}

/** Records a sign-in inside the login's transaction. */
export async function recordSignIn(tx: Orm, r: SignInRecord): Promise<void> {
  const ua = r.userAgent ? r.userAgent.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX) : null;
  const wallet = r.wallet ? r.wallet.toLowerCase().replaceAll('\u0000', '') : null;
  await exec(tx, sql`INSERT INTO sign_ins (user_id, wallet_id, chain, address, wallet, method, user_agent, at)
    VALUES (${r.userId}, ${r.walletId}, ${r.chain}, ${r.address}, ${wallet}, ${r.method}, ${ua}, ${r.at})`);
}
