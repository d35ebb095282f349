/**
 * A Wallet Standard Solana wallet reduced to {@link SolanaSigner}: connect, sign a message, the
 * transaction features (`solana:signAndSendTransaction`, `solana:signTransaction`) with the versions
 * each lists, the account's chains and `standard:events` account changes. The demo wallet is a
 * Wallet Standard wallet too and goes through the same adapter.
 */
import type { SolanaSigner, SolanaTxFeature } from '../types.ts';
import {
  CONNECT,
  DISCONNECT,
  EVENTS,
  SIGN_AND_SEND_TRANSACTION,
  SIGN_MESSAGE,
  SIGN_TRANSACTION,
  canSignIn,
  registered,
  solanaApiName,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type SignAndSendTransactionFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
  type StdAccount,
  type StdWallet,
} from './standard.ts';

/**
 * The registered Wallet Standard wallet for `apiName` as a {@link SolanaSigner}, if it can sign in
 * (`hardware`: a wallet that signs transactions but not messages will do, docs/game-rules.md §10.1).
 */
export function getStandardSolanaSigner(apiName: string, options: { hardware?: boolean } = {}): SolanaSigner | undefined {
  const w = registered().find((f) => solanaApiName(f.name) === apiName);
  if (!w || !canSignIn(w, options.hardware === true)) return undefined;
  return standardSigner(w);
}

/**
 * Adapts one Wallet Standard wallet. The account is the first the wallet's `connect` hands out that
 * can sign messages (else its first); the transaction features are the wallet's own, called for
 * that account.
 */
export function standardSigner(w: StdWallet): SolanaSigner {
  let account: StdAccount | undefined;
  const need = (): StdAccount => {
    if (!account) throw new Error('Not connected');
    return account;
  };
  const sendFeature = w.features[SIGN_AND_SEND_TRANSACTION] as SignAndSendTransactionFeature | undefined;
  const signFeature = w.features[SIGN_TRANSACTION] as SignTransactionFeature | undefined;
  const events = w.features[EVENTS] as EventsFeature | undefined;
  const signAndSendTransaction: SolanaTxFeature<Uint8Array> | undefined = sendFeature && {
    versions: sendFeature.supportedTransactionVersions ?? ['legacy'],
    async run(transaction, chain) {
      const [out] = await sendFeature.signAndSendTransaction({ account: need(), transaction, chain, options: { preflightCommitment: 'confirmed' } });
      if (!out) throw new Error('No signature');
      return out.signature;
    },
  };
  const signTransaction: SolanaTxFeature<Uint8Array> | undefined = signFeature && {
    versions: signFeature.supportedTransactionVersions ?? ['legacy'],
    async run(transaction, chain) {
      const [out] = await signFeature.signTransaction({ account: need(), transaction, chain });
      if (!out) throw new Error('No signed transaction');
      return out.signedTransaction;
    },
  };
  return {
    name: w.name,
    icon: w.icon,
    async connect() {
      const { accounts } = await (w.features[CONNECT] as ConnectFeature).connect();
      account = accounts.find((a) => a.features.includes(SIGN_MESSAGE)) ?? accounts[0];
      if (!account) throw new Error('No account');
      return account.address;
    },
    async signMessage(message) {
      const feature = w.features[SIGN_MESSAGE] as SignMessageFeature | undefined;
      if (!feature) throw new Error('This wallet cannot sign messages (solana:signMessage)');
      const [out] = await feature.signMessage({ account: need(), message });
      if (!out) throw new Error('No signature');
      return out.signature;
    },
    async disconnect() {
      account = undefined;
      const f = w.features[DISCONNECT] as DisconnectFeature | undefined;
      await f?.disconnect();
    },
    // the account's chains; an account that lists none is on the wallet's chains
    chains: () => (account ? (account.chains.length > 0 ? account.chains : w.chains) : []),
    ...(signAndSendTransaction ? { signAndSendTransaction } : {}),
    ...(signTransaction ? { signTransaction } : {}),
    ...(events
      ? {
          onAccountsChange: (listener: (addresses: readonly string[]) => void) =>
            events.on('change', (properties) => {
              if (properties.accounts) listener(properties.accounts.map((a) => a.address));
            }),
        }
      : {}),
  };
}
