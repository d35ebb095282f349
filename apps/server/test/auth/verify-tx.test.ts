import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCardanoSignInTx,
  checkSolanaSignInTx,
  verifyCardanoSignInTx,
  verifySolanaSignInTx,
} from '../../src/auth/verify-tx.ts';
import { cip20Chunks, createCardanoTxTestWallet, createSolanaTxTestWallet } from '../support/wallets.ts';

/** Longer than 64 bytes and with multi-byte characters, so CIP-20 chunking is exercised. */
const MESSAGE = [
  'kingdom.example wants you to sign in with your account:',
  '',
  'Nonce: 6f1c2d3e4a5b',
  'Issued At: 2026-11-22T08:00:00.000Z',
  'Expiration Time: 2026-11-22T08:05:00.000Z',
  'Unicode: ✓ 王国 王国 王国 王国 王国 王国 王国 王国 王国 王国 王国 王国 王国',
].join('\n');

describe('cip20Chunks (test helper)', () => {
  it('splits into ≤64-byte chunks that join back to the text', () => {
    const chunks = cip20Chunks(MESSAGE);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(MESSAGE);
    for (const c of chunks) expect(Buffer.byteLength(c)).toBeLessThanOrEqual(64);
  });
});

describe('Cardano sign-in by transaction', () => {
  const wallet = createCardanoTxTestWallet();
  const check = (tx: string, message = MESSAGE, address = wallet.address) =>
    checkCardanoSignInTx({ address, message, tx });

  it('accepts a transaction signed by the payment key carrying the message (base and enterprise, both networks)', () => {
    expect(check(wallet.signMessageTx(MESSAGE))).toEqual({ ok: true });
    expect(verifyCardanoSignInTx({ address: wallet.address, message: MESSAGE, tx: wallet.signMessageTx(MESSAGE) })).toBe(
      true,
    );
    const enterprise = createCardanoTxTestWallet({ kind: 'enterprise' });
    expect(verifyCardanoSignInTx({ address: enterprise.address, message: 'hi', tx: enterprise.signMessageTx('hi') })).toBe(
      true,
    );
    const mainnet = createCardanoTxTestWallet({ network: 'mainnet' });
    const tx = mainnet.signMessageTx(MESSAGE, { networkId: 1 });
    expect(checkCardanoSignInTx({ address: mainnet.address, message: MESSAGE, tx, network: 'mainnet' })).toEqual({
      ok: true,
    });
    expect(checkCardanoSignInTx({ address: mainnet.address, message: MESSAGE, tx, network: 'testnet' })).toEqual({
      ok: false,
      reason: 'WRONG_NETWORK',
    });
  });

  it('hashes the auxiliary data bytes as sent, not a re-encoding', () => {
    // {674: {"msg": [_ "hello kingdom"]}} with a non-minimal label (0x1a 000002a2) and an indefinite list.
    const text = 'hello kingdom';
    const aux = Buffer.concat([
      Buffer.from('a11a000002a2a1636d73679f', 'hex'),
      Buffer.from([0x60 + text.length]),
      Buffer.from(text),
      Buffer.from('ff', 'hex'),
    ]);
    expect(check(wallet.signMessageTx(text, { auxiliaryDataCbor: aux }), text)).toEqual({ ok: true });
  });

  it('refuses a witness by another key or by the stake key', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { signer: 'other' }))).toEqual({
      ok: false,
      reason: 'NO_PAYMENT_KEY_WITNESS',
    });
    expect(check(wallet.signMessageTx(MESSAGE, { signer: 'stake' }))).toEqual({
      ok: false,
      reason: 'NO_PAYMENT_KEY_WITNESS',
    });
    // Another wallet's honest transaction, claimed for this address.
    const other = createCardanoTxTestWallet();
    expect(check(other.signMessageTx(MESSAGE))).toEqual({ ok: false, reason: 'NO_PAYMENT_KEY_WITNESS' });
  });

  it('refuses when the metadata is not exactly the message', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { metadataMessage: `${MESSAGE} ` }))).toEqual({
      ok: false,
      reason: 'MESSAGE_MISMATCH',
    });
    expect(check(wallet.signMessageTx(MESSAGE), MESSAGE.slice(0, -1))).toEqual({ ok: false, reason: 'MESSAGE_MISMATCH' });
    expect(check(wallet.signMessageTx(MESSAGE, { label: 675 }))).toEqual({ ok: false, reason: 'NO_MESSAGE_METADATA' });
    // {674: {"msg": "text"}}: msg must be a list.
    const aux = Buffer.concat([Buffer.from('a11902a2a1636d736762', 'hex'), Buffer.from('hi')]);
    expect(check(wallet.signMessageTx('hi', { auxiliaryDataCbor: aux }), 'hi')).toEqual({
      ok: false,
      reason: 'NO_MESSAGE_METADATA',
    });
  });

  it('refuses auxiliary data not bound to the body', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { omitAuxiliaryDataHash: true }))).toEqual({
      ok: false,
      reason: 'AUXILIARY_DATA_HASH_MISMATCH',
    });
    // Signed over other metadata, then the message swapped in.
    expect(check(wallet.signMessageTx('something else', { replaceMetadataAfterSigning: MESSAGE }))).toEqual({
      ok: false,
      reason: 'AUXILIARY_DATA_HASH_MISMATCH',
    });
  });

  it('refuses a body changed after signing', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { tamperBodyAfterSigning: true }))).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('refuses a body for another network, bad addresses and garbage without throwing', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { networkId: 1 }))).toEqual({ ok: false, reason: 'WRONG_NETWORK' });
    const tx = wallet.signMessageTx(MESSAGE);
    expect(check(tx, '')).toEqual({ ok: false, reason: 'EMPTY_MESSAGE' });
    expect(check(tx, MESSAGE, 'addr_test1xyz')).toEqual({ ok: false, reason: 'BAD_ADDRESS' });
    expect(check('zz')).toEqual({ ok: false, reason: 'BAD_INPUT' });
    expect(check('')).toEqual({ ok: false, reason: 'BAD_INPUT' });
    expect(check('00')).toEqual({ ok: false, reason: 'BAD_TX' });
    expect(check(tx.slice(0, -2))).toEqual({ ok: false, reason: 'BAD_TX' });
    expect(check(`${tx}00`)).toEqual({ ok: false, reason: 'BAD_TX' });
    expect(verifyCardanoSignInTx(null as never)).toBe(false);
    expect(verifyCardanoSignInTx({ address: 1, message: {}, tx: [] } as never)).toBe(false);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(verifyCardanoSignInTx({ address: wallet.address, message: MESSAGE, tx: Buffer.from(bytes).toString('hex') })).toBe(
          false,
        );
      }),
      { numRuns: 300 },
    );
    // Single flipped bytes of a valid transaction are never accepted.
    const bytes = Buffer.from(tx, 'hex');
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (i, x) => {
        const copy = Buffer.from(bytes);
        copy[i] = copy[i]! ^ x;
        expect(() => checkCardanoSignInTx({ address: wallet.address, message: MESSAGE, tx: copy.toString('hex') })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('Solana sign-in by transaction', () => {
  const wallet = createSolanaTxTestWallet();
  const check = (tx: string, message = MESSAGE, address = wallet.address) => checkSolanaSignInTx({ address, message, tx });

  it('accepts a legacy or v0 transaction with the memo, paid and signed by the address', () => {
    expect(check(wallet.signMessageTx(MESSAGE))).toEqual({ ok: true });
    expect(check(wallet.signMessageTx(MESSAGE, { version: 'v0' }))).toEqual({ ok: true });
    expect(check(wallet.signMessageTx(MESSAGE, { memoProgramId: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo' }))).toEqual({
      ok: true,
    });
    expect(verifySolanaSignInTx({ address: wallet.address, message: MESSAGE, tx: wallet.signMessageTx(MESSAGE) })).toBe(true);
  });

  it('refuses a memo that is not exactly the message, or from another program', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { memo: `${MESSAGE}!` }))).toEqual({ ok: false, reason: 'MESSAGE_MISMATCH' });
    expect(check(wallet.signMessageTx(MESSAGE), MESSAGE.slice(1))).toEqual({ ok: false, reason: 'MESSAGE_MISMATCH' });
    expect(check(wallet.signMessageTx(MESSAGE, { memoProgramId: '11111111111111111111111111111111' }))).toEqual({
      ok: false,
      reason: 'NO_MEMO',
    });
  });

  it('refuses another fee payer, another wallet and a signature by another key', () => {
    expect(check(wallet.signMessageTx(MESSAGE, { otherFeePayer: true }))).toEqual({
      ok: false,
      reason: 'FEE_PAYER_MISMATCH',
    });
    const other = createSolanaTxTestWallet();
    expect(check(other.signMessageTx(MESSAGE))).toEqual({ ok: false, reason: 'FEE_PAYER_MISMATCH' });
    expect(check(wallet.signMessageTx(MESSAGE, { signedByOther: true }))).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(check(wallet.signMessageTx(MESSAGE, { signedByOther: true, version: 'v0' }))).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('refuses a transaction changed after signing', () => {
    for (const version of ['legacy', 'v0'] as const) {
      expect(check(wallet.signMessageTx('other text', { version, replaceMemoAfterSigning: MESSAGE }))).toEqual({
        ok: false,
        reason: 'BAD_SIGNATURE',
      });
    }
  });

  it('refuses garbage without throwing', () => {
    const tx = wallet.signMessageTx(MESSAGE);
    expect(check(tx, '')).toEqual({ ok: false, reason: 'EMPTY_MESSAGE' });
    expect(check(tx, MESSAGE, 'not-base58!')).toEqual({ ok: false, reason: 'BAD_ADDRESS' });
    expect(check('not base64!')).toEqual({ ok: false, reason: 'BAD_INPUT' });
    expect(check('')).toEqual({ ok: false, reason: 'BAD_INPUT' });
    expect(check('AAAA')).toEqual({ ok: false, reason: 'BAD_TX' });
    const bytes = Buffer.from(tx, 'base64');
    expect(check(Buffer.concat([bytes, Buffer.from([0])]).toString('base64'))).toEqual({ ok: false, reason: 'BAD_TX' });
    expect(check(bytes.subarray(0, -1).toString('base64'))).toEqual({ ok: false, reason: 'BAD_TX' });
    expect(verifySolanaSignInTx(undefined as never)).toBe(false);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (garbage) => {
        expect(verifySolanaSignInTx({ address: wallet.address, message: MESSAGE, tx: Buffer.from(garbage).toString('base64') })).toBe(
          false,
        );
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (i, x) => {
        const copy = Buffer.from(bytes);
        copy[i] = copy[i]! ^ x;
        expect(verifySolanaSignInTx({ address: wallet.address, message: MESSAGE, tx: copy.toString('base64') })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
