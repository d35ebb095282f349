/**
 * The Valley view kept in the URL (`?land=E03N12&layer=biome&zoom=12.5&at=W04S10`), so a link or a
 * reload shows the same place: the selected land, the active layer, the zoom and the hex at the
 * centre (left out when it is the selected land).
 */
import { MAX_ZOOM, MIN_ZOOM, parseHexName, hexName } from '@kingdom/game';

/** Map layers a player switches between. */
export const VALLEY_LAYERS = ['biome', 'size', 'goldmine', 'ownership'] as const;
export type ValleyLayer = (typeof VALLEY_LAYERS)[number];

/** The URL's view; absent parts are null (the page fits the whole Valley then). */
export interface ValleyUrlState {
  land: string | null;
  layer: ValleyLayer;
  zoom: number | null;
  at: string | null;
}

const canonical = (v: string | null) => {
  const a = v ? parseHexName(v) : null;
  return a ? hexName(a.q, a.r) : null;
};

/** Reads the view from a query string; unknown or malformed values fall back to defaults. */
export function readValleyUrl(search: string | URLSearchParams): ValleyUrlState {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const layer = p.get('layer');
  const zoomText = p.get('zoom');
  const zoom = zoomText !== null && /^\d{1,4}(\.\d{1,3})?$/.test(zoomText) ? Number(zoomText) : NaN;
  return {
    land: canonical(p.get('land')),
    layer: (VALLEY_LAYERS as readonly string[]).includes(layer ?? '') ? (layer as ValleyLayer) : 'biome',
    zoom: Number.isFinite(zoom) && zoom >= MIN_ZOOM && zoom <= MAX_ZOOM ? zoom : null,
    at: canonical(p.get('at')),
  };
}

/** Writes the view as a query string (defaults left out, zoom to 2 decimals). */
export function writeValleyUrl(s: ValleyUrlState): string {
  const p = new URLSearchParams();
  if (s.land) p.set('land', s.land);
  if (s.layer !== 'biome') p.set('layer', s.layer);
  if (s.zoom !== null) p.set('zoom', String(Math.round(s.zoom * 100) / 100));
  if (s.at && s.at !== s.land) p.set('at', s.at);
  const q = p.toString();
  return q ? `?${q}` : '';
}
