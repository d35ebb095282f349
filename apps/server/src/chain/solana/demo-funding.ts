/**
 * Demo mode on the local Solana cluster (docs/operator-guide.md "Local Solana cluster"): the first
 * sign-in of a Solana address gives its wallet SOL to pay with, as the Cardano emulator's faucet does
 * for Cardano wallets (`modules/demo/chain-faucet.ts`). The sign-in only records a request
 * (`sol_faucet_grants`, no signature yet); the {@link SOLANA_DEMO_FUNDING_JOB} job airdrops to the
 * waiting addresses, once cluster-wide under its lease.
 */
import { sql } from 'drizzle-orm';
import { isAddress } from '@solana/kit';
import { DEMO_SOL_LAMPORTS } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import type { LocalSolana } from '@kingdom/chain-providers';

/** Lease name of the funding job. */
export const SOLANA_DEMO_FUNDING_JOB = 'solana-demo-funding';
/** Addresses paid per run. */
const PER_RUN = 20;

/**
 * Asks for `address` to be funded once (sign-in calls this; the job pays it). Does nothing without a
 * local cluster or for an address asked for before.
 * @returns true when this call recorded a new request
 */
export async function requestSolanaDemoFunding(orm: Orm, local: LocalSolana | null, address: string, now: Date): Promise<boolean> {
  if (!local || !isAddress(address)) return false;
  const rows = await exec(orm, sql`INSERT INTO sol_faucet_grants (address, signature, created_at) VALUES (${address}, NULL, ${now})
    ON CONFLICT (address) DO NOTHING RETURNING address`);
  return rows.length > 0;
}

/**
 * Airdrops {@link DEMO_SOL_LAMPORTS} to each waiting address (oldest first, {@link PER_RUN} per run)
 * and marks it paid. A crash between an airdrop and its mark pays that address again at the next run
 * (demo SOL; never a loss).
 * @returns the airdrop signature per address paid
 */
export async function paySolanaDemoFunding(orm: Orm, local: LocalSolana): Promise<Map<string, string>> {
  const rows = await exec<{ address: string }>(orm, sql`SELECT address FROM sol_faucet_grants WHERE signature IS NULL ORDER BY created_at, address LIMIT ${PER_RUN}`);
  const paid = new Map<string, string>();
  for (const { address } of rows) {
    const signature = await local.airdrop(address, DEMO_SOL_LAMPORTS);
    await exec(orm, sql`UPDATE sol_faucet_grants SET signature = ${signature} WHERE address = ${address} AND signature IS NULL`);
    paid.set(address, signature);
  }
  return paid;
}
