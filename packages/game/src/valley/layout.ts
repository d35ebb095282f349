/**
 * Hex layout maths of the Valley map (docs/game-rules.md §2: a hex map in axial coordinates). Pure:
 * no DOM, no clock. Hexes are pointy-top; world units are hex radii (centre to corner = 1), so a
 * hex is √3 wide and 2 tall. A {@link MapView} says which world point sits at the middle of the
 * screen and how many screen pixels one world unit spans (`zoom`).
 */

/** √3, the width of a pointy-top hex of radius 1. */
export const SQRT3 = Math.sqrt(3);

/** A point in world units or in screen pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Axial hex coordinates (q to the east, r to the south-east). */
export interface Axial {
  q: number;
  r: number;
}

/** What the map shows: the world point at the screen's centre and pixels per world unit. */
export interface MapView {
  cx: number;
  cy: number;
  zoom: number;
}

/** Screen size in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** An axis-aligned box in world units. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Zoom limits of the map, in pixels per world unit: a whole 50,000-land world down to a hex filling the screen. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 160;

/** Centre of hex (q, r) in world units. */
export function axialToWorld(q: number, r: number): Point {
  return { x: SQRT3 * (q + r / 2), y: 1.5 * r };
}

/** Rounds fractional axial coordinates to the hex that contains them (cube rounding). */
export function roundAxial(q: number, r: number): Axial {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // `+ 0` turns a -0 into 0, so equality checks and map keys behave.
  return { q: rq + 0, r: rr + 0 };
}

/** The hex containing world point (x, y). */
export function worldToAxial(x: number, y: number): Axial {
  const q = (SQRT3 / 3) * x - y / 3;
  const r = (2 / 3) * y;
  return roundAxial(q, r);
}

/** Screen pixel of a world point. */
export function worldToScreen(view: MapView, vp: Viewport, p: Point): Point {
  return { x: (p.x - view.cx) * view.zoom + vp.width / 2, y: (p.y - view.cy) * view.zoom + vp.height / 2 };
}

/** World point under a screen pixel. */
export function screenToWorld(view: MapView, vp: Viewport, s: Point): Point {
  return { x: (s.x - vp.width / 2) / view.zoom + view.cx, y: (s.y - vp.height / 2) / view.zoom + view.cy };
}

/** The hex under screen pixel `s` (whatever the zoom). */
export function hexAtScreen(view: MapView, vp: Viewport, s: Point): Axial {
  const w = screenToWorld(view, vp, s);
  return worldToAxial(w.x, w.y);
}

/** Distance in hex steps between two hexes. */
export function hexDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The world box around every hex of `cells` (corners included); an empty list gives a unit box at 0. */
export function boundsOf(cells: { length: number; q(i: number): number; r(i: number): number }): Bounds {
  if (cells.length === 0) return { minX: -1, minY: -1, maxX: 1, maxY: 1 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < cells.length; i++) {
    const p = axialToWorld(cells.q(i), cells.r(i));
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX: minX - SQRT3 / 2, minY: minY - 1, maxX: maxX + SQRT3 / 2, maxY: maxY + 1 };
}

/** `zoom` kept within [{@link MIN_ZOOM}, {@link MAX_ZOOM}]. */
export function clampZoom(zoom: number, min = MIN_ZOOM, max = MAX_ZOOM): number {
  return Math.min(max, Math.max(min, zoom));
}

/**
 * The view that shows all of `bounds` centred in the viewport with `padding` pixels on every side
 * (the zoom is clamped, so a huge world may overflow at {@link MIN_ZOOM}).
 */
export function fitView(bounds: Bounds, vp: Viewport, padding = 16): MapView {
  const w = Math.max(1e-6, bounds.maxX - bounds.minX);
  const h = Math.max(1e-6, bounds.maxY - bounds.minY);
  const zoom = clampZoom(Math.min((vp.width - 2 * padding) / w, (vp.height - 2 * padding) / h));
  return { cx: (bounds.minX + bounds.maxX) / 2, cy: (bounds.minY + bounds.maxY) / 2, zoom: Number.isFinite(zoom) && zoom > 0 ? zoom : MIN_ZOOM };
}

/**
 * Zooms by `factor` keeping the world point under screen pixel `anchor` where it is (wheel and
 * pinch zoom about the cursor / the fingers' midpoint). The zoom is clamped.
 */
export function zoomAbout(view: MapView, vp: Viewport, anchor: Point, factor: number): MapView {
  const zoom = clampZoom(view.zoom * factor);
  const before = screenToWorld(view, vp, anchor);
  // After the zoom the same world point must map to `anchor` again: solve for the new centre.
  return { zoom, cx: before.x - (anchor.x - vp.width / 2) / zoom, cy: before.y - (anchor.y - vp.height / 2) / zoom };
}

/** Moves the view by a screen-pixel delta (a drag of dx, dy moves the world with the pointer). */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  return { ...view, cx: view.cx - dx / view.zoom, cy: view.cy - dy / view.zoom };
}

/** The view centred on hex (q, r) at `zoom`. */
export function centreOn(q: number, r: number, zoom: number): MapView {
  const p = axialToWorld(q, r);
  return { cx: p.x, cy: p.y, zoom: clampZoom(zoom) };
}

/** The world box the viewport shows (for culling). */
export function visibleWorld(view: MapView, vp: Viewport): Bounds {
  const hw = vp.width / 2 / view.zoom;
  const hh = vp.height / 2 / view.zoom;
  return { minX: view.cx - hw, minY: view.cy - hh, maxX: view.cx + hw, maxY: view.cy + hh };
}

/** The six corners of a hex of radius 1 around (0, 0), pointy-top, clockwise from the top. */
export const HEX_CORNERS: ReadonlyArray<Point> = Array.from({ length: 6 }, (_, i) => {
  const a = (Math.PI / 180) * (60 * i - 90);
  return { x: Math.cos(a), y: Math.sin(a) };
});
