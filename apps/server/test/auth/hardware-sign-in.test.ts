/**
 * Hardware-wallet sign-in (the spec's HD flag; docs/game-rules.md §10.1): Ledger / Trezor do not do CIP-30
 * `signData`, so the server builds an unsigned transaction carrying the issued challenge (CIP-20
 * label 674), the wallet signs it (`signTx`, here EMURGO's serialization lib, independent of the
 * server's Lucid/CML), and `POST /auth/login` with `tx` verifies it. The transaction can never be
 * submitted: its validity interval is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { ENDPOINTS, type LoginResponse } from '@kingdom/api';
import { fundDemoWallet } from '../../src/modules/demo/chain-faucet.ts';
import { cip20Chunks } from '../../src/modules/auth/sign-in-tx.ts';
import { withWitnessSet } from '../../../web/src/wallets/cardano/assemble.ts';
import { challengeFor, createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

/** The signed transaction: the wallet's witness set put into the unsigned one (body bytes kept). */
function assemble(txHex: string, witnessSetHex: string): string {
  const fixed = CSL.FixedTransaction.from_hex(txHex);
  fixed.set_witness_set(Buffer.from(witnessSetHex, 'hex'));
  return fixed.to_hex();
}

describe(`hardware wallet sign-in by transaction (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ env: { DEMO_CHAIN_FAUCET: 'true' } }); });
  afterAll(async () => { await k.close(); });

  it('challenge → unsigned tx (validity already over) → signTx → login', async () => {
    const wallet = createCardanoTestWallet();
    await fundDemoWallet(k.db, k.app.deps.chainJobs, wallet.address, k.now());
    await k.post(ENDPOINTS.demoBlocks.path, { count: 1 });
    const message = await challengeFor(k, 'cardano', wallet.address);
    const built = await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message });
    expect(built.statusCode, built.body).toBe(200);
    const { tx } = built.json<{ tx: string }>();
    // what the wallet is asked to sign: the message as CIP-20 chunks, the payment key required, validity over
    const parsed = CSL.Transaction.from_hex(tx);
    const msg = parsed.auxiliary_data()!.metadata()!.get(CSL.BigNum.from_str('674'))!.as_map().get_str('msg').as_list();
    expect(Array.from({ length: msg.len() }, (_, i) => msg.get(i).as_text()).join('')).toBe(message);
    expect(parsed.body().required_signers()!.get(0).to_hex()).toBe(wallet.paymentKeyHash);
    const ttl = Number(parsed.body().ttl_bignum()!.to_str());
    expect(ttl).toBeLessThan((await k.app.deps.providers.money.ledger.tip()).slot);

    const signed = assemble(tx, wallet.signTx(tx));
    const login = await k.post(ENDPOINTS.authLogin.path, { chain: 'cardano', address: wallet.address, message, tx: signed, wallet: 'ledger' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<LoginResponse>().user.connect_wallet).toBe(wallet.address);
    // the signed sign-in transaction can never move funds: the (strict) ledger refuses it
    await expect(k.app.deps.providers.money.ledger.lucidProvider().submitTx(signed)).rejects.toThrow();
    // single use, like any challenge
    expect((await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message })).json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    expect((await k.post(ENDPOINTS.authLogin.path, { chain: 'cardano', address: wallet.address, message, tx: signed })).json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    // the web app's own assembler (cborg, no transaction library in the browser) gives a transaction the server accepts too
    const again = await challengeFor(k, 'cardano', wallet.address);
    const { tx: tx2 } = (await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message: again })).json<{ tx: string }>();
    const fromWeb = withWitnessSet(tx2, wallet.signTx(tx2));
    expect(fromWeb).toBe(assemble(tx2, wallet.signTx(tx2)));
    expect((await k.post(ENDPOINTS.authLogin.path, { chain: 'cardano', address: wallet.address, message: again, tx: fromWeb })).statusCode).toBe(200);
  });

  it('refuses a message it did not issue to that address, and a wallet without UTxOs', async () => {
    const wallet = createCardanoTestWallet();
    const other = createCardanoTestWallet();
    const message = await challengeFor(k, 'cardano', other.address);
    expect((await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message })).json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    const own = await challengeFor(k, 'cardano', wallet.address);
    expect((await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message: own + 'x' })).json().error).toBe('WALLET_MESSAGE_NOT_VALID');
    expect((await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: wallet.address, message: own })).json().error).toBe('ERROR_WALLET_NOT_ENOUGH_UTXO');
    expect((await k.post(ENDPOINTS.authChallengeTx.path, { chain: 'cardano', address: 'addr_test1nope', message: own })).json().error).toBe('NOT_VALID_REQUEST_ADDRESS');
  });

  it('cuts CIP-20 chunks at 64 UTF-8 bytes without splitting a character', () => {
    const text = 'a'.repeat(63) + '王国' + 'b'.repeat(70);
    const chunks = cip20Chunks(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.every((c) => new TextEncoder().encode(c).length <= 64)).toBe(true);
    expect(chunks[0]).toBe('a'.repeat(63));
    expect(cip20Chunks('')).toEqual(['']);
  });
});
