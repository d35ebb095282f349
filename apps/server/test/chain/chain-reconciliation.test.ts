/**
 * The treasury reconciliation (docs/game-rules.md §8.7) holds after any sequence of chain money: deposits
 * from linked and unlinked wallets, linking, blocks, rollbacks of up to 3 blocks, withdrawals whose
 * payouts succeed or are refused, and game credits — on PGlite and Postgres. Also: no balance goes
 * negative, no payment output is credited twice, and no payout is both returned and on chain (some
 * submits fail ambiguously: refused, accepted then timed out, 500, 429 — docs/game-rules.md §8.2). An attacker (docs/game-rules.md §8.2) signed in with its own
 * payment key + the player's stake credential, while the player deposits from another address of
 * its HD wallet and sometimes proves its stake key: the attacker never gains anything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, STAKING_PATHS } from '@kingdom/api';
import { depositMessage } from '@kingdom/game';
import { exec } from '../../src/db/client.ts';
import { treasuryReport } from '../../src/modules/chain/reconcile.ts';
import { fundDemoWallet, payDemoFunding } from '../../src/modules/demo/chain-faucet.ts';
import { createTestKingdom, challengeFor, signInCardano, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';

/** How the network answers a payout's submit: fine, refuses it, takes it then times out, or 500s / 429s without taking it. */
type Fault = 'none' | 'refuse' | 'acceptThenTimeout' | 'status500' | 'status429';

type Action =
  | { kind: 'deposit'; token: 'exo' | 'hexo'; amount: number }
  | { kind: 'strangerDeposit'; amount: number }
  | { kind: 'link' }
  | { kind: 'siblingDeposit'; amount: number }
  | { kind: 'proveStake' }
  | { kind: 'blocks'; n: number }
  | { kind: 'rollback'; depth: number }
  | { kind: 'withdraw'; token: 'exo' | 'hexo'; amount: number; fault: Fault }
  | { kind: 'credit'; amount: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), token: fc.constantFrom('exo' as const, 'hexo' as const), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('strangerDeposit' as const), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.constant({ kind: 'link' as const }),
  fc.record({ kind: fc.constant('siblingDeposit' as const), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.constant({ kind: 'proveStake' as const }),
  fc.record({ kind: fc.constant('blocks' as const), n: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('rollback' as const), depth: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), token: fc.constantFrom('exo' as const, 'hexo' as const), amount: fc.integer({ min: 1, max: 400 }),
    fault: fc.constantFrom<Fault>('none', 'none', 'refuse', 'acceptThenTimeout', 'status500', 'status429') }),
  fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 200 }) }),
);

describe(`treasury reconciliation under random chain money (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } }); });
  afterAll(async () => { await k.close(); });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function scenario(actions: Action[]): Promise<void> {
    const wallet = createCardanoTestWallet();
    const { token, user } = await signInCardano(k, wallet);
    await payDemoFunding(k.db, k.providers.money);
    expect((await k.post(STAKING_PATHS.walletsSetMaster, { address: wallet.address }, bearer(token))).statusCode).toBe(200);
    const stranger: CardanoTestWallet = createCardanoTestWallet();
    await fundDemoWallet(k.db, k.app.deps.chainJobs, stranger.address, k.now());
    // the attack of docs/game-rules.md §8.2: its own payment key + the player's stake credential, signed in first
    const attacker = await signInCardano(k, createCardanoTestWallet({ foreignStakeKeyHash: wallet.stakeKeyHash }));
    const attackerBalances = async () => (await exec<{ n: string }>(k.db.orm, sql`
      SELECT COALESCE(sum(amount), 0)::text AS n FROM balances WHERE user_id = ${attacker.user.user_id}`))[0]!.n;
    const attackerBefore = await attackerBalances();
    const sibling = createCardanoTestWallet({ stakeFrom: wallet });
    await fundDemoWallet(k.db, k.app.deps.chainJobs, sibling.address, k.now());
    const money = k.app.deps.providers.money;
    // game-issued tokens to start with, so most withdrawals have something to pay
    await k.post('/demo/faucet', { address: wallet.address, hexo: '500', exo: '500' });

    for (const a of actions) {
      if (a.kind === 'deposit' || a.kind === 'strangerDeposit' || a.kind === 'siblingDeposit') {
        const from = a.kind === 'deposit' ? wallet : a.kind === 'siblingDeposit' ? sibling : stranger;
        const lucid = await money.lucid();
        const utxos = await money.ledger.lucidProvider().getUtxos(from.address);
        if (!utxos.length) continue; // its funding was rolled back, or all spent in this block
        lucid.selectWallet.fromAddress(from.address, utxos);
        const unit = a.kind === 'deposit' ? money.units[a.token] : money.units.hexo;
        try {
          const tx = await lucid.newTx().pay.ToAddress(money.treasury.address, { [unit]: BigInt(a.amount) * 1_000_000n })
            .attachMetadata(674, { msg: depositMessage(user.user_id) }).complete();
          await k.post(ENDPOINTS.chainSubmitTx.path, { tx: tx.toCBOR(), witness_set: from.signTx(tx.toCBOR()) }, bearer(token));
        } catch {
          // not enough left in the wallet: nothing sent
        }
      } else if (a.kind === 'link') {
        const message = await challengeFor(k, 'cardano', stranger.address);
        await k.post(STAKING_PATHS.walletsLink, { chain: 'cardano', address: stranger.address, message, ...stranger.signData(message) }, bearer(token));
      } else if (a.kind === 'proveStake') {
        const message = await challengeFor(k, 'cardano', wallet.rewardAddress);
        await k.post(STAKING_PATHS.walletsLinkStake, { address: wallet.rewardAddress, message, ...wallet.signStakeData(message) }, bearer(token));
      } else if (a.kind === 'blocks') {
        await k.post(ENDPOINTS.demoBlocks.path, { count: a.n });
      } else if (a.kind === 'rollback') {
        await money.emulator!.rollback(a.depth);
        await k.app.deps.chainJobs.run();
      } else if (a.kind === 'withdraw') {
        const ledger = money.ledger;
        const original = ledger.lucidProvider.bind(ledger);
        const fault = a.fault;
        if (fault !== 'none') {
          const provider = original();
          const submitTx = async (cbor: string) => {
            if (fault === 'acceptThenTimeout') await provider.submitTx(cbor);
            throw new Error({ refuse: 'refused: ValueNotConserved', acceptThenTimeout: 'The operation was aborted due to timeout',
              status500: '{"status_code":500,"error":"Internal Server Error"}', status429: '{"status_code":429,"error":"Project Over Limit"}' }[fault]);
          };
          ledger.lucidProvider = () => Object.assign(Object.create(provider), { submitTx });
        }
        try {
          await k.post(ENDPOINTS.chainWithdrawalCreate.path, { token: a.token, amount: String(a.amount) }, { ...bearer(token), 'idempotency-key': randomUUID() });
          await k.app.deps.chainJobs.run();
        } finally {
          ledger.lucidProvider = original;
        }
      } else {
        await k.post('/demo/faucet', { address: wallet.address, hexo: String(a.amount), exo: String(a.amount) });
      }
      for (const r of await treasuryReport(k.db.orm, money)) {
        expect(r.reconciliation, `${r.token} after ${a.kind}`).toMatchObject({ holds: true });
      }
      expect(await attackerBalances(), `attacker after ${a.kind}`).toBe(attackerBefore);
    }
    // the network works again and time passes: every payout reaches a verdict (paid or returned), once
    for (let i = 0; i < 4; i++) {
      k.advance(3 * 60_000);
      await k.post(ENDPOINTS.demoBlocks.path, { count: 20 });
    }
    for (const r of await treasuryReport(k.db.orm, money)) expect(r.reconciliation, `${r.token} at the end`).toMatchObject({ holds: true });
    const [open] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM chain_withdrawals WHERE status IN ('requested', 'submitted')`);
    expect(open!.n).toBe(0);
    // never paid twice: no withdrawal returned to the balance has its payout on chain
    const ended = await exec<{ tx_hash: string }>(k.db.orm, sql`SELECT tx_hash FROM chain_withdrawals WHERE status IN ('failed', 'expired') AND tx_hash IS NOT NULL`);
    for (const w of ended) expect(await money.ledger.txBlock(w.tx_hash), `returned payout ${w.tx_hash} is on chain`).toBeNull();
    const [confirmedOff] = await exec<{ tx_hash: string }>(k.db.orm, sql`SELECT tx_hash FROM chain_withdrawals WHERE status = 'confirmed'`);
    if (confirmedOff) expect(await money.ledger.txBlock(confirmedOff.tx_hash)).not.toBeNull();
    const [negative] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM balances WHERE amount < 0`);
    expect(negative!.n).toBe(0);
    const [twice] = await exec<{ n: number }>(k.db.orm, sql`
      SELECT count(*)::int AS n FROM (SELECT reference, asset FROM ledger_entries WHERE reason = 'deposit' GROUP BY reference, asset HAVING count(*) > 1) d`);
    expect(twice!.n).toBe(0);
  }

  it('Σ balances + Σ pending withdrawals = Σ confirmed deposits − Σ confirmed withdrawals + Σ game-issued, always', async () => {
    await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 3, maxLength: 12 }), scenario), { numRuns: TEST_DB === 'postgres' ? 12 : 15, endOnFailure: true });
  }, 300_000);
});
