import cfVerifyModule from '@cardano-foundation/cardano-verify-datasignature';
import { base58, bech32 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardanoAddressFromHex,
  cardanoPaymentKeyHash,
  cardanoRewardAddress,
  checkCardanoSignIn,
  checkCardanoStakeSignature,
  checkSolanaSignIn,
  isCardanoAddress,
  isSolanaAddress,
  parseCardanoAddress,
  parseCardanoRewardAddress,
  verifyCardanoSignIn,
  verifySolanaSignIn,
} from '../../src/auth/verify.ts';
import { signingCredential, stakeCredentialOf } from '../../src/auth/cardano-address.ts';
import { createCardanoTestWallet, createSolanaTestWallet, type CardanoTestWallet } from '../support/wallets.ts';

/** The library as shipped (UMD bundle: the function is the module or its `default`). */
type CfVerify = (signature: string, key: string, message?: string, address?: string) => boolean;
const cfVerify: CfVerify =
  typeof cfVerifyModule === 'function'
    ? (cfVerifyModule as CfVerify)
    : (cfVerifyModule as unknown as { default: CfVerify }).default;

const MESSAGE = [
  'kingdom.example wants you to sign in with your Cardano account:',
  'addr_test1…',
  '',
  'Nonce: 6f1c2d3e4a5b',
  'Issued At: 2026-11-22T08:00:00.000Z',
  'Expiration Time: 2026-11-22T08:05:00.000Z',
  'Unicode: ✓ 王国',
].join('\n');

/** A Shelley address built from a header byte and credential hashes (CIP-19), for odd cases. */
function shelleyAddress(header: number, ...hashesHex: string[]): string {
  const bytes = Buffer.concat([Buffer.from([header]), ...hashesHex.map((h) => Buffer.from(h, 'hex'))]);
  const prefix = (header & 0x0f) === 1 ? 'addr' : 'addr_test';
  return bech32.encode(prefix, bech32.toWords(bytes), 200);
}

/** Replaces the first occurrence of `from` (hex) inside `hex`; fails the test if absent. */
function replaceHex(hex: string, from: string, to: string): string {
  const at = hex.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  return hex.slice(0, at) + to + hex.slice(at + from.length);
}

describe('Cardano address helpers', () => {
  const base = createCardanoTestWallet();
  const ent = createCardanoTestWallet({ kind: 'enterprise', network: 'mainnet' });

  it('parses base and enterprise addresses and their payment key hash', () => {
    expect(base.address.startsWith('addr_test1q')).toBe(true);
    expect(ent.address.startsWith('addr1v')).toBe(true);
    expect(parseCardanoAddress(base.address)).toMatchObject({
      network: 'testnet',
      kind: 'base',
      payment: { type: 'key', hash: base.paymentKeyHash },
      stake: { type: 'key', hash: base.stakeKeyHash },
    });
    expect(parseCardanoAddress(ent.address)).toMatchObject({
      network: 'mainnet',
      kind: 'enterprise',
      payment: { type: 'key', hash: ent.paymentKeyHash },
    });
    expect(parseCardanoAddress(ent.address)?.stake).toBeUndefined();
    expect(cardanoPaymentKeyHash(base.address)).toBe(base.paymentKeyHash);
    expect(cardanoPaymentKeyHash(ent.address)).toBe(ent.paymentKeyHash);
  });

  it('validates format and network', () => {
    expect(isCardanoAddress(base.address)).toBe(true);
    expect(isCardanoAddress(base.address, 'testnet')).toBe(true);
    expect(isCardanoAddress(base.address, 'mainnet')).toBe(false);
    expect(isCardanoAddress(ent.address, 'mainnet')).toBe(true);
    expect(isCardanoAddress(base.address.toUpperCase())).toBe(false); // valid bech32, not canonical
    expect(isCardanoAddress(base.address.slice(0, -1) + (base.address.endsWith('q') ? 'p' : 'q'))).toBe(false);
    expect(isCardanoAddress('stake_test1uqehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gssrtvn')).toBe(false);
    expect(isCardanoAddress('')).toBe(false);
    expect(isCardanoAddress(42)).toBe(false);
    expect(isCardanoAddress(null)).toBe(false);
    // addr prefix with a testnet header byte, and addr_test with a mainnet one
    const mixed = bech32.encode('addr', bech32.toWords(Buffer.from(base.addressHex, 'hex')), 200);
    expect(isCardanoAddress(mixed)).toBe(false);
    // pointer address (type 4) and wrong lengths
    expect(isCardanoAddress(shelleyAddress(0x40, base.paymentKeyHash, '010203'))).toBe(false);
    expect(isCardanoAddress(shelleyAddress(0x00, base.paymentKeyHash))).toBe(false);
    expect(isCardanoAddress(shelleyAddress(0x60, base.paymentKeyHash, base.stakeKeyHash))).toBe(false);
  });

  it('flags script payment credentials', () => {
    const scriptEnterprise = shelleyAddress(0x70, base.paymentKeyHash);
    const scriptBase = shelleyAddress(0x11, base.paymentKeyHash, base.stakeKeyHash);
    const keyWithScriptStake = shelleyAddress(0x20, base.paymentKeyHash, base.stakeKeyHash);
    expect(isCardanoAddress(scriptEnterprise)).toBe(true);
    expect(cardanoPaymentKeyHash(scriptEnterprise)).toBeNull();
    expect(cardanoPaymentKeyHash(scriptBase)).toBeNull();
    expect(cardanoPaymentKeyHash(keyWithScriptStake)).toBe(base.paymentKeyHash);
  });

  it('converts CIP-30 hex addresses to bech32', () => {
    expect(cardanoAddressFromHex(base.addressHex)).toBe(base.address);
    expect(cardanoAddressFromHex(ent.addressHex.toUpperCase())).toBe(ent.address);
    expect(cardanoAddressFromHex('zz')).toBeNull();
    expect(cardanoAddressFromHex('')).toBeNull();
    expect(cardanoAddressFromHex('e0' + base.stakeKeyHash)).toBeNull(); // reward address
  });
});

describe('shared Cardano address checks (every proof form) and the watcher\'s stake credential', () => {
  const base = createCardanoTestWallet();
  const ent = createCardanoTestWallet({ kind: 'enterprise', network: 'mainnet' });

  it('answers the key that must sign, or why the address cannot carry a proof', () => {
    expect(signingCredential(base.address, 'testnet', 'payment')).toMatchObject({ network: 'testnet', keyHash: base.paymentKeyHash });
    expect(signingCredential(base.rewardAddress, undefined, 'stake')).toMatchObject({ network: 'testnet', keyHash: base.stakeKeyHash });
    expect(signingCredential(base.address, 'mainnet', 'payment')).toBe('WRONG_NETWORK');
    expect(signingCredential(base.rewardAddress, 'testnet', 'payment')).toBe('BAD_ADDRESS');
    expect(signingCredential(base.address, 'testnet', 'stake')).toBe('BAD_ADDRESS');
    expect(signingCredential(shelleyAddress(0x70, base.paymentKeyHash), undefined, 'payment')).toBe('SCRIPT_ADDRESS');
    expect(signingCredential(42, undefined, 'payment')).toBe('BAD_ADDRESS');
  });

  it('reads the stake credential of base and reward addresses; none for enterprise or garbage', () => {
    expect(stakeCredentialOf(base.address)).toBe(base.stakeKeyHash);
    expect(stakeCredentialOf(base.rewardAddress)).toBe(base.stakeKeyHash);
    expect(stakeCredentialOf(shelleyAddress(0x20, base.paymentKeyHash, base.stakeKeyHash))).toBe(base.stakeKeyHash); // script stake credential
    expect(stakeCredentialOf(ent.address)).toBeNull();
    expect(stakeCredentialOf('addr_test1notanaddress')).toBeNull();
    expect(stakeCredentialOf('')).toBeNull();
  });
});

describe('verifyCardanoSignIn', () => {
  const wallets: Array<[string, CardanoTestWallet]> = [
    ['base testnet', createCardanoTestWallet()],
    ['base mainnet', createCardanoTestWallet({ network: 'mainnet' })],
    ['enterprise testnet', createCardanoTestWallet({ kind: 'enterprise' })],
    ['enterprise mainnet', createCardanoTestWallet({ kind: 'enterprise', network: 'mainnet' })],
  ];

  it.each(wallets)('accepts a CIP-30 signData proof from a %s address', (_, w) => {
    const proof = w.signData(MESSAGE);
    expect(checkCardanoSignIn({ address: w.address, message: MESSAGE, ...proof })).toEqual({ ok: true });
    expect(verifyCardanoSignIn({ address: w.address, message: MESSAGE, ...proof, network: w.network })).toBe(true);
  });

  const w = createCardanoTestWallet();
  const other = createCardanoTestWallet();
  const proof = w.signData(MESSAGE);
  const check = (over: Partial<Parameters<typeof checkCardanoSignIn>[0]>) =>
    checkCardanoSignIn({ address: w.address, message: MESSAGE, ...proof, ...over });

  it('refuses a proof for another network when one is required', () => {
    expect(check({ network: 'mainnet' })).toEqual({ ok: false, reason: 'WRONG_NETWORK' });
  });

  it('refuses a signature by the STAKE key of a base address (which the CF verifier alone accepts)', () => {
    const stake = w.signDataWithStakeKey(MESSAGE);
    expect(cfVerify(stake.signature, stake.key, MESSAGE, w.address)).toBe(true); // the trap
    expect(check(stake)).toEqual({ ok: false, reason: 'KEY_NOT_PAYMENT_CREDENTIAL' });
    expect(verifyCardanoSignIn({ address: w.address, message: MESSAGE, ...stake })).toBe(false);
  });

  it("refuses another wallet's signature, even when it claims this address in its header", () => {
    expect(check(other.signData(MESSAGE))).toEqual({ ok: false, reason: 'ADDRESS_HEADER_MISMATCH' });
    const forged = other.signData(MESSAGE, { addressHeader: Buffer.from(w.addressHex, 'hex') });
    expect(check(forged)).toEqual({ ok: false, reason: 'KEY_NOT_PAYMENT_CREDENTIAL' });
    // their signature presented with this wallet's COSE_Key: the ed25519 check itself fails
    expect(check({ signature: forged.signature, key: proof.key })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it("refuses a swapped COSE_Key (this signature with another wallet's key, or the stake key)", () => {
    expect(check({ key: other.signData(MESSAGE).key })).toEqual({ ok: false, reason: 'KEY_NOT_PAYMENT_CREDENTIAL' });
    expect(check({ key: w.signDataWithStakeKey(MESSAGE).key })).toEqual({
      ok: false,
      reason: 'KEY_NOT_PAYMENT_CREDENTIAL',
    });
  });

  it('refuses a tampered message, payload or signature', () => {
    expect(check({ message: MESSAGE + ' ' })).toEqual({ ok: false, reason: 'PAYLOAD_MISMATCH' });
    expect(check({ message: MESSAGE.replace('6f1c', '6f1d') })).toEqual({ ok: false, reason: 'PAYLOAD_MISMATCH' });
    // the payload says something else than the message (properly signed)
    expect(check(w.signData(MESSAGE, { payload: new TextEncoder().encode('other') }))).toEqual({
      ok: false,
      reason: 'PAYLOAD_MISMATCH',
    });
    // the payload bytes inside the COSE_Sign1 edited (same length) to match an edited message
    const edited = MESSAGE.replace('6f1c', '6f1d');
    const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
    const tampered = replaceHex(proof.signature, hex(MESSAGE), hex(edited));
    expect(check({ message: edited, signature: tampered })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    // one bit of the signature flipped (the last byte of the COSE_Sign1 is the signature's)
    const last = parseInt(proof.signature.slice(-2), 16) ^ 0x01;
    const flipped = proof.signature.slice(0, -2) + last.toString(16).padStart(2, '0');
    expect(check({ signature: flipped })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('refuses an empty message (the CF verifier alone skips its payload check then)', () => {
    expect(cfVerify(proof.signature, proof.key, '', w.address)).toBe(true); // the trap
    expect(check({ message: '' })).toEqual({ ok: false, reason: 'EMPTY_MESSAGE' });
    const empty = w.signData('');
    expect(check({ message: '', ...empty })).toEqual({ ok: false, reason: 'EMPTY_MESSAGE' });
  });

  it('refuses a detached or hashed payload', () => {
    const detached = w.signData(MESSAGE, { detached: true });
    expect(cfVerify(detached.signature, detached.key, MESSAGE, w.address)).toBe(true); // lenient library
    expect(check(detached)).toEqual({ ok: false, reason: 'PAYLOAD_MISMATCH' });
    expect(check(w.signData(MESSAGE, { hashed: true }))).toEqual({ ok: false, reason: 'HASHED_PAYLOAD' });
  });

  it('refuses the wrong address', () => {
    expect(check({ address: other.address })).toEqual({ ok: false, reason: 'ADDRESS_HEADER_MISMATCH' });
    // the same payment key under another stake key: the signed "address" header says otherwise
    const sibling = shelleyAddress(0x00, w.paymentKeyHash, other.stakeKeyHash);
    expect(check({ address: sibling })).toEqual({ ok: false, reason: 'ADDRESS_HEADER_MISMATCH' });
    // without an address header the payment key alone decides: it controls both addresses
    expect(check({ address: sibling, ...w.signData(MESSAGE, { addressHeader: null }) })).toEqual({ ok: true });
    // the address's own stake key as the "address": a reward address is not a sign-in address
    expect(check({ address: bech32.encode('stake_test', bech32.toWords(Buffer.from('e0' + w.stakeKeyHash, 'hex')), 200) }))
      .toEqual({ ok: false, reason: 'BAD_ADDRESS' });
    // a script address whose hash happens to equal the key hash
    expect(check({ address: shelleyAddress(0x70, w.paymentKeyHash), ...w.signData(MESSAGE, { addressHeader: null }) }))
      .toEqual({ ok: false, reason: 'SCRIPT_ADDRESS' });
    expect(check({ address: w.address.toUpperCase() })).toEqual({ ok: false, reason: 'BAD_ADDRESS' });
  });

  it('refuses malformed COSE structures', () => {
    expect(check({ key: replaceHex(proof.key, '2006', '2007') })).toEqual({ ok: false, reason: 'BAD_COSE_KEY' }); // crv X448
    expect(check({ key: replaceHex(proof.key, '0101', '0102') })).toEqual({ ok: false, reason: 'BAD_COSE_KEY' }); // kty EC2
    expect(check({ key: proof.signature })).toEqual({ ok: false, reason: 'BAD_COSE_KEY' });
    expect(check({ signature: proof.key })).toEqual({ ok: false, reason: 'BAD_COSE_SIGN1' });
    expect(check({ signature: proof.signature + '00' })).toEqual({ ok: false, reason: 'BAD_COSE_SIGN1' });
    expect(check({ signature: 'd2' + proof.signature })).toEqual({ ok: false, reason: 'BAD_COSE_SIGN1' }); // tag 18
    expect(check({ signature: replaceHex(proof.signature, 'a2012767', 'a2012667') })).toEqual({
      ok: false,
      reason: 'UNSUPPORTED_ALGORITHM',
    });
  });

  it('decodes CBOR items nested at most 16 deep', () => {
    // The COSE_Key map (depth 0) with one more entry, label 99 → `n` nested one-element arrays around 0.
    const keyWith = (n: number) => {
      const head = Number.parseInt(proof.key.slice(0, 2), 16);
      expect(head & 0xe0).toBe(0xa0); // a map of fewer than 23 entries
      return (head + 1).toString(16) + proof.key.slice(2) + '1863' + '81'.repeat(n) + '00';
    };
    expect(check({ key: keyWith(15) })).toEqual({ ok: true }); // the innermost 0 at depth 16
    expect(check({ key: keyWith(16) })).toEqual({ ok: false, reason: 'BAD_COSE_KEY' }); // at depth 17
  });

  it('returns false, never throws, on garbage', () => {
    const garbage: unknown[] = ['', 'zz', 'abc', '00', 'ff'.repeat(64), '80', 'a0', 'f6', null, undefined, 7, {}, [], 'ß'];
    for (const g of garbage) {
      for (const field of ['address', 'message', 'signature', 'key'] as const) {
        const input = { address: w.address, message: MESSAGE, ...proof, [field]: g } as never;
        expect(() => verifyCardanoSignIn(input)).not.toThrow();
        expect(verifyCardanoSignIn(input)).toBe(false);
      }
    }
    expect(verifyCardanoSignIn(null as never)).toBe(false);
    expect(verifyCardanoSignIn(undefined as never)).toBe(false);
    expect(check({ signature: '0'.repeat(100_000) })).toEqual({ ok: false, reason: 'BAD_INPUT' });
  });

  it('never throws and never accepts arbitrary hex or strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (address, message, signature, key) => {
        expect(verifyCardanoSignIn({ address, message, signature, key })).toBe(false);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 60 }), (sig, key) => {
        const input = { address: w.address, message: MESSAGE, signature: Buffer.from(sig).toString('hex'), key: Buffer.from(key).toString('hex') };
        expect(verifyCardanoSignIn(input)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkCardanoStakeSignature (link a stake key, docs/game-rules.md §8.2)', () => {
  const wallet = createCardanoTestWallet();

  it('parses reward addresses and builds them from a stake key hash', () => {
    const info = parseCardanoRewardAddress(wallet.rewardAddress);
    expect(info).toMatchObject({ network: 'testnet', stake: { type: 'key', hash: wallet.stakeKeyHash } });
    expect(cardanoRewardAddress(wallet.stakeKeyHash, 'testnet')).toBe(wallet.rewardAddress);
    expect(parseCardanoRewardAddress(wallet.address)).toBeNull();
    expect(parseCardanoRewardAddress(wallet.rewardAddress.toUpperCase())).toBeNull();
    expect(parseCardanoAddress(wallet.rewardAddress)).toBeNull();
  });

  it('accepts the stake key signing with its reward address', () => {
    expect(checkCardanoStakeSignature({ address: wallet.rewardAddress, message: MESSAGE, ...wallet.signStakeData(MESSAGE), network: 'testnet' })).toEqual({ ok: true });
  });

  it('refuses the payment key, another wallet\'s stake key, the wrong network, the payment address and a changed message', () => {
    const other = createCardanoTestWallet();
    const check = (input: Partial<Parameters<typeof checkCardanoStakeSignature>[0]>) =>
      checkCardanoStakeSignature({ address: wallet.rewardAddress, message: MESSAGE, ...wallet.signStakeData(MESSAGE), network: 'testnet', ...input });
    expect(check(wallet.signData(MESSAGE, { addressHeader: null }))).toEqual({ ok: false, reason: 'KEY_NOT_PAYMENT_CREDENTIAL' });
    expect(check(other.signStakeData(MESSAGE))).toMatchObject({ ok: false });
    expect(check({ network: 'mainnet' })).toEqual({ ok: false, reason: 'WRONG_NETWORK' });
    expect(check({ address: wallet.address })).toEqual({ ok: false, reason: 'BAD_ADDRESS' });
    expect(check({ message: MESSAGE + '!' })).toEqual({ ok: false, reason: 'PAYLOAD_MISMATCH' });
    // a stake-key signature never signs in (payment key required)
    expect(checkCardanoSignIn({ address: wallet.address, message: MESSAGE, ...wallet.signStakeData(MESSAGE) })).toMatchObject({ ok: false });
  });
});

describe('Solana', () => {
  const w = createSolanaTestWallet();
  const other = createSolanaTestWallet();
  const signature = w.signMessage(MESSAGE);
  const check = (over: Partial<Parameters<typeof checkSolanaSignIn>[0]>) =>
    checkSolanaSignIn({ address: w.address, message: MESSAGE, signature, ...over });

  it('validates addresses', () => {
    expect(isSolanaAddress(w.address)).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true); // 32 zero bytes (system program)
    expect(isSolanaAddress(base58.encode(new Uint8Array(31).fill(7)))).toBe(false);
    expect(isSolanaAddress(base58.encode(new Uint8Array(33).fill(7)))).toBe(false);
    expect(isSolanaAddress(w.address.replace(/.$/, '0'))).toBe(false); // 0 is not base58
    expect(isSolanaAddress('')).toBe(false);
    expect(isSolanaAddress(123)).toBe(false);
  });

  it('accepts an ed25519 signature by the address over the UTF-8 message', () => {
    expect(check({})).toEqual({ ok: true });
    expect(verifySolanaSignIn({ address: w.address, message: MESSAGE, signature })).toBe(true);
  });

  it('refuses another key, another address, a tampered message or signature, an empty message', () => {
    expect(check({ signature: other.signMessage(MESSAGE) })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(check({ address: other.address })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(check({ message: MESSAGE + '.' })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    const sig = base58.decode(signature);
    sig[10] = (sig[10] ?? 0) ^ 0x40;
    expect(check({ signature: base58.encode(sig) })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    // signed over the hex text of the message instead of its bytes
    expect(check({ signature: w.signMessage(Buffer.from(MESSAGE).toString('hex')) })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(check({ message: '', signature: w.signMessage('') })).toEqual({ ok: false, reason: 'EMPTY_MESSAGE' });
  });

  it('returns false, never throws, on garbage', () => {
    expect(check({ signature: 'not-base58!' })).toEqual({ ok: false, reason: 'BAD_SIGNATURE_ENCODING' });
    expect(check({ signature: base58.encode(base58.decode(signature).subarray(1)) })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE_ENCODING',
    });
    expect(check({ signature: Buffer.from(base58.decode(signature)).toString('hex') })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE_ENCODING',
    });
    expect(check({ address: 'l0l' })).toEqual({ ok: false, reason: 'BAD_ADDRESS' });
    const garbage: unknown[] = ['', '0', 'OIl', null, undefined, 5, {}, '1'.repeat(500)];
    for (const g of garbage) {
      for (const field of ['address', 'message', 'signature'] as const) {
        const input = { address: w.address, message: MESSAGE, signature, [field]: g } as never;
        expect(() => verifySolanaSignIn(input)).not.toThrow();
        expect(verifySolanaSignIn(input)).toBe(false);
      }
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (address, message, sig) => {
        expect(verifySolanaSignIn({ address, message, signature: sig })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
