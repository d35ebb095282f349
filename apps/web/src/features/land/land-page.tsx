import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Mine } from '@kingdom/api';
import { BIOME_BONUS, LAND_SIZE_INFO, shortenMiddle } from '@kingdom/game';
import { useLandDetail } from '../../api/endpoints/land-detail.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { MineSlots } from '../../components/mine-slots.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { formatUtc } from '../../components/time-format.ts';
import { useSession } from '../../session/session-store.ts';

/** One mine of the land, read-only: level/cap, upgrade in progress, slots. */
function LandMine({ mine }: { mine: Mine }) {
  const { t } = useTranslation();
  const title = mine.mine === 'goldmine' ? t('land.goldmine') : t('land.frenmine');
  const missing = mine.level === 0;
  return (
    <section className="panel" aria-label={title} data-testid={`land-${mine.mine}`}>
      <div className="mine-card__head">
        <h2 className="panel__title">{title}</h2>
        <span className="badge badge--gold">{missing ? t('land.noMine') : t('mines.levelOf', { level: mine.level, cap: mine.cap })}</span>
      </div>
      {mine.upgrade ? <p className="notice">{t('land.upgrading', { level: mine.upgrade.target_level, at: formatUtc(mine.upgrade.ends_at) })}</p> : null}
      {missing && mine.mine === 'goldmine' ? <p className="muted">{t('mines.upgrade.noGoldmine')}</p> : <MineSlots mine={mine} />}
    </section>
  );
}

function LandDetails({ hexName }: { hexName: string }) {
  const { t } = useTranslation();
  const q = useLandDetail(hexName);
  const myAddress = useSession((s) => s.walletAddress);
  if (q.isPending) return <CardSkeletons count={1} />;
  if (!q.data) return <EmptyState title={t('land.notFound')} />;
  const { land, goldmine, frenmine } = q.data;
  const bonus = BIOME_BONUS[land.biome];
  const info = LAND_SIZE_INFO[land.size];
  const mine = myAddress !== '' && land.owner === myAddress;
  return (
    <>
      <section className={`panel land-detail land-card--${land.biome}`} data-testid="land-detail">
        <dl className="facts facts--wide">
          <div>
            <dt>{t('land.size')}</dt>
            <dd>
              <span className="badge badge--size">{info.label}</span> {t('land.cells', { cells: info.cells })}
            </dd>
          </div>
          <div>
            <dt>{t('land.biome')}</dt>
            <dd>
              {t(`land.${land.biome}`)} · {t('land.bonus', { percent: bonus.percent, resource: t(`land.${bonus.resource}`) })}
            </dd>
          </div>
          <div>
            <dt>{t('land.owner')}</dt>
            <dd className="mono" title={land.owner ?? undefined} data-testid="land-owner">
              {land.owner ? shortenMiddle(land.owner, 10, 6) : t('land.unminted')}
            </dd>
          </div>
          <div>
            <dt>{t('land.coordsLabel')}</dt>
            <dd>{t('land.coords', { q: land.q, r: land.r })}</dd>
          </div>
        </dl>
        {mine ? (
          <p className="land-detail__manage">
            <span className="badge badge--gold">{t('land.yours')}</span>{' '}
            <Link to="/goldmine/workers">{t('land.manageGold')}</Link> · <Link to="/frenmine/workers">{t('land.manageFren')}</Link>
          </p>
        ) : null}
      </section>
      <LandMine mine={goldmine} />
      <LandMine mine={frenmine} />
    </>
  );
}

/** `/land/:hex_name?`: one land of the Valley with its mines, or a hint to choose one. */
export function LandPage() {
  const { t } = useTranslation();
  const { hex_name: hexName } = useParams();
  return (
    <>
      <PageHeader title={hexName ? t('land.pageTitle', { name: hexName }) : t('nav.lands')} />
      {hexName ? (
        <LandDetails hexName={hexName} />
      ) : (
        <EmptyState title={t('land.notFound')} text={t('land.choose')}>
          <Link className="btn btn--primary" to="/collectibles/lands">
            {t('collectibles.lands')}
          </Link>
        </EmptyState>
      )}
    </>
  );
}
