/**
 * The account's wallets (docs/game-rules.md §5): `GET /wallets`, `POST /wallets/link` (a signed challenge, as at
 * sign-in), `/wallets/unlink`, `/wallets/master`, `/wallets/resync`, and `POST /wallets/stake`
 * (link a wallet's stake key: a challenge for its reward address signed with CIP-30 `signData`, docs/game-rules.md §8.2). Linking in demo mode signs with
 * a demo wallet key kept in this browser (a second key per chain lives under its own storage keys).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chain, WalletsResponse } from '@kingdom/api';
import { shortenMiddle } from '@kingdom/game';
import { call } from '../../api/call.ts';
import { notifySuccess } from '../../components/notify.ts';
import { i18n } from '../../i18n/index.ts';
import { refreshAfterGameAction } from '../../api/refresh.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { DEMO_WALLET_API_NAME, type Cip30Api } from '../../wallets/types.ts';

const KEY = ['account', 'wallets'] as const;

/** The account's wallets. */
export function useWallets() {
  return useQuery({ queryKey: KEY, queryFn: (): Promise<WalletsResponse> => call('walletsList'), enabled: useIsAuthenticated() });
}

/** A Storage whose keys carry a suffix: demo key number `n` (0 = the sign-in demo keys). */
function demoStorage(n: number): Storage {
  const s = globalThis.localStorage;
  if (n === 0) return s;
  const k = (key: string) => `${key}.${n}`;
  return {
    getItem: (key: string) => s.getItem(k(key)), setItem: (key: string, v: string) => s.setItem(k(key), v),
    removeItem: (key: string) => s.removeItem(k(key)), clear: () => undefined, key: () => null, length: 0,
  } as Storage;
}

/** Signs a link challenge with demo key `n` of `chain` and links it. */
async function linkDemo(chain: Chain, taken: ReadonlySet<string>): Promise<WalletsResponse> {
  const demo = await import('../../wallets/demo/index.ts');
  const { base58, hex } = await import('@scure/base');
  // the first demo key of this chain that is not linked yet
  let n = 0;
  const addressOf = (i: number) => (chain === 'cardano' ? demo.demoCardanoAddress(demoStorage(i)) : demo.demoSolanaAddress(demoStorage(i)));
  while (taken.has(addressOf(n)) && n < 20) n++;
  const storage = demoStorage(n);
  const address = addressOf(n);
  const { message } = await call('authChallenge', { body: { chain, address } });
  const bytes = new TextEncoder().encode(message);
  if (chain === 'cardano') {
    const api = await demo.createDemoCardanoWallet(storage).enable();
    const [addrHex] = await api.getUsedAddresses();
    const sig = await api.signData(addrHex!, hex.encode(bytes));
    return call('walletsLink', { body: { chain, address, message, signature: sig.signature, key: sig.key, connected: address } });
  }
  const signature = base58.encode(await demo.createDemoSolanaWallet(storage).signMessage(bytes));
  return call('walletsLink', { body: { chain, address, message, signature, connected: address } });
}

/**
 * Links the browser wallet `apiName` of `chain` (a CIP-30 or Wallet Standard extension) with the
 * sign-in proof: the server's challenge for the address the wallet gives, signed by it.
 * @throws WalletError when the wallet is missing or the user declines (USER_WALLET_CANCEL_CONNECT)
 */
async function linkBrowserWallet(chain: Chain, apiName: string): Promise<WalletsResponse> {
  const { resolveCardanoWallet, resolveSolanaSigner } = await import('../../wallets/registry.ts');
  const { WalletError } = await import('../../wallets/errors.ts');
  if (chain === 'cardano') {
    const wallet = await resolveCardanoWallet(apiName);
    if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
    const { connectCardano, signCardanoMessage } = await import('../../wallets/cardano/cip30.ts');
    const conn = await connectCardano(wallet);
    const { message } = await call('authChallenge', { body: { chain, address: conn.address } });
    const { signature, key } = await signCardanoMessage(conn, message);
    return call('walletsLink', { body: { chain, address: conn.address, message, signature, key, connected: conn.address } });
  }
  const signer = await resolveSolanaSigner(apiName);
  if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const { connectSolana, signSolanaMessage } = await import('../../wallets/solana/sign.ts');
  const address = await connectSolana(signer);
  const { message } = await call('authChallenge', { body: { chain, address } });
  const signature = await signSolanaMessage(signer, message);
  return call('walletsLink', { body: { chain, address, message, signature, connected: address } });
}

/**
 * Links the stake key of a CIP-30 wallet (`demo`: the demo wallet this browser signed in with): the
 * server's challenge for the wallet's reward address, signed with `signData(rewardAddress, …)`.
 * @throws WalletError when the wallet is missing, has no reward address or the user declines
 */
async function linkStakeKey(apiName: string): Promise<WalletsResponse> {
  const { WalletError } = await import('../../wallets/errors.ts');
  const { cardanoRewardAddress, signCardanoStakeMessage } = await import('../../wallets/cardano/cip30.ts');
  let api: Cip30Api;
  if (apiName === DEMO_WALLET_API_NAME) {
    api = await (await import('../../wallets/demo/index.ts')).createDemoCardanoWallet().enable();
  } else {
    const wallet = await (await import('../../wallets/registry.ts')).resolveCardanoWallet(apiName);
    if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
    api = (await (await import('../../wallets/cardano/cip30.ts')).connectCardano(wallet)).api;
  }
  const reward = await cardanoRewardAddress(api);
  const { message } = await call('authChallenge', { body: { chain: 'cardano', address: reward.address } });
  const { signature, key } = await signCardanoStakeMessage(api, reward, message);
  return call('walletsLinkStake', { body: { address: reward.address, message, signature, key } });
}

/** What a wallet mutation does. */
export type WalletAction =
  | { kind: 'link-demo'; chain: Chain; taken: ReadonlySet<string> }
  | { kind: 'link'; chain: Chain; apiName: string }
  | { kind: 'link-stake'; apiName: string }
  | { kind: 'unlink' | 'resync'; chain: Chain; address: string }
  | { kind: 'master'; address: string };

/** The success toast of a wallet action (docs/product.md §8 "wallet connected"; docs/product.md §10: none was shown). */
function walletDoneText(a: WalletAction, data: WalletsResponse, before: WalletsResponse | undefined): string {
  const short = (address: string) => shortenMiddle(address, 10, 6);
  if (a.kind === 'master') return i18n.t('done.masterSet', { address: short(a.address) });
  if (a.kind === 'unlink') return i18n.t('done.walletUnlinked', { address: short(a.address) });
  if (a.kind === 'resync') return i18n.t('done.walletResynced', { address: short(a.address) });
  // a stake key: the reward address the answer lists that was not linked before (not a wallet's address)
  if (a.kind === 'link-stake') {
    const had = new Set(before?.stake_keys.map((k) => k.reward_address) ?? []);
    const stake = data.stake_keys.find((k) => !had.has(k.reward_address))?.reward_address ?? data.stake_keys.at(-1)?.reward_address ?? '';
    return i18n.t('done.stakeLinked', { address: short(stake) });
  }
  // a link: the wallet the answer lists that was not linked before
  const known = new Set(before?.wallets.map((w) => w.address) ?? []);
  const linked = data.wallets.find((w) => !known.has(w.address))?.address ?? data.wallets.at(-1)?.address ?? '';
  return i18n.t('done.walletLinked', { address: short(linked) });
}

/** Mutation: link, unlink, set master or re-sync; then the wallets and everything held refresh. */
export function useWalletAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: WalletAction): Promise<WalletsResponse> => {
      switch (a.kind) {
        case 'link-demo':
          return linkDemo(a.chain, a.taken);
        case 'link':
          return linkBrowserWallet(a.chain, a.apiName);
        case 'link-stake':
          return linkStakeKey(a.apiName);
        case 'master':
          return call('walletsSetMaster', { body: { address: a.address } });
        default:
          return call(a.kind === 'unlink' ? 'walletsUnlink' : 'walletsResync', { body: { chain: a.chain, address: a.address } });
      }
    },
    // A wallet's own failure (declined, missing) never reached the API client, which toasts the rest.
    onError: async (e) => {
      if (e instanceof Error && e.name === 'WalletError') {
        const [{ notifyError }, { errorText }, { isUserRejection }] = await Promise.all([
          import('../../components/notify.ts'), import('../../i18n/errors.ts'), import('../../wallets/errors.ts'),
        ]);
        const code = isUserRejection(e) ? 'USER_WALLET_CANCEL_CONNECT' : (e as { code?: string }).code ?? 'ERROR_WALLET_API';
        notifyError(errorText(code));
      }
    },
    onSuccess: async (data, a) => {
      const before = qc.getQueryData<WalletsResponse>(KEY);
      qc.setQueryData(KEY, data);
      notifySuccess(walletDoneText(a, data, before));
      await refreshAfterGameAction(qc);
      await qc.invalidateQueries({ queryKey: ['staking'] });
    },
  });
}
