// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { createDemoSolanaStandardWallet } from '../../wallets/demo/solana-standard.ts';
import { DEMO_SOLANA_SETTINGS } from '../../wallets/demo/storage-keys.ts';
import { demoSolanaAddress } from '../../wallets/demo/index.ts';
import { standardSigner } from '../../wallets/solana/standard-signer.ts';
import { WalletError } from '../../wallets/errors.ts';
import { isShortOfSol, payOrderWithSolana, type SolanaRpcLike } from '../solana-pay.ts';
import { memoryStorage } from '../../test/memory-storage.ts';

const GENESIS = Keypair.generate().publicKey.toBase58();
const BLOCKHASH = Keypair.generate().publicKey.toBase58();
const recipient = Keypair.generate().publicKey.toBase58();
const reference = Keypair.generate().publicKey.toBase58();
const solana_pay = { url: 'solana:x', recipient, amount: '0.5', lamports: '500000000', reference, label: 'Kingdom', message: 'EXO', memo: 'kingdom order 7' };
const info = { solana: { cluster: 'devnet' as const, genesis_hash: GENESIS, rpc_url: 'http://rpc.test/api/solana/rpc', sale_address: recipient, explorer_tx_url: null } };

/** A cluster in memory: balances, simulation verdict, what was sent. */
function fakeRpc(over: Partial<SolanaRpcLike> & { balance?: bigint } = {}) {
  const sent: string[] = [];
  const simulated: string[] = [];
  const rpc: SolanaRpcLike = {
    getGenesisHash: async () => GENESIS,
    getLatestBlockhash: async () => ({ blockhash: BLOCKHASH, lastValidBlockHeight: 1000n }),
    getBalance: async () => over.balance ?? 10_000_000_000n,
    simulate: async (tx) => (simulated.push(tx), { err: null, logs: [] }),
    send: async (tx) => {
      sent.push(tx);
      const parsed = VersionedTransaction.deserialize(Buffer.from(tx, 'base64'));
      return base58.encode(parsed.signatures[0]!);
    },
    ...over,
  };
  return { rpc, sent, simulated };
}

function setup(settings: Record<string, string> = {}, answer = true) {
  const storage = memoryStorage();
  for (const [k, v] of Object.entries(settings)) storage.setItem(k, v);
  const asked: unknown[] = [];
  const sentByWallet: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    const { params } = JSON.parse(init.body) as { params: [string] };
    sentByWallet.push(params[0]);
    const parsed = VersionedTransaction.deserialize(Buffer.from(params[0], 'base64'));
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: base58.encode(parsed.signatures[0]!) }));
  });
  const wallet = createDemoSolanaStandardWallet({ storage, confirmSign: async (p) => (asked.push(p), answer), rpcUrl: async () => 'http://rpc.test/api/solana/rpc' });
  const address = demoSolanaAddress(storage);
  return { signer: standardSigner(wallet), address, asked, sentByWallet };
}

const steps = () => undefined;

function checkSigned(txBase64: string, payer: string) {
  const tx = VersionedTransaction.deserialize(Buffer.from(txBase64, 'base64'));
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  expect(keys[0]).toBe(payer);
  expect(tx.message.recentBlockhash).toBe(BLOCKHASH);
  expect(keys).toContain(reference);
  expect(ed25519.verify(tx.signatures[0]!, tx.message.serialize(), base58.decode(payer))).toBe(true);
  return tx;
}

afterEach(() => vi.unstubAllGlobals());

describe('payOrderWithSolana', () => {
  it('a wallet offering v0 and signAndSendTransaction: a v0 transfer, simulated first, signed and sent by the wallet', async () => {
    const { signer, address, asked, sentByWallet } = setup();
    const { rpc, sent, simulated } = fakeRpc();
    const signature = await payOrderWithSolana({ solana_pay }, steps, { chainInfo: async () => info, signer: async () => signer, sessionAddress: address, rpc: () => rpc });
    expect(simulated).toHaveLength(1);
    expect(sent).toHaveLength(0); // the wallet sent it
    expect(sentByWallet).toHaveLength(1);
    const tx = checkSigned(sentByWallet[0]!, address);
    expect(tx.version).toBe(0);
    expect(signature).toBe(base58.encode(tx.signatures[0]!));
    expect(asked).toEqual([{ chain: 'solana', version: 0, lamports: 500_000_000n, to: recipient, memo: 'kingdom order 7' }]);
  });

  it('a legacy-only wallet that only signs: a legacy transfer the app sends to the cluster', async () => {
    const { signer, address, sentByWallet } = setup({ [DEMO_SOLANA_SETTINGS.txVersions]: 'legacy', [DEMO_SOLANA_SETTINGS.features]: 'sign' });
    expect(signer.signAndSendTransaction).toBeUndefined();
    const { rpc, sent } = fakeRpc();
    const seen: string[] = [];
    const signature = await payOrderWithSolana({ solana_pay }, (s) => seen.push(s), { chainInfo: async () => info, signer: async () => signer, sessionAddress: address, rpc: () => rpc });
    expect(sentByWallet).toHaveLength(0);
    expect(sent).toHaveLength(1);
    const tx = checkSigned(sent[0]!, address);
    expect(tx.version).toBe('legacy');
    expect(signature).toBe(base58.encode(tx.signatures[0]!));
    expect(seen).toEqual(['connecting', 'building', 'signing', 'submitting']);
  });

  it('too little SOL: ERROR_WALLET_NOT_ENOUGH_BALANCE before the wallet is asked (balance, or the simulation says so)', async () => {
    const { signer, address, asked } = setup();
    const deps = (rpc: SolanaRpcLike) => ({ chainInfo: async () => info, signer: async () => signer, sessionAddress: address, rpc: () => rpc });
    // exactly the lamports but not the fee
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(fakeRpc({ balance: 500_000_000n }).rpc))).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_ENOUGH_BALANCE' });
    const simShort = fakeRpc({ simulate: async () => ({ err: { InstructionError: [0, { Custom: 1 }] }, logs: ['Transfer: insufficient lamports 1, need 500000000'] }) });
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(simShort.rpc))).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_ENOUGH_BALANCE' });
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(fakeRpc({ simulate: async () => ({ err: 'InsufficientFundsForFee', logs: null }) }).rpc))).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_ENOUGH_BALANCE' });
    expect(asked).toHaveLength(0);
    // enough for both: goes on
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(fakeRpc({ balance: 500_005_000n }).rpc))).resolves.toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('cancel in the wallet → USER_WALLET_CANCEL_TRANSACTION, nothing sent', async () => {
    const { signer, address, sentByWallet } = setup({}, false);
    const { rpc, sent } = fakeRpc();
    await expect(payOrderWithSolana({ solana_pay }, steps, { chainInfo: async () => info, signer: async () => signer, sessionAddress: address, rpc: () => rpc })).rejects.toMatchObject({ code: 'USER_WALLET_CANCEL_TRANSACTION' });
    expect(sent).toHaveLength(0);
    expect(sentByWallet).toHaveLength(0);
  });

  it('wrong cluster (wallet chain or genesis hash), another account, a transfer over 1232 bytes, Solana off', async () => {
    const wrongChain = setup({ [DEMO_SOLANA_SETTINGS.chain]: 'solana:mainnet' });
    const ok = setup();
    const deps = (s: ReturnType<typeof setup>, rpc = fakeRpc().rpc, sessionAddress = s.address) => ({ chainInfo: async () => info, signer: async () => s.signer, sessionAddress, rpc: () => rpc });
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(wrongChain))).rejects.toMatchObject({ code: 'ERROR_WALLET_WRONG_NETWORK' });
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(ok, fakeRpc({ getGenesisHash: async () => BLOCKHASH }).rpc))).rejects.toMatchObject({ code: 'ERROR_WALLET_WRONG_NETWORK' });
    await expect(payOrderWithSolana({ solana_pay }, steps, deps(ok, undefined, wrongChain.address))).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_MATCH' });
    await expect(payOrderWithSolana({ solana_pay: { ...solana_pay, memo: 'm'.repeat(1200) } }, steps, deps(ok))).rejects.toMatchObject({ code: 'ERROR_WALLET_TX_TOO_LARGE' });
    await expect(payOrderWithSolana({ solana_pay }, steps, { ...deps(ok), chainInfo: async () => ({ solana: null }) })).rejects.toMatchObject({ code: 'SYSTEM_FEATURE_NOT_AVAILABLE' });
    await expect(payOrderWithSolana({ solana_pay: null }, steps, deps(ok))).rejects.toBeInstanceOf(WalletError);
    await expect(payOrderWithSolana({ solana_pay }, steps, { ...deps(ok), signer: async () => undefined })).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_SELECTED' });
    expect(ok.asked).toHaveLength(0);
  });

  it('a v0 transfer to a wallet that lists only legacy is refused by the wallet with the version error', async () => {
    const { signer, address } = setup({ [DEMO_SOLANA_SETTINGS.txVersions]: 'legacy' });
    const lying = { ...signer, signAndSendTransaction: { ...signer.signAndSendTransaction!, versions: ['legacy', 0] as const } };
    await expect(payOrderWithSolana({ solana_pay }, steps, { chainInfo: async () => info, signer: async () => lying, sessionAddress: address, rpc: () => fakeRpc().rpc })).rejects.toMatchObject({ code: 'ERROR_WALLET_TX_VERSION_NOT_SUPPORTED' });
  });
});

describe('isShortOfSol', () => {
  it('reads the cluster’s insufficient-funds errors and nothing else', () => {
    expect(isShortOfSol('InsufficientFundsForFee', null)).toBe(true);
    expect(isShortOfSol('AccountNotFound', null)).toBe(true);
    expect(isShortOfSol({ InstructionError: [0, { Custom: 1 }] }, [])).toBe(true);
    expect(isShortOfSol({ InstructionError: [1, 'InvalidInstructionData'] }, ['Program log: bad'])).toBe(false);
    expect(isShortOfSol('BlockhashNotFound', null)).toBe(false);
  });
});
