/**
 * The emulator's faucet (demo mode, docs/architecture.md §5.4): the first sign-in of a Cardano address gives
 * its wallet real emulator UTxOs — ADA for fees, EXO and HEXO native tokens to deposit — paid by the
 * emulator's faucet key, then a block is produced so they can be spent.
 *
 * No chain work happens inside the sign-in (docs/game-rules.md §13.4): sign-in only records a request
 * (`emu_faucet_grants` with no transaction yet); the `demo-funding` job pays the waiting requests,
 * several wallets in one transaction, once cluster-wide under its lease.
 */
import { DEMO_WALLET_FUNDS } from '@kingdom/game';
import type { Database, Orm } from '../../db/client.ts';
import { insertFundingRequest, markFunded, waitingFundingRequests } from './repository.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';

/** Lease name of the funding job. */
export const DEMO_FUNDING_JOB = 'demo-funding';

/** Wallets paid by one funding transaction (4 outputs each keep it far below the size limit). */
const WALLETS_PER_TX = 10;

/** True when `money` has a faucet and `address` is an emulator (testnet) address. */
function fundable(money: CardanoMoney, address: string): boolean {
  return money.emulator !== null && money.faucet !== null && address.startsWith('addr_test1');
}

/**
 * Asks for `address` to be funded once (sign-in calls this; a job pays it). Does nothing on a real
 * network or for an address asked for before.
 * @returns true when this call recorded a new request
 */
export async function requestDemoFunding(orm: Orm, money: CardanoMoney, address: string, now: Date): Promise<boolean> {
  if (!fundable(money, address)) return false;
  return insertFundingRequest(orm, address, now);
}

/**
 * Pays the waiting requests (oldest first, {@link WALLETS_PER_TX} per transaction) from the faucet,
 * then produces a block so the wallets can spend at once. Run by the `demo-funding` job.
 * @returns hash of the funding transaction per address paid
 * @throws Error when the emulator refuses a payment (the requests stay waiting for the next run)
 */
export function payDemoFunding(db: Database, money: CardanoMoney, limit = WALLETS_PER_TX): Promise<Map<string, string>> {
  // One payment at a time per process: two built at once would spend the same faucet UTxOs (the
  // job's lease keeps processes apart; this keeps a process's own callers apart).
  const prior = funding.get(money) ?? Promise.resolve();
  const run = prior.then(() => payWaiting(db, money, limit));
  funding.set(money, run.catch(() => undefined));
  return run;
}

const funding = new WeakMap<CardanoMoney, Promise<unknown>>();

async function payWaiting(db: Database, money: CardanoMoney, limit: number): Promise<Map<string, string>> {
  const paid = new Map<string, string>();
  if (!money.emulator || !money.faucet) return paid;
  const addresses = await waitingFundingRequests(db.orm, limit);
  if (addresses.length === 0) return paid;
  const lucid = await money.lucid();
  lucid.selectWallet.fromPrivateKey(money.faucet.privateKey);
  let builder = lucid.newTx();
  for (const address of addresses) {
    for (let i = 0; i < DEMO_WALLET_FUNDS.utxos; i++) {
      builder = builder.pay.ToAddress(address, {
        lovelace: DEMO_WALLET_FUNDS.lovelacePerUtxo, [money.units.exo]: DEMO_WALLET_FUNDS.exoPerUtxo, [money.units.hexo]: DEMO_WALLET_FUNDS.hexoPerUtxo,
      });
    }
  }
  const signed = await (await builder.complete()).sign.withWallet().complete();
  const hash = await money.ledger.lucidProvider().submitTx(signed.toCBOR());
  await markFunded(db.orm, addresses, hash);
  for (const a of addresses) paid.set(a, hash);
  await money.emulator.produceBlocks(1);
  return paid;
}

/**
 * Funds `address` now (tests and the CLI): records the request and pays it with any others waiting.
 * `jobs`: the chain-money jobs (`jobs/chain-money.ts`), of which only the Cardano money is used.
 * @returns the funding transaction's hash, or null when nothing was paid (funded before, or not fundable)
 * @throws Error when the emulator refuses the payment (the request stays waiting)
 */
export async function fundDemoWallet(db: Database, jobs: { money: CardanoMoney }, address: string, now: Date): Promise<string | null> {
  if (!(await requestDemoFunding(db.orm, jobs.money, address, now))) return null;
  for (;;) {
    const paid = await payDemoFunding(db, jobs.money);
    if (paid.size === 0) return null;
    const hash = paid.get(address);
    if (hash) return hash;
  }
}
