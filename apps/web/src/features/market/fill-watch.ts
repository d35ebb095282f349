/**
 * The toast when one of the player's resting orders trades while they are on the site (docs/product.md
 * §2 `/market`): once the Market page has loaded, the player's orders are polled ({@link myOrdersQuery},
 * the page's own query) on every page of the app, and an order whose open quantity went down since the
 * last read is toasted with what traded (and the balances, items, trades and books are re-read). An order first seen in a read (just placed here: its own toast
 * says what traded at once) is not. A player who had an open order at their last read resumes the watch
 * on the next load of the app ({@link hadOpenOrders}, started by the session's effects).
 */
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { TOKEN_SYMBOLS } from '@kingdom/game';
import type { MarketOrder } from '@kingdom/api';
import { i18n } from '../../i18n/index.ts';
import { formatTokenAmount } from '../../i18n/format.ts';
import { notifySuccess } from '../../components/notify.ts';
import { selectIsAuthenticated, useSession } from '../../session/session-store.ts';
import { refreshBalance, refreshItems } from '../../api/refresh.ts';
import { MARKET_POLL_MS, marketKeys, myOrdersQuery } from './api.ts';
import { goodName } from './goods.ts';
import './texts.ts';

/** What traded of one order between two reads: its order and the units. */
export interface OrderFill {
  order: MarketOrder;
  quantity: number;
}

/**
 * The fills between two reads of the player's orders: every order of `before` whose `remaining` is
 * lower in `after` (orders only in `after` are new, not fills). Pure.
 */
export function fillsBetween(before: readonly MarketOrder[], after: readonly MarketOrder[]): OrderFill[] {
  const was = new Map(before.map((o) => [o.id, o.remaining]));
  const fills: OrderFill[] = [];
  for (const o of after) {
    const prev = was.get(o.id);
    if (prev !== undefined && o.remaining < prev) fills.push({ order: o, quantity: prev - o.remaining });
  }
  return fills;
}

/** The toast's words for one fill, in the current language. */
export function fillText(f: OrderFill): string {
  const { order } = f;
  return i18n.t('market.filledToast', {
    side: i18n.t(`market.sides.${order.side}`), quantity: f.quantity, name: goodName(order.good),
    price: formatTokenAmount(order.price, order.token), token: TOKEN_SYMBOLS[order.token],
  });
}

/**
 * localStorage key: the user id of a player whose last read of their orders had one open, so that the
 * next load of the app (a reload, a new tab) resumes the watch without the Market page being opened.
 */
export const OPEN_ORDERS_STORAGE_KEY = 'kingdom.market-open-orders';

/** True when the signed-in player `userId` had an open order at their last read in this browser. */
export function hadOpenOrders(userId: number | null): boolean {
  return userId !== null && localStorage.getItem(OPEN_ORDERS_STORAGE_KEY) === String(userId);
}

let started: QueryClient | null = null;

/**
 * Starts watching the player's orders in `qc` (once per client; later calls do nothing). Reads happen
 * only while signed in; a new account (another user id) starts from its first read.
 */
export function startFillWatch(qc: QueryClient): void {
  if (started === qc) return;
  started = qc;
  const authed = () => selectIsAuthenticated(useSession.getState());
  const options = () => ({ ...myOrdersQuery(true), enabled: () => authed(), refetchInterval: MARKET_POLL_MS, refetchIntervalInBackground: false });
  const observer = new QueryObserver(qc, options());
  // a logout drops the player's queries: follow the cache's query of the next session
  useSession.subscribe(() => observer.setOptions(options()));
  let last: { user: number | null; orders: MarketOrder[] } | null = null;
  observer.subscribe((result) => {
    const user = useSession.getState().userId;
    if (!authed() || !result.data) {
      if (!authed()) last = null;
      return;
    }
    const orders = result.data.orders;
    const fills = last && last.user === user && last.orders !== orders ? fillsBetween(last.orders, orders) : [];
    for (const f of fills) notifySuccess(fillText(f));
    // what a fill changed: balances, items, the trades and the books (not the orders: just read)
    if (fills.length > 0) {
      void Promise.all([refreshBalance(qc), refreshItems(qc), qc.invalidateQueries({ queryKey: marketKeys.trades }), qc.invalidateQueries({ queryKey: ['market'] })]);
    }
    last = { user, orders };
    if (user !== null && orders.some((o) => o.status === 'open')) localStorage.setItem(OPEN_ORDERS_STORAGE_KEY, String(user));
    else if (hadOpenOrders(user)) localStorage.removeItem(OPEN_ORDERS_STORAGE_KEY);
  });
}
