import { useTranslation } from 'react-i18next';
import { ITEM_KINDS } from '@kingdom/game';
import { PageHeader } from '../../components/page-header.tsx';

/** `/vendor`: the item catalogue of the game rules. Buying is not built yet and says so. */
export function VendorPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('vendor.title')} lead={t('vendor.lead')} />
      <p className="notice" role="note">
        {t('vendor.unavailable')}
      </p>
      <section aria-labelledby="catalogue-title">
        <h2 id="catalogue-title" className="section-title">
          {t('vendor.catalogue')}
        </h2>
        <ul className="card-grid">
          {ITEM_KINDS.map((kind) => (
            <li key={kind.key} className="card item-card">
              <span className="land-card__name">{kind.name}</span>
              {kind.tier !== null ? <span className="badge">{t('vendor.tier', { tier: kind.tier })}</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
