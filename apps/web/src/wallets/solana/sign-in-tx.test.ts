// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkSolanaSignInTx } from '../../../../server/src/auth/verify-tx.ts';
import { createDemoSolanaStandardWallet } from '../demo/solana-standard.ts';
import { standardSigner } from './standard-signer.ts';
import { signSolanaSignInTx } from './sign-in-tx.ts';
import { memoryStorage } from '../../test/memory-storage.ts';

const MESSAGE = 'kingdom.example wants you to sign in with your Solana account.\nNonce: 0a1b2c3d\nIssued At: 2026-11-27T08:00:00Z ✓';
const cluster = { cluster: 'devnet' as const, rpcUrl: null };

describe('Solana hardware-wallet sign-in (memo transaction)', () => {
  it('the demo wallet acting as a hardware wallet refuses signMessage and signs a memo transaction the server accepts', async () => {
    const prompts: unknown[] = [];
    const signer = standardSigner(createDemoSolanaStandardWallet({ storage: memoryStorage(), refuseSignMessage: true, confirmSign: async (p) => (prompts.push(p), true) }));
    const address = await signer.connect();
    await expect(signer.signMessage(new TextEncoder().encode(MESSAGE))).rejects.toThrow(/cannot sign messages/);
    const tx = await signSolanaSignInTx(signer, address, MESSAGE, cluster);
    expect(checkSolanaSignInTx({ address, message: MESSAGE, tx })).toEqual({ ok: true });
    // the server refuses it for another challenge or another address
    expect(checkSolanaSignInTx({ address, message: `${MESSAGE}!`, tx })).toEqual({ ok: false, reason: 'MESSAGE_MISMATCH' });
    const other = await standardSigner(createDemoSolanaStandardWallet({ storage: memoryStorage() })).connect();
    expect(checkSolanaSignInTx({ address: other, message: MESSAGE, tx })).toEqual({ ok: false, reason: 'FEE_PAYER_MISMATCH' });
    // the person saw a legacy transaction that moves no SOL, with the challenge as memo
    expect(prompts).toEqual([{ chain: 'solana', version: 'legacy', lamports: 0n, to: '', memo: MESSAGE }]);
  });

  it('declined in the wallet → USER_WALLET_CANCEL_TRANSACTION; a wallet that cannot sign transactions → ERROR_WALLET_API', async () => {
    const signer = standardSigner(createDemoSolanaStandardWallet({ storage: memoryStorage(), refuseSignMessage: true, confirmSign: async () => false }));
    const address = await signer.connect();
    await expect(signSolanaSignInTx(signer, address, MESSAGE, cluster)).rejects.toMatchObject({ code: 'USER_WALLET_CANCEL_TRANSACTION' });
    const { signTransaction: _drop, ...messageOnly } = signer;
    await expect(signSolanaSignInTx(messageOnly, address, MESSAGE, cluster)).rejects.toMatchObject({ code: 'ERROR_WALLET_API' });
  });
});
