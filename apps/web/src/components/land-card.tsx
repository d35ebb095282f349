import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Land } from '@kingdom/api';
import { BIOME_BONUS, GOLDMINE_MAX_LEVEL, shortenMiddle } from '@kingdom/game';
import { landName } from '../i18n/vendor-texts.ts';

/** One land: hex name, size label, biome with its bonus, gold mine level and workers (docs/product.md §3). */
export function LandCard({ land }: { land: Land }) {
  const { t } = useTranslation();
  const bonus = BIOME_BONUS[land.biome];
  return (
    <li className={`card land-card land-card--${land.biome}`} data-testid="land-card">
      <div className="land-card__head">
        <Link to={`/land/${encodeURIComponent(land.hex_name)}`} className="land-card__name">
          {land.hex_name}
        </Link>
        <span className="badge badge--size" title={t('land.size')}>
          {land.size_label}
        </span>
      </div>
      {land.name && land.name !== land.hex_name ? <p className="land-card__subtitle">{landName(land.name)}</p> : null}
      <dl className="facts">
        <div>
          <dt>{t('land.biome')}</dt>
          <dd>
            {t(`land.${land.biome}`)}{' '}
            <small>{t('land.bonus', { percent: bonus.percent, resource: t(`land.${bonus.resource}`) })}</small>
          </dd>
        </div>
        <div>
          <dt>{t('land.goldmine')}</dt>
          <dd>{land.goldmine_level === null ? t('land.noMine') : t('land.level', { level: land.goldmine_level, max: GOLDMINE_MAX_LEVEL })}</dd>
        </div>
        <div>
          <dt>{t('land.workers')}</dt>
          <dd>{land.workers}</dd>
        </div>
        <div>
          <dt>{t('land.owner')}</dt>
          <dd className="mono">{land.owner ? shortenMiddle(land.owner, 10, 6) : t('land.unminted')}</dd>
        </div>
      </dl>
      {land.has_update ? <span className="badge badge--update">{t('land.hasUpdate')}</span> : null}
    </li>
  );
}

/** A grid of {@link LandCard}s. */
export function LandGrid({ lands, label }: { lands: readonly Land[]; label: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {lands.map((land) => (
        <LandCard key={land.id} land={land} />
      ))}
    </ul>
  );
}
