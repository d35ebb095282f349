/**
 * `/land/:hex_name?` (docs/product.md §2, §3; docs/game-rules.md §2): one land of the Valley — size with its cells,
 * biome with its bonus, position, owner, minted or not, its gold mine and fren mine (level, workers
 * in slots, upgrade in progress), a map excerpt of its neighbours and, for its owner, the actions
 * that exist (expand with a permit, the mines). `/land` alone shows the player's first land, or
 * the 'not a land owner' / 'no lands found' empty state.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LandDetailResponse, LandNeighbour, Mine } from '@kingdom/api';
import { axialToWorld, BIOME_BONUS, EXPANSION_PERMITS, HEX_CORNERS, LAND_SIZE_INFO, settlementAt, shortenMiddle } from '@kingdom/game';
import { MintLandButton } from '../../chain/mint-door.tsx';
import { findItem, useInventoryItems } from '../../api/account-calls.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { MineSlots } from '../../components/mine-slots.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { formatUtc } from '../../components/time-format.ts';
import { PATHS_WEB } from '../../paths.ts';
import { queryKeys } from '../../api/keys.ts';
import { errorText } from '../../i18n/errors.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import { useSession } from '../../session/session-store.ts';
import { useExpandLand, useFirstLand, useLandPage, useUpgradeResult } from './api.ts';
import './land.css';

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
      {mine.upgrade ? <p className="notice">{t('land.upgrading', { level: mine.upgrade.target_level, at: formatUtc(settlementAt(Date.parse(mine.upgrade.ends_at))) })}</p> : null}
      {missing && mine.mine === 'goldmine' ? <p className="muted">{t('mines.upgrade.noGoldmine')}</p> : <MineSlots mine={mine} />}
    </section>
  );
}

const HEX_POINTS = HEX_CORNERS.map((c) => `${(c.x * 0.92).toFixed(3)},${(c.y * 0.92).toFixed(3)}`).join(' ');

/** SVG excerpt of the Valley: the land in the middle and its neighbours within two steps, as links. */
function NeighbourMap({ detail }: { detail: LandDetailResponse }) {
  const { t } = useTranslation();
  const { land } = detail;
  const centre = axialToWorld(land.q, land.r);
  const cells: Array<LandNeighbour & { self?: boolean }> = [
    // older servers answer without neighbours
    ...(detail.neighbours ?? []),
    { hex_name: land.hex_name, q: land.q, r: land.r, size_label: land.size_label, biome: land.biome, minted: detail.minted, owned: land.owner !== null, self: true },
  ];
  return (
    <section className="panel" aria-label={t('landPage.neighbours')}>
      <h2 className="panel__title">{t('landPage.neighbours')}</h2>
      <svg className="land-map" viewBox="-5.2 -4.4 10.4 8.8" role="group" aria-label={t('landPage.neighboursLabel', { name: land.hex_name })} data-testid="land-neighbours">
        {cells.map((c) => {
          const p = axialToWorld(c.q, c.r);
          const x = p.x - centre.x;
          const y = p.y - centre.y;
          const cls = `land-map__hex land-map__hex--${c.biome}${c.minted ? '' : ' land-map__hex--unminted'}${c.self ? ' land-map__hex--self' : ''}`;
          const body = (
            <g transform={`translate(${x.toFixed(3)} ${y.toFixed(3)})`}>
              <polygon points={HEX_POINTS} className={cls} />
              <text className="land-map__label" y="0.15" textAnchor="middle">{c.hex_name}</text>
              <text className="land-map__size" y="0.6" textAnchor="middle">{c.size_label}</text>
            </g>
          );
          return c.self ? <g key={c.hex_name}>{body}</g> : (
            <Link key={c.hex_name} to={`/land/${c.hex_name}`}>
              {body}
            </Link>
          );
        })}
      </svg>
      <p>
        <Link to={`/valley?land=${land.hex_name}`}>{t('landPage.onMap')}</Link>
      </p>
    </section>
  );
}

/**
 * What changed since the owner last opened the land (docs/product.md §3 has_update): the result of the gold
 * mine's latest upgrade — a failed one is answered GOLDMINE_UPGRADE_FAILED and said so here.
 */
function LandChanged({ hexName }: { hexName: string }) {
  const { t } = useTranslation();
  const result = useUpgradeResult(hexName);
  const failed = result.error && 'code' in result.error && result.error.code === 'GOLDMINE_UPGRADE_FAILED';
  return (
    <section className="panel" aria-label={t('landPage.changed')} data-testid="land-changed">
      <h2 className="panel__title">{t('landPage.changed')}</h2>
      {failed ? <p className="field-error" role="alert">{errorText('GOLDMINE_UPGRADE_FAILED')}</p> : null}
      {result.data?.status === 'success' ? <p className="notice" role="status">{t('landPage.upgradeDone', { level: result.data.target_level })}</p> : null}
      {!failed && result.data?.status !== 'success' ? <p className="muted">{t('landPage.changedText')}</p> : null}
    </section>
  );
}

/** The owner's actions: expand with the next permit, go to the mines. */
function OwnerActions({ detail }: { detail: LandDetailResponse }) {
  const { t } = useTranslation();
  const items = useInventoryItems().data;
  const expand = useExpandLand(detail.land.hex_name);
  const step = EXPANSION_PERMITS[detail.land.size];
  const permit = step ? findItem(items, step.permitKey) : null;
  return (
    <section className="panel" aria-label={t('landPage.actions')} data-testid="land-actions">
      <h2 className="panel__title">{t('landPage.actions')}</h2>
      {step && permit ? (
        <div className="land-actions__row">
          <button type="button" className="btn btn--gold" disabled={expand.isPending || permit.amount < 1} onClick={() => expand.mutate()}>
            {t('landPage.expand', { size: LAND_SIZE_INFO[step.nextSize].label })}
          </button>
          <span className="muted">{t('landPage.expandNeeds', { permit: itemName(step.permitKey), count: permit.amount })}</span>
        </div>
      ) : (
        <p className="muted">{t('landPage.expandMax')}</p>
      )}
      {expand.isSuccess ? <p className="notice" role="status">{t('landPage.expanded', { size: LAND_SIZE_INFO[detail.land.size].label })}</p> : null}
      <p className="land-actions__links">
        <Link to="/goldmine/workers">{t('land.manageGold')}</Link> · <Link to="/frenmine/workers">{t('land.manageFren')}</Link>
      </p>
    </section>
  );
}

function LandDetails({ hexName }: { hexName: string }) {
  const { t } = useTranslation();
  const q = useLandPage(hexName);
  const qc = useQueryClient();
  const setSelectedLand = useSession((s) => s.setSelectedLand);
  const yours = q.data?.yours === true;
  const changed = yours && q.data?.land.has_update === true;
  useEffect(() => {
    // the player picked this land of theirs: the mines pages open on it (docs/product.md §3 selectedLand)
    if (yours) setSelectedLand(hexName.toUpperCase());
  }, [yours, hexName, setSelectedLand]);
  useEffect(() => {
    // opening it cleared has_update on the server: the navigation's mark and the lists follow
    if (changed) void qc.invalidateQueries({ queryKey: queryKeys.myLands });
  }, [changed, qc]);
  if (q.isPending) return <CardSkeletons count={1} />;
  if (!q.data) {
    return (
      <EmptyState title={t('land.notFound')} text={t('land.choose')}>
        <Link className="btn btn--primary" to="/valley">
          {t('landPage.explore')}
        </Link>
      </EmptyState>
    );
  }
  const detail = q.data;
  const { land, goldmine, frenmine } = detail;
  const bonus = BIOME_BONUS[land.biome];
  const info = LAND_SIZE_INFO[land.size];
  return (
    <div className="land-page">
      <section className={`panel land-detail land-card--${land.biome}`} data-testid="land-detail">
        {detail.yours ? <span className="badge badge--gold">{t('land.yours')}</span> : null}
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
              {land.owner ? shortenMiddle(land.owner, 10, 6) : detail.minted ? t('valley.ownerUnknown') : t('land.unminted')}
            </dd>
          </div>
          <div>
            <dt>{t('landPage.minted')}</dt>
            <dd data-testid="land-minted">{detail.minted ? t('landPage.mintedYes') : t('landPage.notMinted')}</dd>
          </div>
          <div>
            <dt>{t('land.coordsLabel')}</dt>
            <dd>{t('land.coords', { q: land.q, r: land.r })}</dd>
          </div>
        </dl>
        {!detail.minted ? (
          <p>
            <MintLandButton hexName={land.hex_name} label={t('landPage.mint')} />
          </p>
        ) : null}
      </section>
      {changed ? <LandChanged hexName={land.hex_name} /> : null}
      {detail.yours ? <OwnerActions detail={detail} /> : null}
      <NeighbourMap detail={detail} />
      <LandMine mine={goldmine} />
      <LandMine mine={frenmine} />
    </div>
  );
}

/** `/land` without a name: the player's first land, else an empty state. */
function FirstLand() {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const selectedLand = useSession((s) => s.selectedLand);
  const first = useFirstLand(!selectedLand);
  if (!signedIn) {
    return (
      <EmptyState title={t('landPage.noLandsTitle')} text={t('landPage.noLandsText')}>
        <Link className="btn btn--primary" to={PATHS_WEB.login}>
          {t('landPage.signIn')}
        </Link>
        <Link className="btn" to="/valley">
          {t('landPage.explore')}
        </Link>
      </EmptyState>
    );
  }
  // the land the player last picked (docs/product.md §3 selectedLand), else their first
  if (selectedLand) return <LandDetails hexName={selectedLand} />;
  if (first.isPending) return <CardSkeletons count={1} label={t('landPage.loadingFirst')} />;
  // shown in place: /land stays the player's own entry point
  if (first.data) return <LandDetails hexName={first.data} />;
  return <NotOwner />;
}

function NotOwner() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('landPage.notOwnerTitle')} text={t('landPage.notOwnerText')}>
      <MintLandButton label={t('landPage.mint')} />
      <Link className="btn btn--primary" to="/valley">
        {t('landPage.explore')}
      </Link>
    </EmptyState>
  );
}

/** `/land/:hex_name?`: one land of the Valley with its mines, or the player's first land. */
export function LandPage() {
  const { t } = useTranslation();
  const { hex_name: hexName } = useParams();
  return (
    <>
      <PageHeader title={hexName ? t('land.pageTitle', { name: hexName.toUpperCase() }) : t('nav.lands')} />
      {hexName ? <LandDetails key={hexName} hexName={hexName} /> : <FirstLand />}
    </>
  );
}
