import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@kingdom/api';
import { useConfig, useDashboardUser } from '../../api/session-calls.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { DEMO_WALLET_API_NAME, WalletReadiness, type WalletOption } from '../../wallets/types.ts';
import { useWalletOptions } from './use-wallet-options.ts';
import { useWalletSignIn } from './use-wallet-sign-in.ts';
import { nextPathAfterSignIn } from './next-path.ts';

function WalletIcon({ option }: { option: WalletOption }) {
  if (option.icon) return <img className="wallet__icon" src={option.icon} alt="" width={28} height={28} />;
  return (
    <span className="wallet__icon wallet__icon--letter" aria-hidden="true">
      {option.label.slice(0, 1)}
    </span>
  );
}

function WalletRow({ option, busy, onPick }: { option: WalletOption; busy: boolean; onPick(o: WalletOption): void }) {
  const { t } = useTranslation();
  const state = <span className={`wallet__state wallet__state--${option.readyState}`}>{t(`login.readiness.${option.readyState}`)}</span>;
  if (option.readyState === WalletReadiness.Loadable && option.deepLink) {
    // a phone without the extension: the wallet's app opens this page in its own browser, where it is installed
    return (
      <li>
        <a className="wallet" href={option.deepLink} data-testid={`wallet-open-${option.apiName}`}>
          <WalletIcon option={option} />
          <span className="wallet__name">{option.label}</span> {state}{' '}
          <span className="sr-only">{t('login.openInApp', { name: option.label })}</span>
        </a>
      </li>
    );
  }
  if (option.readyState === WalletReadiness.Installed || option.readyState === WalletReadiness.Loadable) {
    return (
      <li>
        <button type="button" className="wallet" disabled={busy} onClick={() => onPick(option)}>
          <WalletIcon option={option} />
          <span className="wallet__name">{option.label}</span>
          {state}
        </button>
      </li>
    );
  }
  if (option.installUrl && option.readyState === WalletReadiness.NotDetected) {
    return (
      <li>
        {/* the visible text stays the start of the link's name (WCAG 2.5.3); what the link does follows it */}
        <a className="wallet wallet--install" href={option.installUrl} target="_blank" rel="noreferrer noopener">
          <WalletIcon option={option} />
          <span className="wallet__name">{option.label}</span> {state}{' '}
          <span className="sr-only">{t('login.install', { name: option.label })}</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <span className="wallet wallet--disabled" aria-disabled="true">
        <WalletIcon option={option} />
        <span className="wallet__name">{option.label}</span>
        {state}
      </span>
    </li>
  );
}

function WalletList({ chain, options, busy, onPick }: { chain: Chain; options: WalletOption[]; busy: boolean; onPick(o: WalletOption): void }) {
  const { t } = useTranslation();
  const title = t(`login.${chain}`);
  return (
    <section className="login__chain" aria-label={title}>
      <h2 className="login__chain-title">{title}</h2>
      <ul className="wallet-list">
        {options.map((o) => (
          <WalletRow key={o.id} option={o} busy={busy} onPick={onPick} />
        ))}
      </ul>
    </section>
  );
}

/** `/login`: 'Enter the Kingdom', one button per wallet, demo wallets when the server is in demo mode. */
export function LoginPage() {
  const { t } = useTranslation();
  const authed = useIsAuthenticated();
  const config = useConfig();
  // Ledger / Trezor (CIP-30 or Wallet Standard wallet): sign a never-sent transaction instead of a message
  const [hardware, setHardware] = useState(false);
  const options = useWalletOptions(hardware);
  const { signIn, pending } = useWalletSignIn();
  const user = useDashboardUser();
  const { search } = useLocation();

  // A stored session goes on to the dashboard only once the server still knows it: an expired one
  // goes straight to the landing page with the expiry toast (session-effects.tsx), no bounce.
  if (authed && !pending) {
    if (user.isSuccess) return <Navigate to={nextPathAfterSignIn(search)} replace />;
    return (
      <div className="boot" role="status" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <span className="sr-only">{t('login.checkingSession')}</span>
      </div>
    );
  }

  const busy = pending !== null;
  const pick = (o: WalletOption) => void signIn(o.chain, o.apiName, hardware);
  const cardano = options.filter((o) => o.chain === 'cardano');
  const solana = options.filter((o) => o.chain === 'solana');
  const anyInstalled = options.some((o) => o.readyState === WalletReadiness.Installed);
  const demo = config.data?.demo === true;
  const pendingLabel = pending ? (pending.endsWith(`:${DEMO_WALLET_API_NAME}`) ? t('login.demo') : (options.find((o) => o.id === pending)?.label ?? pending)) : '';

  return (
    <div className="login">
      <section className="login__panel">
        <h1 className="login__title">{t('login.title')}</h1>
        <p className="login__lead">{t('login.loginWith')}</p>

        {busy ? (
          <p className="login__pending" role="status">
            <span className="spinner" aria-hidden="true" /> {t('login.signingIn', { name: pendingLabel })} {t('login.checkWallet')}
          </p>
        ) : null}

        {demo ? (
          <section className="login__demo" aria-label={t('login.demo')}>
            <p className="muted">{t('login.demoHint')}</p>
            <div className="login__demo-buttons">
              <button type="button" className="btn btn--primary" disabled={busy} aria-label={t('login.demoCardano')} onClick={() => void signIn('cardano', DEMO_WALLET_API_NAME, hardware)}>
                ₳ {t('login.demoCardano')}
              </button>
              <button type="button" className="btn btn--primary" disabled={busy} aria-label={t('login.demoSolana')} onClick={() => void signIn('solana', DEMO_WALLET_API_NAME, hardware)}>
                ◎ {t('login.demoSolana')}
              </button>
            </div>
          </section>
        ) : null}

        {!anyInstalled && !demo ? (
          <div className="login__none" role="note">
            <strong>{t('login.noWalletsFound')}</strong>
            <p className="muted">{t('login.noWalletsHint')}</p>
          </div>
        ) : null}

        <div className="login__hardware">
          <label className="check">
            <input type="checkbox" checked={hardware} disabled={busy} onChange={(e) => setHardware(e.target.checked)} data-testid="hardware-wallet" />
            <span>{t('login.hardware')}</span>
          </label>
          <p className="muted small">{t('login.hardwareHint')}</p>
        </div>

        <div className="login__chains">
          <WalletList chain="cardano" options={cardano} busy={busy} onPick={pick} />
          <WalletList chain="solana" options={solana} busy={busy} onPick={pick} />
        </div>
        <p className="login__terms muted">{t('login.terms')}</p>
      </section>
    </div>
  );
}
