import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { useConfig } from '../../api/session-calls.ts';
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
 * account's wallets), e.g. after "Disconnect wallet". An unknown type answers
 * ERROR_WALLET_SELECT_API.
 */
export function ConnectPage() {
  const { t } = useTranslation();
  const { type = '' } = useParams();
  const config = useConfig();
  const authed = useIsAuthenticated();
  const connected = useSession(selectWalletConnected);
  const apiName = useSession((s) => s.walletApiName);
  const address = useSession((s) => s.walletAddress);
  const { signIn, pending } = useWalletSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const wallet = config.data ? walletType(type, config.data.demo) : undefined;
  const isThisWallet = connected && wallet !== null && wallet !== undefined && apiName === wallet.apiName;

  const connect = async () => {
    if (!wallet) return;
    setFailure(null);
    if (!authed) {
      await signIn(wallet.chain, wallet.apiName);
      return;
    }
    setBusy(true);
    try {
      const addr = await connectLinkedWallet(wallet);
      useSession.getState().connectWallet({ chain: wallet.chain, address: addr, walletApiName: wallet.apiName });
      notifySuccess(t('login.connected'));
    } catch (e) {
      const text = errorText(e instanceof WalletError ? e.code : 'UNHANDLED_WALLET_ERROR');
      setFailure(text);
      notifyError(text);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (wallet === undefined || started.current) return;
    started.current = true;
    if (wallet === null) notifyError(errorText('ERROR_WALLET_SELECT_API'));
    else if (!isThisWallet) void connect();
    // once per visit: the type and the session as the link found them
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wallet]);

  if (wallet === undefined) return <PageHeader title={t('connect.title', { type })} />;
  if (wallet === null) {
    return (
      <>
        <PageHeader title={t('connect.title', { type })} />
        <EmptyState title={t('connect.unknownType')} text={errorText('ERROR_WALLET_SELECT_API')}>
          <Link className="btn btn--primary" to={authed ? PATHS_WEB.overview : PATHS_WEB.login}>
            {authed ? t('connect.goBack') : t('connect.goLogin')}
          </Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('connect.title', { type: wallet.label })} />
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
