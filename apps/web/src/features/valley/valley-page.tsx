/**
 * `/valley` (docs/product.md §2; visitors may see it, §6): every land of the Valley on one pannable, zoomable
 * hex map with layers (biome, size, gold mine level, ownership), a legend, a hover tooltip, a side
 * panel for the selected land (the map's text alternative) with its page link and 'Mint Your Land'
 * for an unminted one, and search by hex_name. The URL keeps the view (url-state.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { centreOn, hexAtScreen, hexName, parseHexName, shortenMiddle, valleyMapLand, BIOME_BONUS, LAND_SIZE_INFO, HEX_NAME_MAX_LENGTH, type MapView, type ValleyMap } from '@kingdom/game';
import { formatThousands } from '../../i18n/format.ts';
import { MintLandButton } from '../../chain/mint-door.tsx';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { queryClient } from '../../api/query-client.ts';
import { useMyLandIds, useValleyMap, valleyMapQueryOptions } from './api.ts';
import { colourLayer, type LegendEntry } from './layers.ts';
import { MapCanvas, type MapCanvasHandle } from './map-canvas.tsx';
import { buildScene } from './scene.ts';
import { readValleyUrl, writeValleyUrl, VALLEY_LAYERS, type ValleyLayer } from './url-state.ts';
import './valley.css';

// The map is fetched as soon as this page's code arrives, not after its first render.
void queryClient.prefetchQuery(valleyMapQueryOptions());

/** Zoom the map opens at when the URL names a land but no zoom. */
const LAND_ZOOM = 22;

/** True on a touch screen (a coarse pointer: phones, tablets), where the player taps rather than clicks. */
export function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export function ValleyPage() {
  const { t } = useTranslation();
  const mapQ = useValleyMap();
  const lead = isTouchScreen() ? 'valley.leadTouch' : 'valley.lead';
  return (
    <>
      <PageHeader title={t('valley.title')} lead={mapQ.data ? t(lead, { count: formatThousands(mapQ.data.count) }) : undefined} />
      {mapQ.data ? (
        <ValleyExplorer map={mapQ.data} />
      ) : mapQ.isError ? (
        <InlineError>{t('valley.loadError')}</InlineError>
      ) : (
        <div className="valley valley--loading" data-testid="valley-skeleton">
          <div className="valley__map skeleton" role="progressbar" aria-busy="true" aria-label={t('valley.loading')} />
          <aside className="valley__panel panel">
            <span className="skeleton" style={{ width: '60%', height: '1.4em' }} />
          </aside>
        </div>
      )}
    </>
  );
}

function ValleyExplorer({ map }: { map: ValleyMap }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The URL is read once: afterwards the page writes it.
  const [initial] = useState(() => readValleyUrl(params));
  const [layer, setLayer] = useState<ValleyLayer>(initial.layer);
  const [selected, setSelected] = useState(() => (initial.land ? map.indexOfName(initial.land) : -1));
  const [hover, setHover] = useState<{ index: number; x: number; y: number; flipX: boolean; flipY: boolean } | null>(null);
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState('');
  const canvas = useRef<MapCanvasHandle>(null);
  const mineIds = useMyLandIds().data;
  const signedIn = useIsAuthenticated();

  const mineSet = useMemo(() => mineIds ?? new Set<number>(), [mineIds]);
  const mineIndexes = useMemo(() => {
    const out: number[] = [];
    if (mineSet.size > 0) for (let i = 0; i < map.count; i++) if (mineSet.has(map.id[i]!)) out.push(i);
    return out;
  }, [map, mineSet]);
  const colouring = useMemo(() => colourLayer(map, layer, mineSet), [map, layer, mineSet]);
  const scene = useMemo(() => buildScene(map, colouring.colours, colouring.palette), [map, colouring]);

  const initialView = useMemo<MapView | null>(() => {
    const at = initial.at ?? initial.land;
    const a = at ? parseHexName(at) : null;
    if (a) return centreOn(a.q, a.r, initial.zoom ?? LAND_ZOOM);
    // a zoom alone: about the Valley's centre
    return initial.zoom !== null ? centreOn(0, 0, initial.zoom) : null;
  }, [initial]);

  const viewRef = useRef<MapView | null>(initialView);
  // set when the page opens a land: a pan still animating must not write /valley's URL back over it
  const leaving = useRef(false);
  const writeUrl = useCallback((next: { layer: ValleyLayer; selected: number; view: MapView | null }) => {
    if (leaving.current) return;
    const v = next.view;
    let at: string | null = null;
    if (v) {
      // centre hex from the view's centre point (zoom-independent)
      const a = hexAtScreen(v, { width: 2, height: 2 }, { x: 1, y: 1 });
      at = hexName(a.q, a.r);
    }
    const search = writeValleyUrl({ land: next.selected >= 0 ? hexName(map.q[next.selected]!, map.r[next.selected]!) : null, layer: next.layer, zoom: v?.zoom ?? null, at });
    setParams(new URLSearchParams(search), { replace: true });
  }, [map, setParams]);

  const state = useRef({ layer, selected });
  useEffect(() => {
    state.current = { layer, selected };
    writeUrl({ layer, selected, view: viewRef.current });
  }, [layer, selected, writeUrl]);

  const onViewChange = useCallback((v: MapView) => {
    viewRef.current = v;
    writeUrl({ ...state.current, view: v });
  }, [writeUrl]);

  const mapBox = useRef<HTMLDivElement>(null);
  const onHover = useCallback((index: number, at: { x: number; y: number } | null) => {
    // the tooltip opens towards the roomier side, so it never leaves the map
    const box = mapBox.current;
    const flipX = box ? at !== null && at.x > box.clientWidth - 280 : false;
    const flipY = box ? at !== null && at.y > box.clientHeight - 110 : false;
    setHover((h) => (index < 0 || !at ? null : h?.index === index ? h : { index, x: at.x, y: at.y, flipX, flipY }));
  }, []);
  const openLand = useCallback((index: number) => {
    leaving.current = true;
    navigate(`/land/${hexName(map.q[index]!, map.r[index]!)}`);
  }, [map, navigate]);

  // a land chosen on the map: its panel may lie below the fold (the phone's one column), so bring it into view
  const panelBox = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState(0);
  const onMapSelect = useCallback((i: number) => {
    setSelected(i);
    if (i >= 0) setReveal((n) => n + 1);
  }, []);
  useEffect(() => {
    const box = panelBox.current;
    if (reveal === 0 || !box || typeof box.scrollIntoView !== 'function') return;
    const { top, bottom } = box.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) box.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [reveal]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const i = map.indexOfName(search);
    if (i < 0) {
      setSearchError(t('valley.searchNotFound', { name: search.trim() || '—' }));
      return;
    }
    setSearchError('');
    setSelected(i);
    canvas.current?.flyTo(i);
  };

  return (
    <div className="valley">
      <div className="valley__toolbar">
        <div className="valley__layers" role="group" aria-label={t('valley.layers')}>
          {VALLEY_LAYERS.map((l) => (
            <button key={l} type="button" className={`btn btn--small${l === layer ? ' btn--primary' : ''}`} aria-pressed={l === layer} onClick={() => setLayer(l)} data-testid={`layer-${l}`}>
              {t(`valley.layer.${l}`)}
            </button>
          ))}
        </div>
        <form className="valley__search" role="search" onSubmit={onSearch}>
          <label className="sr-only" htmlFor="valley-search">
            {t('valley.searchLabel')}
          </label>
          <input
            id="valley-search"
            className="input"
            value={search}
            maxLength={HEX_NAME_MAX_LENGTH}
            placeholder={t('valley.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setSearch(e.target.value.replace(/[^A-Za-z0-9]/g, ''))}
          />
          <button type="submit" className="btn btn--small">
            {t('valley.searchGo')}
          </button>
          {searchError ? (
            <span className="valley__search-error" role="alert">
              {searchError}
            </span>
          ) : null}
        </form>
      </div>
      <div className="valley__body">
        <div className="valley__map" ref={mapBox}>
          <MapCanvas
            handleRef={canvas}
            map={map}
            scene={scene}
            mine={mineIndexes}
            selected={selected}
            initialView={initialView}
            label={t('valley.mapLabel', { count: formatThousands(map.count) })}
            onHover={onHover}
            onSelect={onMapSelect}
            onOpen={openLand}
            onViewChange={onViewChange}
            onFirstPaint={() => performance.mark('valley-first-paint')}
          />
          {hover ? <LandTooltip map={map} at={hover} mine={mineSet} /> : null}
          <div className="valley__zoom">
            <button type="button" className="btn btn--small" onClick={() => canvas.current?.zoomBy(1.5)} aria-label={t('valley.zoomIn')}>
              +
            </button>
            <button type="button" className="btn btn--small" onClick={() => canvas.current?.zoomBy(1 / 1.5)} aria-label={t('valley.zoomOut')}>
              −
            </button>
            <button type="button" className="btn btn--small" onClick={() => canvas.current?.fit()} aria-label={t('valley.fit')}>
              ⤢
            </button>
          </div>
          <Legend entries={signedIn ? colouring.legend : colouring.legend.filter((e) => e.label !== 'valley.legend.mine')} title={t(`valley.layer.${layer}`)} />
        </div>
        <div ref={panelBox} className="valley__panel-box">
          <LandPanel map={map} index={selected} mine={mineSet} onClose={() => setSelected(-1)} onLeave={() => { leaving.current = true; }} />
        </div>
      </div>
      <p className="muted valley__help">{t('valley.help')}</p>
    </div>
  );
}

function Legend({ entries, title }: { entries: LegendEntry[]; title: string }) {
  const { t } = useTranslation();
  return (
    <section className="valley__legend" aria-label={t('valley.legendLabel', { layer: title })} data-testid="valley-legend">
      <h2 className="valley__legend-title">{title}</h2>
      <ul>
        {entries.map((e) => (
          <li key={e.label + JSON.stringify(e.labelOptions ?? {})}>
            <span className="valley__swatch" style={{ background: e.colour }} aria-hidden="true" />
            {t(e.label, e.labelOptions ?? {})} <span className="muted">({formatThousands(e.count)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Owner text: the player, a shortened holder address (docs/product.md §9), or not minted. */
function ownerText(t: (k: string) => string, owner: string | null, minted: boolean, yours: boolean): string {
  if (yours) return t('valley.you');
  if (!minted) return t('valley.notMinted');
  return owner ? shortenMiddle(owner, 8, 6) : t('valley.ownerUnknown');
}

function LandTooltip({ map, at, mine }: { map: ValleyMap; at: { index: number; x: number; y: number; flipX: boolean; flipY: boolean }; mine: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const l = valleyMapLand(map, at.index);
  const style = { left: at.x + 14, top: at.y + 14, transform: `translate(${at.flipX ? 'calc(-100% - 28px)' : '0'}, ${at.flipY ? 'calc(-100% - 28px)' : '0'})` };
  return (
    <div className="valley__tooltip" style={style} role="tooltip" data-testid="valley-tooltip">
      <strong>{l.hexName}</strong> · {LAND_SIZE_INFO[l.size].label} · {t(`valley.legend.${l.biome}`)}
      <br />
      {t('valley.owner')}: {ownerText(t, l.owner, l.minted, mine.has(l.id))}
      <br />
      {l.goldmineLevel ? t('valley.mineLine', { level: l.goldmineLevel, workers: l.workers }) : t('valley.legend.noMine')}
    </div>
  );
}

function LandPanel({ map, index, mine, onClose, onLeave }: { map: ValleyMap; index: number; mine: ReadonlySet<number>; onClose(): void; onLeave(): void }) {
  const { t } = useTranslation();
  if (index < 0) {
    return (
      <aside className="valley__panel panel" aria-live="polite" data-testid="valley-panel">
        <h2 className="panel__title">{t('valley.panelTitle')}</h2>
        <p className="muted">{t('valley.panelHint')}</p>
      </aside>
    );
  }
  const l = valleyMapLand(map, index);
  const info = LAND_SIZE_INFO[l.size];
  const bonus = BIOME_BONUS[l.biome];
  const yours = mine.has(l.id);
  return (
    <aside className={`valley__panel panel land-card--${l.biome}`} aria-live="polite" data-testid="valley-panel">
      <div className="valley__panel-head">
        <h2 className="valley__panel-name" data-testid="valley-panel-name">
          {l.hexName}
        </h2>
        <button type="button" className="btn btn--link" onClick={onClose} aria-label={t('valley.closePanel')}>
          ✕
        </button>
      </div>
      {yours ? <span className="badge badge--gold">{t('valley.yours')}</span> : null}
      <dl className="facts facts--wide">
        <div>
          <dt>{t('valley.size')}</dt>
          <dd>{t('valley.sizeValue', { label: info.label, cells: info.cells })}</dd>
        </div>
        <div>
          <dt>{t('valley.biome')}</dt>
          <dd>{t('valley.biomeValue', { biome: t(`valley.legend.${l.biome}`), percent: bonus.percent, resource: t(`valley.${bonus.resource}`) })}</dd>
        </div>
        <div>
          <dt>{t('valley.owner')}</dt>
          <dd className="mono" title={l.owner ?? undefined}>
            {ownerText(t, l.owner, l.minted, yours)}
          </dd>
        </div>
        <div>
          <dt>{t('valley.goldmine')}</dt>
          <dd>{l.goldmineLevel ? t('valley.mineLine', { level: l.goldmineLevel, workers: l.workers }) : t('valley.legend.noMine')}</dd>
        </div>
        <div>
          <dt>{t('valley.position')}</dt>
          <dd>{t('valley.coords', { q: l.q, r: l.r })}</dd>
        </div>
      </dl>
      <div className="valley__panel-actions">
        <Link className="btn btn--primary" to={`/land/${l.hexName}`} onClick={onLeave}>
          {t('valley.openLand')}
        </Link>
        {!l.minted ? <MintLandButton hexName={l.hexName} label={t('valley.mint')} /> : null}
      </div>
    </aside>
  );
}
