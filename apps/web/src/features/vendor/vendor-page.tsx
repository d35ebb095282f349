import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS, VENDOR_GROUPS, type VendorGroup } from '@kingdom/game';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { useSession } from '../../session/session-store.ts';
import type { VendorItem } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { CardSkeletons, InlineError } from '../../components/query-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useBalance, useInventoryItems, usePrices } from '../../api/account-calls.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { usePurchase } from './api.ts';
import { useVendorCatalogue } from '../../api/public-calls.ts';
import { LazyExoPackBuy } from '../../chain/lazy.tsx';
import { formatAda, packLovelace } from '../../chain/format.ts';
import { vendorTexts } from '../../i18n/vendor-texts.ts';

type PayToken = 'exo' | 'hexo';

/** How many of an entry's items (or tokens) the player already has, as text. */
function useOwned(entry: VendorItem): string | null {
  const items = useInventoryItems();
  const food = useBalance('food');
  const exo = useBalance('exo');
  const itemKeys = Object.keys(entry.gives_items);
  if (itemKeys.length === 1) return String(items.data?.find((i) => i.key === itemKeys[0])?.amount ?? 0);
  if (itemKeys.length > 1) return null; // a set: each of its toolkits shows its own count
  if ('food' in entry.gives_tokens) return food.data !== undefined ? formatTokenAmount(food.data, 'food') : null;
  if ('exo' in entry.gives_tokens) return exo.data !== undefined ? formatTokenAmount(exo.data, 'exo') : null;
  return null;
}

function ConfirmDialog({ entry, quantity, onClose }: { entry: VendorItem; quantity: number; onClose(): void }) {
  const { t } = useTranslation();
  const token = entry.pay_token as PayToken;
  const { name } = vendorTexts(entry, t);
  const balance = useBalance(token);
  const purchase = usePurchase();
  // One key per confirmation: a retry of this confirm is charged once.
  const [key] = useState(() => crypto.randomUUID());
  const total = BigInt(entry.price ?? '0') * BigInt(quantity);
  const after = balance.data !== undefined ? BigInt(balance.data) - total : null;
  const short = after !== null && after < 0n;
  const buy = () =>
    purchase.mutate({ item: entry.key, quantity, key }, {
      onSuccess: () => {
        notifySuccess(t('vendor.bought', { quantity, name }));
        onClose();
      },
    });
  return (
    <Dialog title={t('vendor.confirmTitle')} onClose={onClose}>
      <dl className="facts facts--wide">
        <div><dt>{t('vendor.item')}</dt><dd>{quantity} × {name}</dd></div>
        <div><dt>{t('vendor.total')}</dt><dd data-testid="vendor-total">{formatTokenAmount(total, token)} {TOKEN_SYMBOLS[token]}</dd></div>
        <div>
          <dt>{t('vendor.balanceAfter')}</dt>
          <dd data-testid="vendor-balance-after" className={short ? 'text-danger' : undefined}>
            {after === null ? '…' : short ? t('vendor.short') : `${formatTokenAmount(after, token)} ${TOKEN_SYMBOLS[token]}`}
          </dd>
        </div>
      </dl>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>{t('vendor.cancel')}</button>
        <button type="button" className="btn btn--primary" disabled={short || purchase.isPending} onClick={buy} data-testid="vendor-confirm">
          {purchase.isPending ? t('vendor.buying') : t('vendor.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** An EXO pack's ADA price at the current EXO price (docs/product.md §10: it showed only once an order existed). */
function PackPrice({ packKey }: { packKey: string }) {
  const { t } = useTranslation();
  const prices = usePrices();
  // a stale EXO price prices nothing (the server refuses the order with PRICE_STALE)
  if (prices.data?.stale?.exo) return <span className="vendor-card__stale" data-testid={`vendor-pack-stale-${packKey}`}>{t('vendor.priceStale')}</span>;
  const lovelace = packLovelace(packKey, prices.data?.exo);
  return lovelace === null ? <>{t('vendor.paidInAda')}</> : <span data-testid={`vendor-pack-price-${packKey}`}>{t('chain.packPrice', { ada: formatAda(lovelace) })}</span>;
}

function VendorCard({ entry, max, signedIn }: { entry: VendorItem; max: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const owned = useOwned(entry);
  const walletType = useSession((s) => s.walletType);
  const token = entry.pay_token;
  const texts = vendorTexts(entry, t);
  const { name } = texts;
  // a Solana player pays a pack in SOL: its card does not say "paid in ADA" above "Pay with SOL"
  const solPack = signedIn && entry.group === 'exo_packs' && walletType === 'solana';
  const packK = /^exo_(\d+)k$/.exec(entry.key)?.[1];
  const purpose = solPack && packK ? t('vendor.items.exoPackPurposeSol', { amount: formatThousands(BigInt(packK) * 1000n) }) : texts.purpose;
  // a weekly-limited item: what is left this week (the server says what the player bought), shown before buying
  const left = entry.weekly_limit != null && entry.bought_this_week != null ? Math.max(0, entry.weekly_limit - entry.bought_this_week) : null;
  const cap = left === null ? max : Math.min(max, Math.max(1, left));
  return (
    <li className="card vendor-card" data-testid={`vendor-item-${entry.key}`}>
      <span className="land-card__name">{name}</span>
      <span className="vendor-card__purpose">{purpose}</span>
      {entry.weekly_limit != null ? <span className="badge" data-testid={`weekly-limit-${entry.key}`}>{t('vendor.weeklyLimit', { limit: entry.weekly_limit })}</span> : null}
      {signedIn && left === 0 ? <span className="badge" data-testid={`weekly-done-${entry.key}`}>{t('vendor.weeklyDone')}</span> : null}
      <span className="vendor-card__price">
        {entry.price !== null && token !== 'ada' ? `${formatTokenAmount(entry.price, token)} ${TOKEN_SYMBOLS[token]}` : solPack ? null : <PackPrice packKey={entry.key} />}
      </span>
      {signedIn && owned !== null ? <span className="badge">{t('vendor.owned', { owned })}</span> : null}
      {entry.group === 'exo_packs' ? (
        signedIn ? <LazyExoPackBuy entry={{ ...entry, name }} /> : null
      ) : !entry.purchasable ? (
        <button type="button" className="btn" disabled>{t('vendor.notYet')}</button>
      ) : signedIn ? (
        <div className="vendor-card__buy">
          <label className="vendor-card__qty">
            <span className="sr-only">{t('vendor.quantity')}</span>
            <input type="number" inputMode="numeric" min={1} max={cap} value={Math.min(quantity, cap)} disabled={left === 0} aria-label={t('vendor.quantityOf', { name })}
              onChange={(e) => setQuantity(Math.min(cap, Math.max(1, Math.floor(Number(e.target.value) || 1))))} />
          </label>
          <button type="button" className="btn btn--primary" disabled={left === 0} onClick={() => setConfirming(true)}>{t('vendor.buy')}</button>
        </div>
      ) : null}
      {confirming ? <ConfirmDialog entry={entry} quantity={Math.min(quantity, cap)} onClose={() => setConfirming(false)} /> : null}
    </li>
  );
}

/** `/vendor`: the catalogue of docs/game-rules.md §6 by group, with price and purpose; buying for signed-in players. */
export function VendorPage() {
  const { t } = useTranslation();
  const q = useVendorCatalogue();
  const signedIn = useIsAuthenticated();
  return (
    <>
      <PageHeader title={t('vendor.title')} lead={t('vendor.lead')} />
      {!signedIn ? <SignInPrompt /> : null}
      {q.isError ? <InlineError>{t('vendor.loadFailed')}</InlineError> : null}
      {!q.data ? (q.isError ? null : <CardSkeletons label={t('vendor.catalogue')} />) : (
          <>
            {VENDOR_GROUPS.map((group: VendorGroup) => (
              <section key={group} aria-labelledby={`vendor-${group}`} className="vendor-group">
                <h2 id={`vendor-${group}`} className="section-title">{t(`vendor.groups.${group}`)}</h2>
                {group === 'exo_packs' ? <p className="muted"><Link to="/tokensale">{t('vendor.tokensaleLink')}</Link></p> : null}
                <ul className="card-grid">
                  {q.data.items.filter((i) => i.group === group).map((entry) => (
                    <VendorCard key={entry.key} entry={entry} max={q.data.max_quantity} signedIn={signedIn} />
                  ))}
                </ul>
              </section>
            ))}
          </>
      )}
    </>
  );
}
