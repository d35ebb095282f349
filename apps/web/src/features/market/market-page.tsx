/**
 * `/market` (docs/product.md §2, docs/game-rules.md §16): every book (good × EXO/HEXO) with its best bid,
 * best ask and last price; the chosen book's depth, daily price chart and reference price; a limit order
 * placed after a confirmation that shows its value, the fee and what goes into escrow, with the limits
 * (price band, daily cap, who may sell) shown before; the player's orders (cancel an open one) and trades
 * (CSV). Loading the page starts the fill watcher (fill-watch.ts). Visitors see the books and a sign-in prompt.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  FOOD_GOOD, MARKET_PAY_TOKENS, TOKEN_DECIMALS, TOKEN_SYMBOLS, fromBaseUnits, itemKind, marketDailyCap, priceBand, toBaseUnits, type MarketPayToken,
} from '@kingdom/game';
import type { MarketBookSummary, MarketDepthResponse, MarketOrder } from '@kingdom/api';
import './texts.ts';
import { formatPercent, formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { formatUtc } from '../../components/time-format.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import { useBalance, useInventoryItems } from '../../api/account-calls.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { downloadTradesCsv, orderCost, useCancelOrder, useMarketBook, useMarketBooks, useMyOrders, useMyTrades, usePlaceOrder } from './api.ts';
import { startFillWatch } from './fill-watch.ts';
import { goodName } from './goods.ts';
import './market.css';


const OhlcChart = lazy(() => import('./ohlc-chart.tsx'));
const DAY_MS = 86_400_000;

type Side = 'buy' | 'sell';

const isPayToken = (v: string | null): v is MarketPayToken => v !== null && (MARKET_PAY_TOKENS as readonly string[]).includes(v);
const amount = (base: bigint | string, token: MarketPayToken) => `${formatTokenAmount(base, token)} ${TOKEN_SYMBOLS[token]}`;
const bookId = (b: { good: string; token: string }) => `${b.good}-${b.token}`;

/**
 * A price the player typed (whole tokens, `.` or `,` as the decimal mark, no thousands separators), in
 * base units of `token`; null when it is not a positive amount with at most the token's decimals.
 */
export function parsePrice(text: string, token: MarketPayToken): bigint | null {
  const v = text.trim().replace(',', '.');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m || (m[2]?.length ?? 0) > TOKEN_DECIMALS[token]) return null;
  const base = toBaseUnits(v, token);
  return base > 0n ? base : null;
}

/** A quantity the player typed: a whole number ≥ 1, else null. */
function parseQuantity(text: string): number | null {
  return /^\d{1,10}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

function BooksTable({ books, selected, onSelect }: { books: MarketBookSummary[]; selected: string | null; onSelect(b: MarketBookSummary): void }) {
  const { t } = useTranslation();
  const cell = (v: string | null, token: MarketPayToken) => (v === null ? t('market.none') : amount(v, token));
  return (
    <div className="table-wrap">
      <table className="table table--stack market-books" data-testid="market-books">
        <caption className="sr-only">{t('market.booksCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('market.good')}</th>
            <th scope="col">{t('market.token')}</th>
            <th scope="col" className="num">{t('market.bestBid')}</th>
            <th scope="col" className="num">{t('market.bestAsk')}</th>
            <th scope="col" className="num">{t('market.lastPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {books.map((b) => {
            const name = goodName(b.good);
            const id = bookId(b);
            return (
              <tr key={id} className={selected === id ? 'market-books__row--on' : undefined} data-testid={`market-book-${id}`}>
                <th scope="row" data-label={t('market.good')}>
                  <button type="button" className="link-button" aria-pressed={selected === id} aria-label={t('market.open', { name, token: TOKEN_SYMBOLS[b.token] })} onClick={() => onSelect(b)}>
                    {name}
                  </button>
                  {b.reference_price === null ? <span className="badge market-books__closed" title={t('market.noBand', { token: TOKEN_SYMBOLS[b.token] })}>{t('market.closed')}</span> : null}
                </th>
                <td data-label={t('market.token')}>{TOKEN_SYMBOLS[b.token]}</td>
                <td data-label={t('market.bestBid')} className="num">{cell(b.best_bid, b.token)}</td>
                <td data-label={t('market.bestAsk')} className="num">{cell(b.best_ask, b.token)}</td>
                <td data-label={t('market.lastPrice')} className="num">{cell(b.last_price, b.token)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DepthSide({ title, levels, token, testId }: { title: string; levels: MarketDepthResponse['bids']; token: MarketPayToken; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="market-depth__title">{title}</h3>
      {levels.length === 0 ? <p className="muted" data-testid={`${testId}-empty`}>{t('market.emptySide')}</p> : (
        <table className="table market-depth__table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col" className="num">{t('market.price')}</th>
              <th scope="col" className="num">{t('market.quantity')}</th>
              <th scope="col" className="num">{t('market.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr key={l.price}>
                <td className="num">{amount(l.price, token)}</td>
                <td className="num">{formatThousands(l.quantity)}</td>
                <td className="num">{formatThousands(l.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function BookPanel({ book }: { book: MarketBookSummary }) {
  const { t } = useTranslation();
  const q = useMarketBook(book.good, book.token);
  const token = book.token;
  const candles = q.data?.candles ?? [];
  const last = candles.at(-1);
  return (
    <section className="panel" aria-labelledby="market-book-title" data-testid="market-book">
      <h2 id="market-book-title" className="panel__title">{t('market.book', { name: goodName(book.good), token: TOKEN_SYMBOLS[token] })}</h2>
      {q.isError ? <InlineError>{t('market.loadFailed')}</InlineError> : null}
      {q.data ? (
        <>
          <p className="muted" data-testid="market-reference">
            {q.data.reference_price === null ? t('market.noBand', { token: TOKEN_SYMBOLS[token] }) : t('market.reference', { price: formatTokenAmount(q.data.reference_price, token), token: TOKEN_SYMBOLS[token] })}
          </p>
          <h3 className="market-depth__title">{t('market.chart')}</h3>
          {candles.length === 0 ? <p className="muted" data-testid="market-chart-empty">{t('market.chartEmpty')}</p> : (
            <figure className="market-chart" data-testid="market-chart">
              <Suspense fallback={<div className="market-chart__placeholder" />}>
                <OhlcChart candles={candles} token={token} />
              </Suspense>
              <figcaption className="sr-only">{t('market.chartSummary', { days: candles.length, close: last ? formatTokenAmount(last.close, token) : '', token: TOKEN_SYMBOLS[token] })}</figcaption>
            </figure>
          )}
          <div className="market-depth">
            <DepthSide title={t('market.bids')} levels={q.data.bids} token={token} testId="market-bids" />
            <DepthSide title={t('market.asks')} levels={q.data.asks} token={token} testId="market-asks" />
          </div>
        </>
      ) : null}
    </section>
  );
}

/** Units of `good` the player placed this game day (the daily cap counts placements, docs/game-rules.md §16.5). */
function placedToday(orders: readonly MarketOrder[] | undefined, good: string, now: number): number {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  return (orders ?? []).filter((o) => o.good === good && Date.parse(o.placed_at) >= dayStart).reduce((a, o) => a + o.quantity, 0);
}

function ConfirmOrder({ book, side, quantity, price, feeBps, onClose }: { book: MarketBookSummary; side: Side; quantity: number; price: bigint; feeBps: number; onClose(): void }) {
  const { t } = useTranslation();
  const token = book.token;
  const name = goodName(book.good);
  const place = usePlaceOrder();
  // one key per confirmation: a retry of this confirm places the order once
  const [key] = useState(() => crypto.randomUUID());
  const balance = useBalance(token);
  const { value, fee, escrow } = orderCost(side, price, quantity, feeBps);
  const after = side === 'buy' && balance.data !== undefined ? BigInt(balance.data) - escrow : null;
  const short = after !== null && after < 0n;
  const confirm = () =>
    place.mutate({ order: { good: book.good, token, side, quantity, price: price.toString() }, key }, {
      onSuccess: (r) => {
        const filled = r.trades.reduce((a, tr) => a + tr.quantity, 0);
        notifySuccess(filled > 0
          ? t('market.placedFilled', { filled, quantity })
          : t('market.placed', { side: t(`market.sides.${side}`), quantity, name, price: formatTokenAmount(price, token), token: TOKEN_SYMBOLS[token] }));
        onClose();
      },
    });
  return (
    <Dialog title={t('market.confirmTitle')} onClose={onClose}>
      <dl className="facts facts--wide" data-testid="market-confirm-facts">
        <div><dt>{t('market.side')}</dt><dd>{t(`market.sides.${side}`)}</dd></div>
        <div><dt>{t('market.quantity')}</dt><dd>{quantity} × {name}</dd></div>
        <div><dt>{t('market.price')}</dt><dd>{amount(price, token)}</dd></div>
        <div><dt>{t('market.value')}</dt><dd data-testid="market-confirm-value">{amount(value, token)}</dd></div>
        <div><dt>{t('market.fee', { fee: formatPercent(feeBps, 10_000) })}</dt><dd data-testid="market-confirm-fee">{amount(fee, token)}</dd></div>
        <div>
          <dt>{t('market.escrow')}</dt>
          <dd data-testid="market-confirm-escrow">{side === 'buy' ? amount(escrow, token) : t('market.escrowSell', { quantity, name })}</dd>
        </div>
        {side === 'buy' ? (
          <div>
            <dt>{t('market.balanceAfter', { token: TOKEN_SYMBOLS[token] })}</dt>
            <dd data-testid="market-confirm-after" className={short ? 'text-danger' : undefined}>{after === null ? '…' : short ? t('market.short') : amount(after, token)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>{t('market.cancel')}</button>
        <button type="button" className="btn btn--primary" disabled={short || place.isPending} onClick={confirm} data-testid="market-confirm">
          {place.isPending ? t('market.placing') : t('market.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

function OrderForm({ book, reference, feeBps }: { book: MarketBookSummary; reference: string | null; feeBps: number }) {
  const { t } = useTranslation();
  const token = book.token;
  const [side, setSide] = useState<Side>('buy');
  const [quantityText, setQuantityText] = useState('1');
  // starts from the book's reference price (the form is keyed by book)
  const [priceText, setPriceText] = useState(() => (reference === null ? '' : fromBaseUnits(reference, token)));
  const [confirming, setConfirming] = useState(false);
  const orders = useMyOrders();
  const items = useInventoryItems();
  const food = useBalance('food');
  const now = useGameNow();
  const quantity = parseQuantity(quantityText);
  const price = parsePrice(priceText, token);
  const band = reference === null ? null : priceBand(BigInt(reference));
  const cap = marketDailyCap(book.good);
  const placed = placedToday(orders.data?.orders, book.good, now);
  const outOfBand = price !== null && band !== null && (price < band.min || price > band.max);
  const overCap = quantity !== null && placed + quantity > cap;
  const held = book.good === FOOD_GOOD
    ? (food.data !== undefined ? formatTokenAmount(food.data, 'food') : null)
    : String(items.data?.find((i) => i.key === book.good)?.amount ?? 0);
  const ok = quantity !== null && price !== null && band !== null && !outOfBand && !overCap;
  const id = bookId(book);
  return (
    <section className="panel" aria-labelledby="market-place-title" data-testid="market-place">
      <h2 id="market-place-title" className="panel__title">{t('market.placeTitle')}</h2>
      <form className="market-form" onSubmit={(e) => { e.preventDefault(); if (ok) setConfirming(true); }}>
        <fieldset className="market-form__side">
          <legend>{t('market.side')}</legend>
          {(['buy', 'sell'] as const).map((s) => (
            <label key={s} className={side === s ? 'market-side market-side--on' : 'market-side'}>
              <input type="radio" name={`side-${id}`} value={s} checked={side === s} onChange={() => setSide(s)} data-testid={`market-side-${s}`} />
              {t(`market.${s}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          {t('market.quantity')}
          <input type="number" inputMode="numeric" min={1} max={cap} value={quantityText} onChange={(e) => setQuantityText(e.target.value)} data-testid="market-quantity"
            aria-invalid={quantity === null || overCap} aria-describedby="market-quantity-note" />
          <span id="market-quantity-note" className={quantity === null || overCap ? 'text-danger market-form__note' : 'market-form__note'}>
            {quantity === null ? t('market.invalidQuantity') : overCap ? t('market.overCap') : side === 'sell' && held !== null ? `${goodName(book.good)}: ${held}` : '\u00a0'}
          </span>
        </label>
        <label className="field">
          {t('market.unitPrice', { token: TOKEN_SYMBOLS[token] })}
          <input type="text" inputMode="decimal" autoComplete="off" value={priceText} onChange={(e) => setPriceText(e.target.value)} data-testid="market-price"
            aria-invalid={price === null || outOfBand} aria-describedby="market-price-note" />
          <span id="market-price-note" className={price === null || outOfBand ? 'text-danger market-form__note' : 'market-form__note'}>
            {price === null ? t('market.invalidPrice') : outOfBand ? t('market.outOfBand') : '\u00a0'}
          </span>
        </label>
        <button type="submit" className="btn btn--primary market-form__review" disabled={!ok} data-testid="market-review">{t('market.review')}</button>
      </form>
      <h3 className="market-depth__title">{t('market.limits')}</h3>
      <ul className="market-limits" data-testid="market-limits">
        <li>{band === null ? t('market.noBand', { token: TOKEN_SYMBOLS[token] }) : t('market.band', { min: formatTokenAmount(band.min, token), max: formatTokenAmount(band.max, token), token: TOKEN_SYMBOLS[token] })}</li>
        <li>{t('market.dailyCap', { cap: formatThousands(cap), placed: formatThousands(placed) })}</li>
        <li>{t('market.sellerRule')}</li>
        <li>{t('market.expiry')}</li>
      </ul>
      {confirming && quantity !== null && price !== null ? (
        <ConfirmOrder book={book} side={side} quantity={quantity} price={price} feeBps={feeBps} onClose={() => setConfirming(false)} />
      ) : null}
    </section>
  );
}

function MyOrders() {
  const { t } = useTranslation();
  const q = useMyOrders();
  const cancel = useCancelOrder();
  const orders = q.data?.orders ?? [];
  return (
    <section className="panel" aria-labelledby="market-orders-title">
      <h2 id="market-orders-title" className="panel__title">{t('market.myOrders')}</h2>
      {q.isError ? <InlineError>{t('market.loadFailed')}</InlineError> : null}
      {q.data && orders.length === 0 ? <EmptyState title={t('market.noOrders')} /> : null}
      {orders.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="market-orders">
            <thead>
              <tr>
                <th scope="col">{t('market.placedAt')}</th>
                <th scope="col">{t('market.good')}</th>
                <th scope="col">{t('market.side')}</th>
                <th scope="col" className="num">{t('market.quantity')}</th>
                <th scope="col" className="num">{t('market.remaining')}</th>
                <th scope="col" className="num">{t('market.price')}</th>
                <th scope="col">{t('market.status')}</th>
                <th scope="col"><span className="sr-only">{t('market.cancelOrder')}</span></th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid={`market-order-${o.id}`} data-status={o.status}>
                  <td data-label={t('market.placedAt')}>{formatUtc(o.placed_at)}</td>
                  <td data-label={t('market.good')}>{goodName(o.good)}</td>
                  <td data-label={t('market.side')}>{t(`market.sides.${o.side}`)}</td>
                  <td data-label={t('market.quantity')} className="num">{formatThousands(o.quantity)}</td>
                  <td data-label={t('market.remaining')} className="num">{formatThousands(o.remaining)}</td>
                  <td data-label={t('market.price')} className="num">{amount(o.price, o.token)}</td>
                  <td data-label={t('market.status')}>{t(`market.statuses.${o.status}`)}</td>
                  <td className="cell-action">
                    {o.status === 'open' ? (
                      <button type="button" className="btn btn--small" disabled={cancel.isPending} aria-label={t('market.cancelOrderOf', { id: o.id })}
                        onClick={() => cancel.mutate(o.id, { onSuccess: () => notifySuccess(t('market.cancelled')) })} data-testid="market-cancel">
                        {t('market.cancelOrder')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function MyTrades() {
  const { t } = useTranslation();
  const q = useMyTrades();
  const trades = q.data?.trades ?? [];
  return (
    <section className="panel" aria-labelledby="market-trades-title">
      <h2 id="market-trades-title" className="panel__title">{t('market.myTrades')}</h2>
      <div className="filters">
        <button type="button" className="btn" disabled={trades.length === 0} onClick={() => downloadTradesCsv(trades)} data-testid="market-trades-csv">{t('market.downloadCsv')}</button>
      </div>
      {q.isError ? <InlineError>{t('market.loadFailed')}</InlineError> : null}
      {q.data && trades.length === 0 ? <EmptyState title={t('market.noTrades')} /> : null}
      {trades.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="market-trades">
            <thead>
              <tr>
                <th scope="col">{t('market.at')}</th>
                <th scope="col">{t('market.good')}</th>
                <th scope="col">{t('market.side')}</th>
                <th scope="col" className="num">{t('market.quantity')}</th>
                <th scope="col" className="num">{t('market.price')}</th>
                <th scope="col" className="num">{t('market.feeShort')}</th>
                <th scope="col" className="num">{t('market.total')}</th>
              </tr>
            </thead>
            <tbody>
              {trades.map((tr) => {
                const value = BigInt(tr.price) * BigInt(tr.quantity);
                const total = tr.side === 'buy' ? value + BigInt(tr.fee) : value;
                return (
                  <tr key={tr.id} data-testid={`market-trade-${tr.id}`}>
                    <td data-label={t('market.at')}>{formatUtc(tr.at)}</td>
                    <td data-label={t('market.good')}>{goodName(tr.good)}</td>
                    <td data-label={t('market.side')}>{t(`market.sides.${tr.side}`)}</td>
                    <td data-label={t('market.quantity')} className="num">{formatThousands(tr.quantity)}</td>
                    <td data-label={t('market.price')} className="num">{amount(tr.price, tr.token)}</td>
                    <td data-label={t('market.feeShort')} className="num" data-testid="market-trade-fee">{amount(tr.fee, tr.token)}</td>
                    <td data-label={t('market.total')} className={`num ${tr.side === 'buy' ? 'amount--out' : 'amount--in'}`} data-testid="market-trade-total">
                      {tr.side === 'buy' ? '−' : '+'}{amount(total, tr.token)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** `/market`: the books, the chosen book (`?good=&token=`), placing orders, my orders and my trades. */
export function MarketPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const signedIn = useIsAuthenticated();
  const books = useMarketBooks();
  const [params, setParams] = useSearchParams();
  useEffect(() => startFillWatch(qc), [qc]);
  const list = books.data?.books ?? [];
  const good = params.get('good');
  const token = params.get('token');
  const selected = list.find((b) => b.good === good && isPayToken(token) && b.token === token) ?? null;
  const feeBps = books.data?.fee_bps ?? 0;
  const select = (b: MarketBookSummary) => setParams({ good: b.good, token: b.token }, { replace: true });
  // item kinds first as the game lists them, FOOD last
  const order = (g: string) => (g === FOOD_GOOD ? 1e6 : itemKind(g) ? 0 : 1e5);
  // a closed book (no reference price, no order, no trade) is listed only on demand
  const [showClosed, setShowClosed] = useState(false);
  const active = (b: MarketBookSummary) => b.reference_price !== null || b.best_bid !== null || b.best_ask !== null || b.last_price !== null;
  const sorted = [...list].filter((b) => showClosed || active(b) || (selected !== null && bookId(b) === bookId(selected))).sort((a, b) => order(a.good) - order(b.good));
  return (
    <>
      <PageHeader title={t('market.title')} lead={t('market.lead', { fee: formatPercent(books.data?.fee_bps ?? 200, 10_000) })} />
      {!signedIn ? <SignInPrompt /> : null}
      {books.isError ? <InlineError>{t('market.loadFailed')}</InlineError> : null}
      {selected ? (
        <div className="market-layout">
          <BookPanel book={selected} />
          {signedIn ? <OrderForm key={bookId(selected)} book={selected} reference={selected.reference_price} feeBps={feeBps} /> : <p className="muted">{t('market.signInToTrade')}</p>}
        </div>
      ) : null}
      <section className="panel" aria-labelledby="market-books-title">
        <h2 id="market-books-title" className="panel__title">{t('market.books')}</h2>
        <label className="market-show-closed">
          <input type="checkbox" checked={showClosed} onChange={(e) => setShowClosed(e.target.checked)} data-testid="market-show-closed" />
          {t('market.showClosed')}
        </label>
        {books.data ? <BooksTable books={sorted} selected={selected ? bookId(selected) : null} onSelect={select} /> : <p className="muted">…</p>}
      </section>
      {signedIn ? (
        <>
          <MyOrders />
          <MyTrades />
        </>
      ) : null}
    </>
  );
}
