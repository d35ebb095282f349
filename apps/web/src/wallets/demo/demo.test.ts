// @vitest-environment node
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import * as MS from '@emurgo/cardano-message-signing-nodejs';
import { describe, expect, it } from 'vitest';
import {
  checkCardanoSignIn,
  checkSolanaSignIn,
  cardanoAddressFromHex,
  cardanoPaymentKeyHash,
  isCardanoAddress,
  isSolanaAddress,
  checkCardanoStakeSignature,
  parseCardanoRewardAddress,
} from '../../../../server/src/auth/verify.ts';
import {
  DEMO_STORAGE_KEYS,
  createDemoCardanoWallet,
  createDemoSolanaWallet,
  demoCardanoAddress,
  demoSolanaAddress,
  forgetDemoWallets,
} from './index.ts';

/** A `Storage` kept in memory. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const MESSAGE = 'kingdom.example wants you to sign in.\nNonce: 0a1b2c\nIssued At: 2026-11-22T08:00:00Z ✓';
const utf8Hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

describe('demo Cardano wallet', () => {
  it('has a stake key: signData with its reward address is a stake-key proof the server verifies (docs/game-rules.md §8.2)', async () => {
    const storage = new MemoryStorage();
    const api = await createDemoCardanoWallet(storage).enable();
    const [rewardHex] = await api.getRewardAddresses();
    expect(rewardHex).toMatch(/^e0[0-9a-f]{56}$/);
    const { bech32 } = await import('@scure/base');
    const reward = bech32.encode('stake_test', bech32.toWords(Buffer.from(rewardHex!, 'hex')), 200);
    expect(parseCardanoRewardAddress(reward)).not.toBeNull();
    const proof = await api.signData(rewardHex!, utf8Hex(MESSAGE));
    expect(checkCardanoStakeSignature({ address: reward, message: MESSAGE, ...proof, network: 'testnet' })).toEqual({ ok: true });
    // the payment key's proof is not a stake-key proof, and the same reward address comes back after a reload
    const payment = await api.signData((await api.getUsedAddresses())[0]!, utf8Hex(MESSAGE));
    expect(checkCardanoStakeSignature({ address: reward, message: MESSAGE, ...payment, network: 'testnet' }).ok).toBe(false);
    expect(await (await createDemoCardanoWallet(storage).enable()).getRewardAddresses()).toEqual([rewardHex]);
  });

  it('acting as a hardware wallet, refuses signData', async () => {
    const api = await createDemoCardanoWallet(new MemoryStorage(), { refuseSignData: true }).enable();
    await expect(api.signData((await api.getUsedAddresses())[0]!, utf8Hex(MESSAGE))).rejects.toMatchObject({ code: -1 });
  });

  it('signs CIP-30 signData proofs that the server verifies', async () => {
    const storage = new MemoryStorage();
    const wallet = createDemoCardanoWallet(storage);
    expect(wallet.name).toBe('Demo wallet');
    expect(wallet.icon.startsWith('data:image/svg+xml,')).toBe(true);
    expect(await wallet.isEnabled()).toBe(false);
    const api = await wallet.enable();
    expect(await wallet.isEnabled()).toBe(true);
    expect(await api.getNetworkId()).toBe(0);
    const [addressHex] = await api.getUsedAddresses();
    expect(addressHex).toBe(await api.getChangeAddress());
    const address = cardanoAddressFromHex(addressHex);
    expect(address).toBe(demoCardanoAddress(storage));
    expect(address?.startsWith('addr_test1v')).toBe(true);
    expect(isCardanoAddress(address, 'testnet')).toBe(true);
    expect(cardanoPaymentKeyHash(address)).not.toBeNull();

    const proof = await api.signData(addressHex!, utf8Hex(MESSAGE));
    expect(checkCardanoSignIn({ address: address!, message: MESSAGE, ...proof, network: 'testnet' })).toEqual({ ok: true });
    // the server refuses it for another message or another address
    expect(checkCardanoSignIn({ address: address!, message: MESSAGE + '!', ...proof }).ok).toBe(false);
    const other = demoCardanoAddress(new MemoryStorage());
    expect(checkCardanoSignIn({ address: other, message: MESSAGE, ...proof }).ok).toBe(false);
    // signing by bech32 address works too
    const again = await api.signData(address!, utf8Hex(MESSAGE));
    expect(checkCardanoSignIn({ address: address!, message: MESSAGE, ...again })).toEqual({ ok: true });
  });

  it("builds COSE that EMURGO's cardano-message-signing (used by CIP-30 wallets) reads and verifies", async () => {
    // an independent CBOR/COSE implementation (the server's test wallets use it; a devDependency of apps/server)
    const api = await createDemoCardanoWallet(new MemoryStorage()).enable();
    const [addressHex] = await api.getUsedAddresses();
    const { signature, key } = await api.signData(addressHex!, utf8Hex(MESSAGE));
    const sign1 = MS.COSESign1.from_bytes(Buffer.from(signature, 'hex'));
    const protectedHeaders = sign1.headers().protected().deserialized_headers();
    expect(protectedHeaders.algorithm_id()?.as_int()?.as_i32()).toBe(-8);
    expect(Buffer.from(protectedHeaders.header(MS.Label.new_text('address'))!.as_bytes()!).toString('hex')).toBe(addressHex);
    expect(sign1.headers().unprotected().header(MS.Label.new_text('hashed'))?.as_special()?.as_bool()).toBe(false);
    expect(Buffer.from(sign1.payload()!).toString('utf8')).toBe(MESSAGE);
    const coseKey = MS.COSEKey.from_bytes(Buffer.from(key, 'hex'));
    expect(coseKey.header(MS.Label.new_int(MS.Int.new_i32(-1)))?.as_int()?.as_i32()).toBe(6);
    const publicKey = CSL.PublicKey.from_bytes(coseKey.header(MS.Label.new_int(MS.Int.new_i32(-2)))!.as_bytes()!);
    expect(publicKey.verify(sign1.signed_data().to_bytes(), CSL.Ed25519Signature.from_bytes(sign1.signature()))).toBe(true);
    const address = CSL.EnterpriseAddress.from_address(CSL.Address.from_bytes(Buffer.from(addressHex!, 'hex')));
    expect(address?.network_id()).toBe(0);
    expect(address?.payment_cred().to_keyhash()?.to_hex()).toBe(publicKey.hash().to_hex());
  });

  it('keeps its key in storage, so the same wallet comes back', async () => {
    const storage = new MemoryStorage();
    const first = demoCardanoAddress(storage);
    expect(storage.getItem(DEMO_STORAGE_KEYS.cardano)).toMatch(/^[0-9a-f]{64}$/);
    const api = await createDemoCardanoWallet(storage).enable();
    expect(cardanoAddressFromHex((await api.getUsedAddresses())[0])).toBe(first);
    expect(demoCardanoAddress(storage)).toBe(first);
    expect(demoCardanoAddress(new MemoryStorage())).not.toBe(first);
    forgetDemoWallets(storage);
    expect(demoCardanoAddress(storage)).not.toBe(first);
  });

  it('rejects like a CIP-30 wallet', async () => {
    const api = await createDemoCardanoWallet(new MemoryStorage()).enable();
    const otherHex = (await (await createDemoCardanoWallet(new MemoryStorage()).enable()).getUsedAddresses())[0]!;
    await expect(api.signData(otherHex, utf8Hex(MESSAGE))).rejects.toMatchObject({ code: 1 });
    const own = (await api.getUsedAddresses())[0]!;
    await expect(api.signData(own, 'xyz')).rejects.toMatchObject({ code: -1 });
  });
});

describe('demo Solana wallet', () => {
  it('signs messages that the server verifies', async () => {
    const storage = new MemoryStorage();
    const wallet = createDemoSolanaWallet(storage);
    expect(wallet.name).toBe('Demo wallet');
    expect(wallet.icon.startsWith('data:image/svg+xml,')).toBe(true);
    const { publicKey } = await wallet.connect();
    expect(isSolanaAddress(publicKey)).toBe(true);
    expect(publicKey).toBe(demoSolanaAddress(storage));
    const signature = await wallet.signMessage(new TextEncoder().encode(MESSAGE));
    expect(signature).toBeInstanceOf(Uint8Array);
    expect(signature.length).toBe(64);
    const sig58 = (await import('@scure/base')).base58.encode(signature);
    expect(checkSolanaSignIn({ address: publicKey, message: MESSAGE, signature: sig58 })).toEqual({ ok: true });
    expect(checkSolanaSignIn({ address: publicKey, message: MESSAGE + '!', signature: sig58 }).ok).toBe(false);
    expect(
      checkSolanaSignIn({ address: demoSolanaAddress(new MemoryStorage()), message: MESSAGE, signature: sig58 }).ok,
    ).toBe(false);
    await wallet.disconnect();
  });

  it('keeps its key in storage, separate from the Cardano key', async () => {
    const storage = new MemoryStorage();
    const first = (await createDemoSolanaWallet(storage).connect()).publicKey;
    expect(storage.getItem(DEMO_STORAGE_KEYS.solana)).toMatch(/^[0-9a-f]{64}$/);
    expect((await createDemoSolanaWallet(storage).connect()).publicKey).toBe(first);
    demoCardanoAddress(storage);
    expect(storage.getItem(DEMO_STORAGE_KEYS.cardano)).not.toBe(storage.getItem(DEMO_STORAGE_KEYS.solana));
    // a corrupt stored key is replaced by a fresh one
    storage.setItem(DEMO_STORAGE_KEYS.solana, 'not-a-key');
    expect(demoSolanaAddress(storage)).not.toBe(first);
  });
});
