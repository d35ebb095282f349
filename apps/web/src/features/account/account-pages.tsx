import { useState, type FormEvent } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '../../i18n/language.ts';
import { LANGUAGE_NAMES, changeLanguage } from '../../i18n/language-switch.ts';
import { TOKEN_SYMBOLS, itemKind, type Token } from '@kingdom/game';
import { formatDateTime, formatTokenAmount } from '../../i18n/format.ts';
import { LEDGER_ASSETS, LEDGER_REASONS, USER_NAME_PATTERN, type LedgerAsset, type LedgerReason, type LedgerRow, type ProfileResponse } from '@kingdom/api';
import { Pager } from '../../components/pager.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { downloadLedgerCsv, useLedger, useProfile, useSaveProfile } from './api.ts';
import { BalanceList } from '../../components/balance-list.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { selectWalletConnected, useSession } from '../../session/session-store.ts';
import { WalletsPanel } from './wallets-panel.tsx';
import { AchievementsPanel } from './achievements-panel.tsx';
import { PushPanel } from './push-panel.tsx';
import { LazyChainHistory, chainBalanceActions } from '../../chain/lazy.tsx';

/** `/account` (protected): tabs inbox, settings, balances. */
export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <TabNav
        label={t('account.title')}
        tabs={[
          { to: 'inbox', label: t('account.inbox') },
          { to: 'settings', label: t('account.settings') },
          { to: 'balances', label: t('account.balances') },
          { to: 'chest', label: t('account.chest') },
        ]}
      />
      <Outlet />
    </>
  );
}

/** `/account/settings`: profile fields and the wallet this session signed in with. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const s = useSession();
  const connected = useSession(selectWalletConnected);
  return (
    <div className="two-col">
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title" className="panel__title">
          {t('account.profile')}
        </h2>
        <ProfileForm />
        <dl className="facts facts--wide">
          <div>
            <dt>{t('account.userType')}</dt>
            <dd>{s.userType || t('dashboard.unknown')}</dd>
          </div>
          <div>
            <dt>{t('dashboard.landOwner')}</dt>
            <dd>{s.landOwner ? t('dashboard.yes') : t('dashboard.no')}</dd>
          </div>
        </dl>
      </section>
      <section className="panel" aria-labelledby="wallets-title">
        <h2 id="wallets-title" className="panel__title">
          {t('account.wallets')}
        </h2>
        {connected ? (
          <dl className="facts facts--wide">
            <div>
              <dt>{t('account.chain')}</dt>
              <dd>{s.walletType === 'cardano' ? t('login.cardano') : t('login.solana')}</dd>
            </div>
            <div>
              <dt>{t('account.walletApp')}</dt>
              <dd>{s.solanaWalletType || s.walletApiName}</dd>
            </div>
            <div>
              <dt>{t('account.activeWallet')}</dt>
              <dd className="mono break" data-testid="wallet-address">
                {s.walletAddress}
              </dd>
            </div>
            {s.walletHandle ? (
              <div>
                <dt>{t('account.walletHandle')}</dt>
                <dd data-testid="wallet-handle">${s.walletHandle}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <EmptyState title={t('account.noWallets')} />
        )}
      </section>
      <WalletsPanel />
      <PushPanel />
      <AchievementsPanel />
    </div>
  );
}

/** The profile form: user name (3–24 characters, unique) and avatar from the player's NFTs. */
function ProfileForm() {
  const q = useProfile();
  if (!q.data) return null;
  return <ProfileFields key={`${q.data.user_name}|${q.data.user_avatar ?? ''}`} profile={q.data} />;
}

function ProfileFields({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const [name, setName] = useState(profile.user_name);
  const [avatar, setAvatar] = useState(profile.user_avatar ?? '');
  const valid = USER_NAME_PATTERN.test(name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    // The form remounts with the saved profile, so the toast hangs on the promise, not on this component.
    save.mutateAsync({ user_name: name, avatar: avatar || null }).then(() => notifySuccess(t('account.profileSaved')), () => undefined);
  };
  return (
    <form className="form-stack" onSubmit={submit} aria-label={t('account.profile')}>
      <label className="field">
        {t('account.userName')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={24} minLength={3} required aria-invalid={!valid} aria-describedby="user-name-hint" data-testid="profile-name" />
        <small id="user-name-hint">{t('account.userNameHint')}</small>
      </label>
      <label className="field">
        {t('account.avatar')}
        <select value={avatar} onChange={(e) => setAvatar(e.target.value)} data-testid="profile-avatar">
          <option value="">{t('account.defaultAvatar')}</option>
          {profile.avatars.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
      </label>
      <LanguageField />
      <div>
        <button type="submit" className="btn btn--primary" disabled={!valid || save.isPending}>{t('account.save')}</button>
      </div>
    </form>
  );
}

/**
 * The language switch (docs/product.md §10): applies at once (every text re-renders in it, numbers and dates
 * follow its `Intl` format) and is remembered in this browser.
 */
function LanguageField() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = (lng: string) => {
    if (!isLanguage(lng) || lng === current) return;
    void changeLanguage(lng).then(() => notifySuccess(i18n.t('account.languageSaved')));
  };
  return (
    <label className="field">
      {t('account.language')}
      <select value={current} onChange={(e) => choose(e.target.value)} aria-describedby="language-hint" data-testid="language-select">
        {LANGUAGES.map((lng) => <option key={lng} value={lng} lang={lng}>{LANGUAGE_NAMES[lng]}</option>)}
      </select>
      <small id="language-hint">{t('account.languageHint')}</small>
    </label>
  );
}

function amountText(row: LedgerRow, asset: LedgerAsset, value: string): string {
  return asset === 'items' ? value : formatTokenAmount(value, asset as Token);
}

/** `/account/balances`: the four balances and one token's ledger history (filters, pages, CSV, running balance). */
export function AccountBalancesPage() {
  const { t } = useTranslation();
  // `?token=…&reason=…` opens the history filtered (the navigation's "Rewards" opens the staking rewards)
  const [params] = useSearchParams();
  const askedToken = LEDGER_ASSETS.find((a) => a === params.get('token')) ?? 'hexo';
  const askedReason = LEDGER_REASONS.find((r) => r === params.get('reason')) ?? '';
  const [token, setToken] = useState<LedgerAsset>(askedToken);
  const [reason, setReason] = useState<LedgerReason | ''>(askedReason);
  const [page, setPage] = useState(1);
  // a new address (e.g. "Rewards" then "Wallet" in the navigation) sets the filters again
  const [address, setAddress] = useState(params.toString());
  if (address !== params.toString()) {
    setAddress(params.toString());
    setToken(askedToken);
    setReason(askedReason);
    setPage(1);
  }
  const q = useLedger(token, reason, page);
  const [downloading, setDownloading] = useState(false);
  const csv = () => {
    setDownloading(true);
    downloadLedgerCsv(token, reason).catch(() => notifyError(t('account.csvFailed'))).finally(() => setDownloading(false));
  };
  return (
    <>
      <section className="panel" aria-label={t('account.balances')}>
        <BalanceList testIdPrefix="account-balance-" actions={chainBalanceActions} />
      </section>
      <LazyChainHistory />
      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title" className="panel__title">{t('account.history')}</h2>
        <div className="filters">
          <label className="field">
            {t('account.token')}
            <select value={token} onChange={(e) => { setToken(e.target.value as LedgerAsset); setPage(1); }} data-testid="history-token">
              {LEDGER_ASSETS.map((a) => <option key={a} value={a}>{a === 'items' ? t('account.items') : TOKEN_SYMBOLS[a as Token]}</option>)}
            </select>
          </label>
          <label className="field">
            {t('account.reason')}
            <select value={reason} onChange={(e) => { setReason(e.target.value as LedgerReason | ''); setPage(1); }} data-testid="history-reason">
              <option value="">{t('account.allReasons')}</option>
              {LEDGER_REASONS.map((r) => <option key={r} value={r}>{t(`account.reasons.${r}`)}</option>)}
            </select>
          </label>
          <button type="button" className="btn" onClick={csv} disabled={downloading} data-testid="history-csv">{t('account.downloadCsv')}</button>
        </div>
        {q.isError ? <InlineError>{t('account.historyFailed')}</InlineError> : null}
        {q.data && q.data.rows.length === 0 ? <EmptyState title={t('account.noHistory')} /> : null}
        {q.data && q.data.rows.length > 0 ? (
          <div className="table-wrap">
            <table className="table table--stack" data-testid="history-table">
              <thead>
                <tr>
                  <th scope="col">{t('account.date')}</th>
                  {token === 'items' ? <th scope="col">{t('account.item')}</th> : null}
                  <th scope="col" className="num">{t('account.amount')}</th>
                  <th scope="col">{t('account.reason')}</th>
                  <th scope="col" className="num">{t('account.runningBalance')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.rows.map((r) => (
                  <tr key={r.id}>
                    <td data-label={t('account.date')}>{formatDateTime(r.at)}</td>
                    {token === 'items' ? <td data-label={t('account.item')}>{itemKind(r.asset.replace(/^item:/, ''))?.name ?? r.asset.replace(/^item:/, '')}</td> : null}
                    <td data-label={t('account.amount')} className={`num ${r.amount.startsWith('-') ? 'amount--out' : 'amount--in'}`}>{r.amount.startsWith('-') ? '' : '+'}{amountText(r, token, r.amount)}</td>
                    <td data-label={t('account.reason')} data-testid="history-reason-cell">{r.link ? <Link to={r.link}>{t(`account.reasons.${r.reason}`)}</Link> : t(`account.reasons.${r.reason}`)}</td>
                    <td data-label={t('account.runningBalance')} className="num">{amountText(r, token, r.running_balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {q.data ? <Pager page={page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
      </section>
    </>
  );
}
