/**
 * `/console/player/:id`: everything support needs of one account (packages/api/src/console.ts
 * `consolePlayerResponse`) — wallets and stake keys, balances with the ledger (filters, pages, CSV),
 * lands, mines and workers, items, orders with their chain status, deposits (and those to claim),
 * withdrawals, quests, notifications, sign-ins, flags and the audit rows about it — and the actions
 * on it, each with its reason and the role it needs.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKENS, TOKEN_SYMBOLS, type Token } from '@kingdom/game';
import { LEDGER_ASSETS, LEDGER_REASONS, type ConsolePlayerResponse, type LedgerAsset, type LedgerReason } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { downloadPlayerLedgerCsv, useAdjust, useChestLock, useMessagePlayer, usePayments, usePlayer, usePlayerLedger, useSuspension, type LedgerFilters } from './api.ts';
import { useOperator } from './operator.ts';
import { rememberPlayer } from './last-player.ts';
import { ApprovalsTable, PaymentsTable, parseAmount } from './payments.tsx';
import { AuditTable } from './audit-page.tsx';
import { ActionButton, ActionDialog, Empty, Facts, Mono, Section, TimeText, TwoPersonNote, YesNo, amountText } from './ui.tsx';

type Player = ConsolePlayerResponse;
type Dialogs = 'adjust' | 'chest' | 'suspend' | 'message' | null;

function AdjustDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const { t } = useTranslation();
  const adjust = useAdjust(player.user.id);
  const [token, setToken] = useState<Token>('exo');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const base = parseAmount(amount, token);
  return (
    <ActionDialog
      title={t('console.player.adjustTitle', { name: player.user.name })}
      role="admin"
      onClose={onClose}
      submitLabel={direction === 'credit' ? t('console.player.credit') : t('console.player.debit')}
      danger={direction === 'debit'}
      extraValid={base !== null}
      testId="adjust-dialog"
      onSubmit={(reason) => adjust.mutateAsync({ token, direction, amount: base!, reason }).then((r) =>
        notifySuccess(r.status === 'pending_approval' ? t('console.player.adjustPending') : t('console.player.adjustDone', { balance: amountText(r.balance, token) })))}
    >
      <p className="muted">{t('console.player.adjustLead')}</p>
      <div className="filters">
        <label className="field">
          {t('console.actions.direction')}
          <select value={direction} onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')} data-testid="adjust-direction">
            <option value="credit">{t('console.player.credit')}</option>
            <option value="debit">{t('console.player.debit')}</option>
          </select>
        </label>
        <label className="field">
          {t('console.actions.token')}
          <select value={token} onChange={(e) => setToken(e.target.value as Token)} data-testid="adjust-token">
            {TOKENS.map((k) => <option key={k} value={k}>{TOKEN_SYMBOLS[k]}</option>)}
          </select>
        </label>
        <label className="field">
          {t('console.actions.amount')}
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="12.5" data-testid="adjust-amount" />
        </label>
      </div>
      <p className="muted">{t('console.player.balanceNow', { balance: amountText(player.balances[token] ?? '0', token) })}</p>
      <TwoPersonNote token={token} />
    </ActionDialog>
  );
}

function FlagDialog({ player, kind, onClose }: { player: Player; kind: 'chest' | 'suspend'; onClose(): void }) {
  const { t } = useTranslation();
  const chest = useChestLock(player.user.id);
  const suspension = useSuspension(player.user.id);
  const on = kind === 'chest' ? !player.flags.chest_locked : !player.flags.suspended;
  const label = kind === 'chest' ? (on ? t('console.player.lockChest') : t('console.player.unlockChest')) : on ? t('console.player.suspend') : t('console.player.unsuspend');
  return (
    <ActionDialog
      title={`${label}: ${player.user.name}`}
      role="support"
      onClose={onClose}
      danger={on}
      submitLabel={label}
      testId={`${kind}-dialog`}
      onSubmit={(reason) => (kind === 'chest' ? chest.mutateAsync({ locked: on, reason }) : suspension.mutateAsync({ suspended: on, reason })).then(() => notifySuccess(t('console.actions.done')))}
    >
      <p className="muted">{kind === 'chest' ? (on ? t('console.player.lockLead') : t('console.player.unlockLead')) : on ? t('console.player.suspendLead') : t('console.player.unsuspendLead')}</p>
    </ActionDialog>
  );
}

function MessageDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const { t } = useTranslation();
  const send = useMessagePlayer(player.user.id);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <ActionDialog
      title={t('console.player.messageTitle', { name: player.user.name })}
      role="support"
      onClose={onClose}
      submitLabel={t('console.player.send')}
      extraValid={title.trim() !== '' && body.trim() !== ''}
      testId="message-dialog"
      onSubmit={(reason) => send.mutateAsync({ title: title.trim(), body: body.trim(), reason }).then(() => notifySuccess(t('console.player.sent')))}
    >
      <label className="field">
        {t('console.announce.messageTitle')}
        <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} data-testid="message-title" />
      </label>
      <label className="field">
        {t('console.announce.messageBody')}
        <textarea value={body} maxLength={2000} rows={4} onChange={(e) => setBody(e.target.value)} data-testid="message-body" />
      </label>
    </ActionDialog>
  );
}

function Ledger({ id, balances }: { id: number; balances: Player['balances'] }) {
  const { t } = useTranslation();
  const [asset, setAsset] = useState<LedgerAsset | ''>('');
  const [reason, setReason] = useState<LedgerReason | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const filters: Omit<LedgerFilters, 'page'> = { asset: asset || undefined, reason: reason || undefined, from: from || undefined, to: to || undefined };
  const q = usePlayerLedger(id, { ...filters, page });
  const [downloading, setDownloading] = useState(false);
  const csv = () => {
    setDownloading(true);
    downloadPlayerLedgerCsv(id, filters).catch(() => notifyError(t('console.csvFailed'))).finally(() => setDownloading(false));
  };
  const reset = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };
  return (
    <Section id="player-balances" title={t('console.player.balances')} testId="player-balances">
      <ul className="console-balances">
        {TOKENS.map((k) => (
          <li key={k} data-testid={`player-balance-${k}`}><span className="muted">{TOKEN_SYMBOLS[k]}</span> <strong>{amountText(balances[k] ?? '0', k)}</strong></li>
        ))}
      </ul>
      <h3 className="console-subtitle">{t('console.player.ledger')}</h3>
      <div className="filters">
        <label className="field">
          {t('console.player.asset')}
          <select value={asset} onChange={(e) => reset(setAsset)(e.target.value as LedgerAsset | '')} data-testid="ledger-asset">
            <option value="">{t('console.player.allAssets')}</option>
            {LEDGER_ASSETS.map((a) => <option key={a} value={a}>{a === 'items' ? t('console.player.items') : TOKEN_SYMBOLS[a as Token]}</option>)}
          </select>
        </label>
        <label className="field">
          {t('console.actions.reason')}
          <select value={reason} onChange={(e) => reset(setReason)(e.target.value as LedgerReason | '')} data-testid="ledger-reason">
            <option value="">{t('console.player.allReasons')}</option>
            {LEDGER_REASONS.map((r) => <option key={r} value={r}>{t(`account.reasons.${r}`, { defaultValue: r })}</option>)}
          </select>
        </label>
        <label className="field">
          {t('console.player.from')}
          <input type="date" value={from} onChange={(e) => reset(setFrom)(e.target.value)} data-testid="ledger-from" />
        </label>
        <label className="field">
          {t('console.player.to')}
          <input type="date" value={to} onChange={(e) => reset(setTo)(e.target.value)} data-testid="ledger-to" />
        </label>
        <button type="button" className="btn" onClick={csv} disabled={downloading} data-testid="ledger-csv">{t('console.csv')}</button>
      </div>
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data && q.data.rows.length === 0 ? <Empty text={t('console.player.noLedger')} /> : null}
      {q.data && q.data.rows.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--stack" data-testid="ledger-table">
            <thead>
              <tr>
                <th scope="col">{t('console.player.when')}</th>
                <th scope="col">{t('console.player.asset')}</th>
                <th scope="col" className="num">{t('console.actions.amount')}</th>
                <th scope="col">{t('console.actions.reason')}</th>
                <th scope="col">{t('console.player.reference')}</th>
                <th scope="col" className="num">{t('console.player.running')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((r) => {
                const a = r.asset.startsWith('item:') ? 'item' : r.asset;
                return (
                  <tr key={r.id} data-testid="ledger-row">
                    <td data-label={t('console.player.when')}><TimeText at={r.at} /></td>
                    <td data-label={t('console.player.asset')}>{r.asset.startsWith('item:') ? r.asset.slice(5) : TOKEN_SYMBOLS[r.asset as Token] ?? r.asset}</td>
                    <td data-label={t('console.actions.amount')} className={`num ${r.amount.startsWith('-') ? 'amount--out' : 'amount--in'}`}>{r.amount.startsWith('-') ? '' : '+'}{amountText(r.amount, a)}</td>
                    <td data-label={t('console.actions.reason')}><span>{t(`account.reasons.${r.reason}`, { defaultValue: r.reason })}{r.raw_reason !== r.reason ? <> <small className="muted mono">{r.raw_reason}</small></> : null}</span></td>
                    <td data-label={t('console.player.reference')}><span className="mono break">{r.reference}</span></td>
                    <td data-label={t('console.player.running')} className="num">{amountText(r.running_balance, a)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {q.data ? <Pager page={page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
    </Section>
  );
}

/** A plain table: `cols` headers, `rows` cells (the first a row header). */
function Table({ testId, cols, rows, empty }: { testId: string; cols: readonly string[]; rows: readonly (readonly ReactNode[])[]; empty: string }) {
  if (rows.length === 0) return <Empty text={empty} />;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack" data-testid={testId}>
        <thead>
          <tr>{cols.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-testid={`${testId}-row`}>
              {r.map((cell, j) => <td key={cols[j]} data-label={cols[j]}>{cell}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The unmatched or resolved payments of this account (the newest page of them). */
function PlayerPayments({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = usePayments({ state: 'all', user_id: id, page: 1 });
  const mine = q.data?.payments ?? [];
  return (
    <Section id="player-payments" title={t('console.payments.title')} testId="player-payments">
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data ? <PaymentsTable payments={mine} testId="player-payments-table" /> : null}
    </Section>
  );
}

function PlayerView({ p }: { p: Player }) {
  const { t } = useTranslation();
  const op = useOperator();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const none = t('console.none');
  const ch = (c: string) => t(`console.chains.${c}`, { defaultValue: c });
  return (
    <>
      <PageHeader title={`${p.user.name} #${p.user.id}`} lead={t('console.player.lead', { type: p.user.type })} />
      <Section id="player-flags" title={t('console.player.flags')} testId="player-flags">
        <Facts
          testId="player-facts"
          rows={[
            [t('console.search.joined'), <TimeText key="j" at={p.user.created_at} />],
            [t('console.search.lastLogin'), <TimeText key="l" at={p.user.last_login_at} />],
            [t('console.player.suspended'), <span key="s" data-testid="flag-suspended">{p.flags.suspended ? <span className="badge console-flag">{t('console.yes')}</span> : t('console.no')}{p.flags.suspended_reason ? ` · ${p.flags.suspended_reason}` : ''}</span>],
            [t('console.player.chestLocked'), <span key="c" data-testid="flag-chest">{p.flags.chest_locked ? <span className="badge console-flag">{t('console.yes')}</span> : t('console.no')}</span>],
          ]}
        />
        <div className="console-actions" data-testid="player-actions">
          <ActionButton role="admin" label={t('console.player.adjust')} onClick={() => setDialog('adjust')} testId="action-adjust" />
          <ActionButton role="support" label={p.flags.chest_locked ? t('console.player.unlockChest') : t('console.player.lockChest')} onClick={() => setDialog('chest')} testId="action-chest" />
          <ActionButton role="support" label={p.flags.suspended ? t('console.player.unsuspend') : t('console.player.suspend')} onClick={() => setDialog('suspend')} testId="action-suspend" />
          <ActionButton role="support" label={t('console.player.message')} onClick={() => setDialog('message')} testId="action-message" />
        </div>
      </Section>
      {dialog === 'adjust' ? <AdjustDialog player={p} onClose={() => setDialog(null)} /> : null}
      {dialog === 'chest' || dialog === 'suspend' ? <FlagDialog player={p} kind={dialog} onClose={() => setDialog(null)} /> : null}
      {dialog === 'message' ? <MessageDialog player={p} onClose={() => setDialog(null)} /> : null}

      <Section id="player-wallets" title={t('console.player.wallets')} testId="player-wallets">
        <Table testId="wallets" empty={none} cols={[t('console.search.chain'), t('console.search.address'), t('console.player.master'), t('console.player.handle'), t('console.player.linked')]}
          rows={p.wallets.map((w) => [ch(w.chain), <Mono key="a" value={w.address} />, <YesNo key="m" value={w.is_master} />, w.handle ? `$${w.handle}` : none, <TimeText key="t" at={w.created_at} />])} />
        <h3 className="console-subtitle">{t('console.player.stakeKeys')}</h3>
        <Table testId="stake-keys" empty={none} cols={[t('console.player.rewardAddress'), t('console.player.proved')]}
          rows={p.stake_keys.map((k) => [<Mono key="r" value={k.reward_address} />, <TimeText key="p" at={k.proved_at} />])} />
      </Section>

      <Ledger id={p.user.id} balances={p.balances} />

      <Section id="player-lands" title={t('console.player.lands')} testId="player-lands">
        <Table testId="lands" empty={none} cols={[t('console.player.land'), t('console.player.size'), t('console.player.biome'), t('console.player.goldmine'), t('console.player.frenmine')]}
          rows={p.lands.map((l) => [<Link key="l" to={`/land/${l.hex_name}`}>{l.hex_name}</Link>, l.size, l.biome, l.goldmine_level ?? none, l.frenmine_level ?? none])} />
        <h3 className="console-subtitle">{t('console.player.mines')}</h3>
        <Table testId="mines" empty={none} cols={[t('console.player.land'), t('console.player.mine'), t('console.player.level'), t('console.player.workers'), t('console.player.upgrade')]}
          rows={p.mines.map((m) => [m.hex_name, t(`console.player.mineKinds.${m.mine}`), m.level ?? none,
            m.workers.length === 0 ? none : m.workers.map((w) => `#${w.slot} ${w.rarity}${w.asset ? ` (${w.asset})` : ''}`).join(', '),
            m.upgrade ? `${m.upgrade.target_level} · ${m.upgrade.status}` : none])} />
        <h3 className="console-subtitle">{t('console.player.items')}</h3>
        <Table testId="items" empty={none} cols={[t('console.player.item'), t('console.player.count')]} rows={p.items.map((i) => [i.name, amountText(String(i.amount), 'count')])} />
      </Section>

      <Section id="player-orders" title={t('console.player.orders')} testId="player-orders">
        <Table testId="orders" empty={none} cols={[t('console.player.order'), t('console.player.created'), t('console.player.exo'), t('console.player.price'), t('console.player.status'), t('console.player.tx'), t('console.player.verdicts')]}
          rows={p.orders.map((o) => [`#${o.id}`, <TimeText key="c" at={o.created_at} />, amountText(o.exo, 'exo'),
            o.lovelace !== null ? amountText(o.lovelace, 'ada') : o.lamports !== null ? amountText(o.lamports, 'sol') : none,
            <span key="s" data-testid="order-status">{o.status} · {t('console.player.confirmations', { count: o.confirmations })}</span>, <Mono key="t" value={o.tx_hash} />,
            o.solana_verdicts.length === 0 ? none : o.solana_verdicts.map((v) => `${v.verdict} (${amountText(v.lamports, 'sol')})`).join(', ')])} />
      </Section>

      <PlayerPayments id={p.user.id} />

      <Section id="player-deposits" title={t('console.player.deposits')} testId="player-deposits">
        <Table testId="deposits" empty={none} cols={[t('console.player.seen'), t('console.player.tx'), t('console.actions.amount'), t('console.player.status'), t('console.player.credited')]}
          rows={p.deposits.map((d) => [<TimeText key="s" at={d.seen_at} />, <Mono key="t" value={`${d.tx_hash}#${d.output_index}`} />, amountText(d.amount, d.token), `${d.status} · ${t('console.player.confirmations', { count: d.confirmations })}`, <TimeText key="c" at={d.credited_at} />])} />
        <h3 className="console-subtitle">{t('console.player.claimable')}</h3>
        <Table testId="claimable" empty={none} cols={[t('console.player.seen'), t('console.player.tx'), t('console.actions.amount'), t('console.player.sender')]}
          rows={p.claimable.map((d) => [<TimeText key="s" at={d.seen_at} />, <Mono key="t" value={`${d.tx_hash}#${d.output_index}`} />, amountText(d.amount, d.token), <Mono key="f" value={d.sender} />])} />
        <h3 className="console-subtitle">{t('console.player.withdrawals')}</h3>
        <Table testId="withdrawals" empty={none} cols={[t('console.player.created'), t('console.actions.amount'), t('console.player.status'), t('console.player.tx'), t('console.player.verdict')]}
          rows={p.withdrawals.map((w) => [<TimeText key="c" at={w.created_at} />, amountText(w.amount, w.token), `${w.status} · ${t('console.player.attempts', { count: w.submit_attempts })}`, <Mono key="t" value={w.tx_hash} />, w.reason ?? w.last_error ?? none])} />
      </Section>

      <Section id="player-activity" title={t('console.player.activity')} testId="player-activity">
        <h3 className="console-subtitle">{t('console.player.quests')}</h3>
        <Table testId="quest-claims" empty={none} cols={[t('console.player.when'), t('console.player.quest')]} rows={p.quest_claims.map((q) => [<TimeText key="w" at={q.claimed_at} />, q.quest_key])} />
        <h3 className="console-subtitle">{t('console.player.notifications')}</h3>
        <Table testId="notifications" empty={none} cols={[t('console.player.when'), t('console.player.type'), t('console.player.read')]}
          rows={p.notifications.map((n) => [<TimeText key="w" at={n.created_at} />, <span key="t">{n.type}{typeof n.data.title === 'string' ? ` · ${n.data.title}` : ''}</span>, <YesNo key="r" value={n.read} />])} />
        <h3 className="console-subtitle">{t('console.player.signIns')}</h3>
        <Table testId="sign-ins" empty={none} cols={[t('console.player.when'), t('console.search.address'), t('console.player.wallet'), t('console.player.method'), t('console.player.userAgent')]}
          rows={p.sign_ins.map((s) => [<TimeText key="w" at={s.at} />, <Mono key="a" value={s.address} />, s.wallet ?? none, s.method, <span key="u" className="console-wrap">{s.user_agent ?? none}</span>])} />
      </Section>

      <Section id="player-approvals" title={t('console.approvals.title')} testId="player-approvals">
        <ApprovalsTable approvals={p.approvals} me={op.address} />
      </Section>
      <Section id="player-audit" title={t('console.player.audit')} testId="player-audit">
        <AuditTable rows={p.audit} />
      </Section>
    </>
  );
}

/** `/console/player/:id`. */
export function PlayerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const uid = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  useEffect(() => {
    if (uid > 0) rememberPlayer(String(uid));
  }, [uid]);
  const q = usePlayer(uid);
  if (uid <= 0) return <InlineError>{t('console.player.badId')}</InlineError>;
  if (q.isError) return <InlineError>{t('console.loadFailed')}</InlineError>;
  if (!q.data) return <p className="muted" role="status">{t('console.loading')}</p>;
  return <PlayerView p={q.data} />;
}
