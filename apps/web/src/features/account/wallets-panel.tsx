import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { useConfig } from '../../api/session-calls.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { formatUtc } from '../../components/time-format.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { selectWalletConnected, useSession } from '../../session/session-store.ts';
import { connectTypeOf } from '../../session/last-wallet.ts';
import { DEMO_WALLET_API_NAME, type WalletOption } from '../../wallets/types.ts';
import { useWalletAction, useWallets } from './wallets-api.ts';
import './wallets.css';

/**
 * `/account/settings` wallets (docs/game-rules.md §5): the account's wallets (chain, shortened address, Master
 * Wallet, last sync), link another (a CIP-30 or Wallet Standard extension of this browser, or in demo
 * mode a demo wallet key of either chain), unlink (not the
 * last, not the one signed in with), set the Master Wallet (Cardano), re-sync; and the stake keys
 * the account proved, with "Link stake key" for each Cardano extension (and the demo wallet): a
 * deposit from any address of such a wallet is credited to this account (docs/game-rules.md §8.2).
 */
/**
 * Wallet extensions this browser has (the demo wallet is linked by its own buttons), detected by the
 * wallet registry that signing loads anyway: loaded on demand, so none of it joins /login's code.
 */
function useInstalledWallets(): WalletOption[] {
  const [installed, setInstalled] = useState<WalletOption[]>([]);
  useEffect(() => {
    let live = true;
    void import('../../wallets/registry.ts').then((m) => {
      if (live) setInstalled(m.installedWallets());
    });
    return () => {
      live = false;
    };
  }, []);
  return installed;
}

/**
 * "Connect a wallet" (docs/product.md §4 "Reconnect"): a link to `/connect/<type>` for each wallet
 * extension of this browser and, in demo mode, each demo wallet; connecting signs a challenge and the
 * server makes the wallet the session's active one. Where "Connect a wallet" leads when the account
 * has no last wallet in this browser.
 */
function ConnectWallets({ installed, demo }: { installed: WalletOption[]; demo: boolean }) {
  const { t } = useTranslation();
  const connected = useSession(selectWalletConnected);
  const chainName = (chain: 'cardano' | 'solana') => (chain === 'cardano' ? t('login.cardano') : t('login.solana'));
  const options = [
    ...installed.map((o) => ({ type: connectTypeOf(o), label: t('wallets.connectWallet', { wallet: o.label }) })),
    ...(demo ? (['cardano', 'solana'] as const).map((chain) => ({ type: connectTypeOf({ chain, apiName: DEMO_WALLET_API_NAME }), label: t('wallets.connectDemo', { chain: chainName(chain) }) })) : []),
  ];
  return (
    <section aria-labelledby="connect-wallets-title" data-testid="connect-wallets">
      <h3 id="connect-wallets-title" className="section-title">{t('wallets.connectTitle')}</h3>
      {connected ? null : <p className="small" data-testid="no-active-wallet">{t('wallets.noneActive')}</p>}
      <p className="muted small">{t('wallets.connectNote')}</p>
      {options.length > 0 ? (
        <div className="row-actions">
          {options.map((o) => (
            <Link key={o.type} className="btn" to={`/connect/${o.type}`} data-testid={`connect-${o.type}`}>{o.label}</Link>
          ))}
        </div>
      ) : (
        <p className="muted small">{t('wallets.noWalletsFound')}</p>
      )}
    </section>
  );
}

export function WalletsPanel() {
  const { t } = useTranslation();
  const q = useWallets();
  const action = useWalletAction();
  const demo = useConfig().data?.demo === true;
  const wallets = q.data?.wallets ?? [];
  const taken = new Set(wallets.map((w) => w.address));
  const installed = useInstalledWallets();
  const cardanoInstalled = installed.filter((o) => o.chain === 'cardano');
  const stakeKeys = q.data?.stake_keys ?? [];
  return (
    <section className="panel" aria-labelledby="linked-wallets-title" data-testid="wallets-panel">
      <h2 id="linked-wallets-title" className="panel__title">{t('wallets.title')}</h2>
      {q.isPending ? (
        <CardSkeletons count={1} />
      ) : wallets.length === 0 ? (
        <EmptyState title={t('wallets.noWallets')} />
      ) : (
        <ul className="wallet-list">
          {wallets.map((w) => (
            <li key={w.id} className="wallet-item" data-testid="wallet" data-chain={w.chain} data-address={w.address}>
              <div className="wallet-item__head">
                <strong>{w.chain === 'cardano' ? t('login.cardano') : t('login.solana')}</strong>
                <span className="mono" title={w.address}>{shortenMiddle(w.address, 10, 6)}</span>
                {w.is_master ? <span className="badge badge--gold">{t('wallets.isMaster')}</span> : null}
                {w.is_current ? <span className="badge">{t('wallets.current')}</span> : null}
              </div>
              <p className="muted small">{t('wallets.synced')}: {w.synced_at ? formatUtc(w.synced_at) : t('wallets.never')}</p>
              <div className="row-actions">
                <button type="button" className="btn btn--small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'resync', chain: w.chain, address: w.address })}>
                  {t('wallets.resync')}
                </button>
                {w.chain === 'cardano' && !w.is_master ? (
                  <button type="button" className="btn btn--small" disabled={action.isPending} onClick={() => action.mutate({ kind: 'master', address: w.address })}>
                    {t('wallets.setMaster')}
                  </button>
                ) : null}
                {/* the server's rule: never the wallet this session signed in with, never the last one (the active wallet can go) */}
                {!w.is_sign_in && wallets.length > 1 ? (
                  <button type="button" className="btn btn--small btn--ghost" disabled={action.isPending} data-testid="unlink" onClick={() => action.mutate({ kind: 'unlink', chain: w.chain, address: w.address })}>
                    {t('wallets.unlink')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">{t('wallets.unionNote')}</p>
      <ConnectWallets installed={installed} demo={demo} />
      <h3 className="section-title">{t('wallets.stakeTitle')}</h3>
      <p className="muted small">{t('wallets.stakeNote')}</p>
      {stakeKeys.length === 0 ? (
        <p className="muted small" data-testid="no-stake-keys">{t('wallets.noStakeKeys')}</p>
      ) : (
        <ul className="wallet-list" data-testid="stake-keys">
          {stakeKeys.map((k) => (
            <li key={k.reward_address} className="wallet-item" data-testid="stake-key" data-address={k.reward_address}>
              <div className="wallet-item__head">
                <span className="mono" title={k.reward_address}>{shortenMiddle(k.reward_address, 12, 6)}</span>
                <span className="muted small">{t('wallets.stakeProved', { date: formatUtc(k.proved_at) })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {cardanoInstalled.length > 0 || demo ? (
        <div className="row-actions" data-testid="link-stake">
          {cardanoInstalled.map((o) => (
            <button key={o.id} type="button" className="btn" disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'link-stake', apiName: o.apiName })}>
              {t('wallets.linkStake', { wallet: o.label })}
            </button>
          ))}
          {demo ? (
            <button type="button" className="btn" disabled={action.isPending} data-testid="link-stake-demo"
              onClick={() => action.mutate({ kind: 'link-stake', apiName: DEMO_WALLET_API_NAME })}>
              {t('wallets.linkStakeDemo')}
            </button>
          ) : null}
        </div>
      ) : null}
      {installed.length > 0 ? (
        <div className="row-actions" data-testid="link-wallets">
          {installed.map((o) => (
            <button key={o.id} type="button" className="btn" disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'link', chain: o.chain, apiName: o.apiName })}>
              {t('wallets.linkWallet', { wallet: o.label })}
            </button>
          ))}
        </div>
      ) : null}
      {demo ? (
        <div className="row-actions">
          {(['cardano', 'solana'] as const).map((chain) => (
            <button key={chain} type="button" className="btn" disabled={action.isPending} data-testid={`link-demo-${chain}`}
              onClick={() => action.mutate({ kind: 'link-demo', chain, taken })}>
              {action.isPending ? t('wallets.linking') : t('wallets.linkDemo', { chain: chain === 'cardano' ? t('login.cardano') : t('login.solana') })}
            </button>
          ))}
        </div>
      ) : installed.length === 0 ? (
        <p className="muted small">{t('wallets.noWalletsFound')}</p>
      ) : null}
    </section>
  );
}
