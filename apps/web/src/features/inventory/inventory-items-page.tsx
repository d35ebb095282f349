import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../i18n/format.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import { useInventoryItems } from '../../api/account-calls.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';

/** `/dashboard/inventory/items`: the user's items with amounts. */
export function InventoryItemsPage() {
  const { t } = useTranslation();
  const q = useInventoryItems();
  const held = q.data?.filter((i) => i.amount > 0) ?? [];
  return (
    <section aria-label={t('inventory.items')}>
      {q.isPending ? (
        <CardSkeletons count={3} label={t('inventory.items')} />
      ) : held.length === 0 ? (
        <EmptyState title={t('inventory.noItems')} />
      ) : (
        <ul className="card-grid" aria-label={t('inventory.items')}>
          {held.map((item) => (
            <li key={item.key} className="card item-card" data-testid="item-card">
              <span className="land-card__name">{itemName(item.key, item.name)}</span>
              <dl className="facts">
                <div>
                  <dt>{t('inventory.amount')}</dt>
                  <dd>{formatThousands(item.amount)}</dd>
                </div>
              </dl>
              {item.is_craftable ? <span className="badge badge--gold">{t('inventory.craftable')}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
