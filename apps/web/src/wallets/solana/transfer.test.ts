// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js';
import { MEMO_PROGRAM, SOLANA_TX_SIZE_LIMIT, buildSignInMemoTransaction, buildSolanaPayTransfer, versionFor } from './transfer.ts';

// Parsed back with @solana/web3.js (an independent implementation of the wire format).
const payer = Keypair.generate().publicKey.toBase58();
const recipient = Keypair.generate().publicKey.toBase58();
const reference = Keypair.generate().publicKey.toBase58();
const recentBlockhash = Keypair.generate().publicKey.toBase58();
const request = { recipient, lamports: '123456789', reference, memo: 'kingdom order 42' };

function parse(bytes: Uint8Array) {
  const tx = VersionedTransaction.deserialize(bytes);
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  const ixs = tx.message.compiledInstructions.map((ix) => ({ program: keys[ix.programIdIndex], accounts: ix.accountKeyIndexes.map((i) => keys[i]), data: ix.data }));
  return { tx, keys, ixs };
}

describe('buildSolanaPayTransfer', () => {
  it('legacy: fee payer, blockhash, transfer with the reference as a read-only non-signer key, memo to the named memo program', () => {
    const built = buildSolanaPayTransfer(payer, request, { recentBlockhash, lastValidBlockHeight: 100n, version: 'legacy' });
    expect(built.version).toBe('legacy');
    expect(built.signatures).toBe(1);
    const { tx, keys, ixs } = parse(built.bytes);
    expect(tx.version).toBe('legacy');
    expect(keys[0]).toBe(payer);
    expect(tx.message.recentBlockhash).toBe(recentBlockhash);
    expect(tx.message.header.numRequiredSignatures).toBe(1);
    expect(tx.signatures).toHaveLength(1);
    expect([...tx.signatures[0]!].every((b) => b === 0)).toBe(true); // unsigned: the wallet signs
    expect(ixs).toHaveLength(2);
    const [transfer, memo] = ixs;
    expect(transfer!.program).toBe(SystemProgram.programId.toBase58());
    expect(transfer!.accounts).toEqual([payer, recipient, reference]);
    // System transfer: u32 LE 2, u64 LE lamports
    const data = Buffer.from(transfer!.data);
    expect(data.readUInt32LE(0)).toBe(2);
    expect(data.readBigUInt64LE(4)).toBe(123456789n);
    // the reference is read-only and does not sign
    const refIndex = keys.indexOf(reference);
    expect(tx.message.isAccountSigner(refIndex)).toBe(false);
    expect(tx.message.isAccountWritable(refIndex)).toBe(false);
    expect(tx.message.isAccountWritable(keys.indexOf(recipient))).toBe(true);
    expect(memo!.program).toBe(MEMO_PROGRAM);
    expect(Buffer.from(memo!.data).toString('utf8')).toBe('kingdom order 42');
    expect(built.size).toBe(built.bytes.length);
    expect(Buffer.from(built.bytes).toString('base64')).toBe(built.base64);
  });

  it('v0 when asked: the same instructions in a version-0 message without lookup tables', () => {
    const built = buildSolanaPayTransfer(payer, request, { recentBlockhash, lastValidBlockHeight: 100n, version: 0 });
    const { tx, keys, ixs } = parse(built.bytes);
    expect(tx.version).toBe(0);
    expect(tx.message.addressTableLookups).toEqual([]);
    expect(keys[0]).toBe(payer);
    expect(tx.message.recentBlockhash).toBe(recentBlockhash);
    expect(ixs.map((i) => i.program)).toEqual([SystemProgram.programId.toBase58(), MEMO_PROGRAM]);
    expect(ixs[0]!.accounts).toEqual([payer, recipient, reference]);
  });

  it('no memo instruction for an empty memo; refuses bad amounts and addresses', () => {
    const { ixs } = parse(buildSolanaPayTransfer(payer, { ...request, memo: '' }, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' }).bytes);
    expect(ixs).toHaveLength(1);
    expect(() => buildSolanaPayTransfer(payer, { ...request, lamports: '0' }, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' })).toThrow();
    expect(() => buildSolanaPayTransfer(payer, { ...request, lamports: (1n << 64n).toString() }, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' })).toThrow();
    expect(() => buildSolanaPayTransfer(payer, { ...request, recipient: 'not-base58!' }, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' })).toThrow();
  });

  it('reports the wire size, so a memo that would pass 1232 bytes is caught before the wallet', () => {
    const small = buildSolanaPayTransfer(payer, request, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' });
    expect(small.size).toBeLessThan(SOLANA_TX_SIZE_LIMIT);
    const big = buildSolanaPayTransfer(payer, { ...request, memo: 'x'.repeat(1100) }, { recentBlockhash, lastValidBlockHeight: 1n, version: 'legacy' });
    expect(big.size).toBe(big.bytes.length);
    expect(big.size).toBeGreaterThan(SOLANA_TX_SIZE_LIMIT);
  });
});

describe('versionFor', () => {
  it('v0 only when the wallet lists 0', () => {
    expect(versionFor(['legacy', 0])).toBe(0);
    expect(versionFor([0])).toBe(0);
    expect(versionFor(['legacy'])).toBe('legacy');
    expect(versionFor([])).toBeNull();
  });
});

describe('buildSignInMemoTransaction', () => {
  it('a legacy transaction paid by the address whose only instruction is the challenge memo', () => {
    const challenge = 'kingdom.example wants you to sign in.\nNonce: 0a1b2c ✓';
    const built = buildSignInMemoTransaction(payer, challenge, { recentBlockhash, lastValidBlockHeight: 9n });
    const { tx, keys, ixs } = parse(built.bytes);
    expect(tx.version).toBe('legacy');
    expect(keys[0]).toBe(payer);
    expect(new PublicKey(tx.message.recentBlockhash).toBase58()).toBe(recentBlockhash);
    expect(ixs).toHaveLength(1);
    expect(ixs[0]!.program).toBe(MEMO_PROGRAM);
    expect(Buffer.from(ixs[0]!.data).toString('utf8')).toBe(challenge);
  });
});
