/**
 * The emulator's faucet (demo mode, issue 11 item 4): the first sign-in of a Cardano address gives
 * its wallet real emulator UTxOs — ADA for fees, EXO and HEXO native tokens to deposit — paid by
 * the emulator's faucet key in one transaction, then a block is produced so they can be spent.
 */
import { sql } from 'drizzle-orm';
import { exec, type Database } from '../../db/client.ts';
import type { ChainMoneyJobs } from '../../jobs/chain-money.ts';

/** What a demo wallet receives, split over this many UTxOs (several payments fit in one block). */
export const DEMO_WALLET_FUNDS = { utxos: 4, lovelacePerUtxo: 250_000_000n, exoPerUtxo: 2_500_000_000n, hexoPerUtxo: 2_500_000_000n } as const;

/**
 * Funds `address` once from the emulator's faucet; does nothing on a real network or for an
 * address funded before.
 * @returns the funding transaction's hash, or null when nothing was paid
 * @throws Error when the emulator refuses the payment (the grant is released for a retry)
 */
export async function fundDemoWallet(db: Database, jobs: ChainMoneyJobs, address: string, now: Date): Promise<string | null> {
  const money = jobs.money;
  if (!money.emulator || !money.faucet || !address.startsWith('addr_test1')) return null;
  const [claimed] = await exec(db.orm, sql`INSERT INTO emu_faucet_grants (address, tx_hash, created_at) VALUES (${address}, '', ${now})
    ON CONFLICT (address) DO NOTHING RETURNING address`);
  if (!claimed) return null;
  try {
    const lucid = await money.lucid();
    lucid.selectWallet.fromPrivateKey(money.faucet.privateKey);
    let builder = lucid.newTx();
    for (let i = 0; i < DEMO_WALLET_FUNDS.utxos; i++) {
      builder = builder.pay.ToAddress(address, {
        lovelace: DEMO_WALLET_FUNDS.lovelacePerUtxo, [money.units.exo]: DEMO_WALLET_FUNDS.exoPerUtxo, [money.units.hexo]: DEMO_WALLET_FUNDS.hexoPerUtxo,
      });
    }
    const signed = await (await builder.complete()).sign.withWallet().complete();
    const hash = await money.ledger.lucidProvider().submitTx(signed.toCBOR());
    await exec(db.orm, sql`UPDATE emu_faucet_grants SET tx_hash = ${hash} WHERE address = ${address}`);
    await jobs.produceBlocks(1);
    return hash;
  } catch (err) {
    await exec(db.orm, sql`DELETE FROM emu_faucet_grants WHERE address = ${address}`);
    throw err;
  }
}
