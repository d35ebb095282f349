import { Suspense, lazy, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vendorEntry } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { CardSkeletons, InlineError } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatUtc } from '../../components/time-format.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { useSession } from '../../session/session-store.ts';
import { usePrices } from '../../api/account-calls.ts';
import { costLamports, costLovelace, formatAda, formatSol, isWholeAmount } from '../../chain/format.ts';
import { useChainInfo, useCreateOrder, useExoOrders, useSaleRounds } from '../../chain/hooks.ts';
import { OrderPayDialog } from '../../chain/order-pay-dialog.tsx';
import { TxLink } from '../../chain/tx-link.tsx';
import type { ExoOrder, SaleRound } from '../../chain/types.ts';
import { perMilleText, soldPerMille } from './round-math.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import '../../chain/chain.css';

const SolanaOrderDialog = lazy(() => import('../../chain/solana-order-dialog.tsx').then((m) => ({ default: m.SolanaOrderDialog })));

/** The date part of an ISO instant (UTC). */
const day = (iso: string) => formatUtc(iso).slice(0, 10);

/** What `amount` EXO of the round costs in the chain the order is paid on (SOL: at the current prices, fixed by the order). */
function CostLine({ round, amount, payChain }: { round: SaleRound; amount: string; payChain: 'cardano' | 'solana' }) {
  const { t } = useTranslation();
  const prices = usePrices(payChain === 'solana');
  if (payChain === 'cardano') return <p className="muted" data-testid={`round-cost-${round.id}`}>{t('tokensale.cost', { ada: formatAda(costLovelace(amount, round.price_lovelace)) })}</p>;
  const lamports = costLamports(amount, round, prices.data);
  return <p className="muted" data-testid={`round-cost-${round.id}`}>{lamports === null ? t('tokensale.solAtOrder') : t('tokensale.costSol', { sol: formatSol(lamports) })}</p>;
}

function BuyForm({ round, onOrder, payChain }: { round: SaleRound; onOrder(order: ExoOrder): void; payChain: 'cardano' | 'solana' }) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const open = round.status === 'open';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isWholeAmount(amount)) return setInvalid(true);
    setFailure(null);
    create.mutate({ round_id: round.id, amount, ...(payChain === 'solana' ? { pay_chain: 'solana' as const } : {}) }, {
      onSuccess: ({ order }) => onOrder(order),
      onError: (err) => setFailure(err.message),
    });
  };
  return (
    <form className="sale-card__buy" onSubmit={submit} noValidate>
      <label className="field">
        {t('tokensale.amount')}
        <input inputMode="numeric" autoComplete="off" maxLength={21} value={amount} disabled={!open}
          aria-label={t('tokensale.amountOf', { name: round.name })} aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => { setAmount(e.target.value.replace(/\D/g, '')); setInvalid(false); }} data-testid={`round-amount-${round.id}`} />
      </label>
      <button type="submit" className="btn btn--primary" disabled={!open || create.isPending} data-testid={`round-buy-${round.id}`}>
        {!open ? t(`tokensale.status.${round.status}`) : payChain === 'solana' ? t('chain.sol.buyWithSol') : t('tokensale.buy')}
      </button>
      {open && isWholeAmount(amount) ? <CostLine round={round} amount={amount} payChain={payChain} /> : null}
      {invalid ? <p id={errorId} className="field-error" role="alert">{t('tokensale.amountEmpty')}</p> : null}
      {failure ? <p className="field-error" role="alert">{failure}</p> : null}
    </form>
  );
}

/**
 * What a signed-in player may do in a round: buy while it is open, paying in ADA with a Cardano
 * session wallet or in SOL with a Solana one (docs/game-rules.md §9); else say why before any order
 * is made (a closed or upcoming round shows no form; no wallet, or SOL payments off).
 */
function RoundBuy({ round, onOrder }: { round: SaleRound; onOrder(order: ExoOrder): void }) {
  const { t } = useTranslation();
  const walletType = useSession((s) => s.walletType);
  const info = useChainInfo();
  if (round.status !== 'open') return null;
  if (walletType === 'solana') {
    if (info.data && info.data.solana === null) return <p className="muted" data-testid={`round-sol-off-${round.id}`}>{t('chain.sol.off')}</p>;
    return <BuyForm round={round} onOrder={onOrder} payChain="solana" />;
  }
  if (walletType !== 'cardano') return <p className="muted" data-testid={`round-needs-cardano-${round.id}`}>{t('tokensale.needsCardano')}</p>;
  return <BuyForm round={round} onOrder={onOrder} payChain="cardano" />;
}

function RoundCard({ round, signedIn, onOrder }: { round: SaleRound; signedIn: boolean; onOrder(order: ExoOrder): void }) {
  const { t } = useTranslation();
  const pm = soldPerMille(round.sold, round.cap);
  const headingId = `round-${round.id}-name`;
  return (
    <li className="card sale-card" aria-labelledby={headingId} data-testid={`round-${round.id}`}>
      <div className="sale-card__head">
        <h3 id={headingId} className="land-card__name">{round.name}</h3>
        <span className={`badge badge--${round.status}`} data-testid={`round-status-${round.id}`}>{t(`tokensale.status.${round.status}`)}</span>
      </div>
      <dl className="facts facts--wide">
        <div><dt>{t('tokensale.price')}</dt><dd>{t('tokensale.pricePerExo', { ada: formatAda(round.price_lovelace) })}{round.price_lamports != null ? ` · ${t('tokensale.pricePerExoSol', { sol: formatSol(round.price_lamports) })}` : ''}</dd></div>
        <div><dt>{t('tokensale.cap')}</dt><dd>{formatTokenAmount(round.cap, 'exo')} EXO</dd></div>
        <div><dt>{t('tokensale.sold')}</dt><dd>{formatTokenAmount(round.sold, 'exo')} EXO</dd></div>
        <div><dt>{t('tokensale.window')}</dt><dd>{t('tokensale.windowRange', { from: day(round.starts_at), to: day(round.ends_at) })}</dd></div>
      </dl>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(pm / 10)}
        aria-valuetext={`${perMilleText(pm)}%`} aria-label={t('tokensale.progress', { pct: perMilleText(pm), name: round.name })}>
        <div className="progress__bar" style={{ width: `${pm / 10}%` }} />
      </div>
      {signedIn ? <RoundBuy round={round} onOrder={onOrder} /> : null}
    </li>
  );
}

/** What an order bought, in words: "#3 · EXO pack 1k" or "#2 · Public 1" (docs/product.md §10: not the key "exo_1k"). */
function orderLabel(o: ExoOrder, rounds: readonly SaleRound[] | undefined): string {
  const what = o.pack ? itemName(o.pack, vendorEntry(o.pack)?.name) : rounds?.find((r) => r.id === o.round_id)?.name;
  return what ? `#${o.id} · ${what}` : `#${o.id}`;
}

function YourOrders({ rounds }: { rounds: readonly SaleRound[] | undefined }) {
  const { t } = useTranslation();
  const q = useExoOrders();
  return (
    <section className="panel sale-orders" aria-labelledby="orders-title">
      <h2 id="orders-title" className="panel__title">{t('tokensale.yourOrders')}</h2>
      {q.data && q.data.length === 0 ? <p className="muted">{t('tokensale.noOrders')}</p> : null}
      {q.data && q.data.length > 0 ? (
        <table className="chain-table" data-testid="orders-table">
          <thead><tr><th scope="col">{t('tokensale.order')}</th><th scope="col">{t('chain.order.exo')}</th><th scope="col">{t('chain.order.price')}</th><th scope="col">{t('chain.status')}</th><th scope="col">{t('tokensale.created')}</th><th scope="col">{t('chain.transaction')}</th></tr></thead>
          <tbody>
            {q.data.map((o) => (
              <tr key={o.id} data-testid="order-row">
                <td data-testid="order-label">{orderLabel(o, rounds)}</td>
                <td>{formatTokenAmount(o.exo, 'exo')} EXO</td>
                <td>{o.pay_chain === 'solana' ? `${formatSol(o.lamports ?? '0')} SOL` : `${formatAda(o.lovelace ?? '0')} ADA`}</td>
                <td>{t(`chain.order.${o.status}`)}</td>
                <td>{formatUtc(o.created_at)}</td>
                <td>{o.tx_hash ? <TxLink hash={o.tx_hash} chain={o.pay_chain} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/**
 * `/tokensale` (public; buying needs sign-in): the sale rounds as cards with price in ADA per EXO,
 * cap, sold, window, status and a progress bar; buying creates an order and pays it with the
 * session's wallet (docs/game-rules.md §8 "Token sale").
 */
export function TokensalePage() {
  const { t } = useTranslation();
  const q = useSaleRounds();
  const signedIn = useIsAuthenticated();
  const [order, setOrder] = useState<ExoOrder | null>(null);
  return (
    <>
      <PageHeader title={t('tokensale.title')} lead={t('tokensale.lead')} />
      {!signedIn ? <p className="muted" data-testid="sale-sign-in"><Link to="/login">{t('tokensale.signInToBuy')}</Link></p> : null}
      {q.isError ? <InlineError>{t('tokensale.loadFailed')}</InlineError> : null}
      <section aria-labelledby="rounds-title">
        <h2 id="rounds-title" className="section-title">{t('tokensale.rounds')}</h2>
        {!q.data ? (q.isError ? null : <CardSkeletons label={t('tokensale.rounds')} />)
        : q.data.rounds.length === 0 ? <EmptyState title={t('tokensale.text')} />
        : (
          <ul className="card-grid">
            {q.data.rounds.map((r) => <RoundCard key={r.id} round={r} signedIn={signedIn} onOrder={setOrder} />)}
          </ul>
        )}
      </section>
      {signedIn ? <YourOrders rounds={q.data?.rounds} /> : null}
      {order && order.pay_chain === 'solana' ? <Suspense fallback={null}><SolanaOrderDialog order={order} onClose={() => setOrder(null)} /></Suspense> : null}
      {order && order.pay_chain !== 'solana' ? <OrderPayDialog order={order} onClose={() => setOrder(null)} /> : null}
    </>
  );
}
