import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { useConfig, useDashboardUser } from '../../api/session-calls.ts';
import { queryKeys } from '../../api/keys.ts';
import { ApiError } from '../../api/client.ts';
import { lastWalletOf } from '../../session/last-wallet.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../i18n/errors.ts';
import { selectWalletConnected, useSession } from '../../session/session-store.ts';
import { WalletError } from '../../wallets/errors.ts';
import { PATHS_WEB } from '../../paths.ts';
import { connectLinkedWallet, walletType } from './connect-wallet.ts';
import { useWalletSignIn } from './use-wallet-sign-in.ts';

/**
 * `/connect/:type` (docs/product.md §2): connects that wallet type — the link a wallet's in-app browser opens.
 * Signed out: signs in with it. Signed in: connects it to the session (it must be one of the
 * account's wallets; it signs a challenge and the server makes it the session's active wallet),
 * e.g. after "Disconnect wallet". `demo` is the demo wallet of the account's chain. An unknown type
 * answers ERROR_WALLET_SELECT_API.
 */
export function ConnectPage() {
  const { t } = useTranslation();
  const { type = '' } = useParams();
  const config = useConfig();
  const authed = useIsAuthenticated();
  const user = useDashboardUser();
  const qc = useQueryClient();
  const connected = useSession(selectWalletConnected);
  const apiName = useSession((s) => s.walletApiName);
  const sessionChain = useSession((s) => s.walletType);
  const userId = useSession((s) => s.userId);
  const address = useSession((s) => s.walletAddress);
  const { signIn, pending } = useWalletSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  // the account's last wallet in this browser: its chain names the demo wallet, its HD flag how it signs
  const last = lastWalletOf(userId);
  const accountChain = last?.apiName === 'demo' ? last.chain : user.data ? (user.data.is_cardano ? 'cardano' : 'solana') : 'cardano';
  const ready = config.data !== undefined && (!authed || user.data !== undefined || user.isError);
  const wallet = ready && config.data ? walletType(type, config.data.demo, accountChain) : undefined;
  const isThisWallet = connected && wallet !== null && wallet !== undefined && apiName === wallet.apiName && sessionChain === wallet.chain;
  const hardware = wallet ? last?.chain === wallet.chain && last.apiName === wallet.apiName && last.hardware : false;

  const connect = async () => {
    if (!wallet) return;
    setFailure(null);
    if (!authed) {
      await signIn(wallet.chain, wallet.apiName);
      return;
    }
    setBusy(true);
    try {
      const done = await connectLinkedWallet(wallet, hardware);
      useSession.getState().connectWallet({ chain: wallet.chain, address: done.address, walletApiName: wallet.apiName, solanaWalletType: done.walletName, isHD: hardware });
      // the server's answer is the truth the page shows (its active wallet, the handle)
      useSession.getState().setUser(done.user);
      qc.setQueryData(queryKeys.user, done.user);
      notifySuccess(t('login.connected'));
    } catch (e) {
      if (e instanceof WalletError) {
        // a wallet the browser does not have: say it is not installed (the install link is beside it)
        const text = e.code === 'ERROR_WALLET_NOT_SELECTED' && wallet.installUrl ? t('connect.notInstalled', { wallet: wallet.label }) : errorText(e.code);
        setFailure(text);
        notifyError(text);
      } else {
        // the API client toasted the server's refusal already
        const text = e instanceof ApiError ? e.message : errorText('UNHANDLED_WALLET_ERROR');
        setFailure(text);
        if (!(e instanceof ApiError) || !e.notified) notifyError(text);
      }
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (wallet === undefined || started.current) return;
    started.current = true;
    if (wallet === null) notifyError(t('connect.unknownText'));
    else if (!isThisWallet) void connect();
    // once per visit: the type and the session as the link found them
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wallet]);

  if (wallet === undefined) return <PageHeader title={t('connect.titleAny')} />;
  if (wallet === null) {
    return (
      <>
        <PageHeader title={t('connect.titleAny')} />
        <EmptyState title={t('connect.unknownType', { type })} text={t('connect.unknownText')}>
          <Link className="btn btn--primary" to={authed ? PATHS_WEB.overview : PATHS_WEB.login}>
            {authed ? t('connect.goBack') : t('connect.goLogin')}
          </Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('connect.title', { wallet: wallet.label })} />
      {isThisWallet ? (
        <EmptyState title={t('connect.connectedAs', { wallet: wallet.label })} text={shortenMiddle(address, 12, 8)}>
          <Link className="btn btn--primary" to={PATHS_WEB.overview}>{t('connect.goBack')}</Link>
        </EmptyState>
      ) : (
        <EmptyState title={t('connect.notConnected')} text={failure ?? (busy || pending ? t('connect.connecting', { wallet: wallet.label }) : t('connect.notConnectedText'))}>
          <button type="button" className="btn btn--primary" disabled={busy || pending !== null} onClick={() => void connect()}>
            {t('connect.connect', { wallet: wallet.label })}
          </button>
          {wallet.installUrl ? (
            <a className="btn btn--ghost" href={wallet.installUrl} target="_blank" rel="noreferrer noopener">{t('login.install', { name: wallet.label })}</a>
          ) : null}
        </EmptyState>
      )}
    </>
  );
}
