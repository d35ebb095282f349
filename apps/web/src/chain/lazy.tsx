/**
 * The doors of the dashboard, account and vendor pages into chain money: each loads the chain
 * chunk (pay flow, modals) when it first renders, so those pages' preload lists — part of the
 * entry every page downloads, /login included — do not name the chain chunk's dependencies.
 * The balances' Deposit / Withdraw buttons are not lazy: they are small (their modals load on the
 * first click) and, loaded after the balances, they grew the balances' panel and moved the page
 * below it (Lighthouse's CLS 0.14–0.19 on the dashboard).
 */
import { Suspense, lazy } from 'react';
import type { Token } from '@kingdom/game';
import type { VendorItem } from '@kingdom/api';
import { ChainMoneyActions } from './chain-actions.tsx';
const History = lazy(() => import('./chain-history.tsx').then((m) => ({ default: m.ChainHistory })));
const PackBuy = lazy(() => import('./exo-pack-buy.tsx').then((m) => ({ default: m.ExoPackBuy })));

/**
 * `BalanceList`'s `actions`: Deposit / Withdraw under the chain tokens (EXO, HEXO: `CHAIN_TOKENS`
 * of `@kingdom/api`, not imported so its zod schemas stay out of the pages' chunks).
 */
export function chainBalanceActions(token: Token) {
  return token === 'exo' || token === 'hexo' ? <ChainMoneyActions token={token} /> : null;
}

/** `/account/balances`' deposits to claim and chain history. */
export function LazyChainHistory() {
  return <Suspense fallback={null}><History /></Suspense>;
}

/** The Buy of a vendor EXO pack (an ADA order paid with the wallet). */
export function LazyExoPackBuy({ entry }: { entry: VendorItem }) {
  return <Suspense fallback={null}><PackBuy entry={entry} /></Suspense>;
}
