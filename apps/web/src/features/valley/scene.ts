/**
 * Drawing the Valley on a 2D canvas, measured to hold 60 fps at 5,000 lands and 30 at 50,000
 * (bench/valley.ts). Lands are grouped into square world chunks; each chunk keeps one `Path2D` per
 * colour, built once per layer, so a frame fills only the chunks in view (culling) with one call
 * per colour (batching). Zoomed far out, a frame is one `drawImage` of the whole map pre-drawn
 * into a bitmap.
 */
import { HEX_CORNERS, axialToWorld, boundsOf, visibleWorld, type Bounds, type MapView, type Viewport, type ValleyMap } from '@kingdom/game';

/** World units per chunk side. */
const CHUNK = 24;
/** Hexes are drawn slightly smaller than their cell, leaving a dark seam between them. */
const INSET = 0.9;
/** Largest side of the far-zoom bitmap, in pixels. */
const BITMAP_MAX = 4096;

interface Chunk extends Bounds {
  paths: Array<Path2D | null>;
}

/** A map coloured for one layer, ready to draw. */
export interface Scene {
  bounds: Bounds;
  palette: string[];
  chunks: Chunk[];
  /** The whole map pre-drawn at `bitmapZoom` px per world unit (null where no canvas exists). */
  bitmap: HTMLCanvasElement | null;
  bitmapZoom: number;
}

/** Adds a hex of radius `INSET` around world point (x, y) to `path`. */
function addHex(path: Path2D, x: number, y: number): void {
  path.moveTo(x + HEX_CORNERS[0]!.x * INSET, y + HEX_CORNERS[0]!.y * INSET);
  for (let k = 1; k < 6; k++) path.lineTo(x + HEX_CORNERS[k]!.x * INSET, y + HEX_CORNERS[k]!.y * INSET);
  path.closePath();
}

/** Builds the chunks and the far-zoom bitmap of `map` coloured by `colours` (palette indexes). */
export function buildScene(map: ValleyMap, colours: Uint8Array, palette: string[]): Scene {
  const bounds = boundsOf({ length: map.count, q: (i) => map.q[i]!, r: (i) => map.r[i]! });
  const byKey = new Map<string, Chunk>();
  // No Path2D (a test DOM): nothing can be drawn, the page still works as text.
  const count = typeof Path2D === 'undefined' ? 0 : map.count;
  for (let i = 0; i < count; i++) {
    const p = axialToWorld(map.q[i]!, map.r[i]!);
    const cx = Math.floor(p.x / CHUNK);
    const cy = Math.floor(p.y / CHUNK);
    const key = `${cx},${cy}`;
    let chunk = byKey.get(key);
    if (!chunk) {
      // one hex of margin: hexes near the edge stick out of the square
      chunk = { minX: cx * CHUNK - 1, minY: cy * CHUNK - 1, maxX: (cx + 1) * CHUNK + 1, maxY: (cy + 1) * CHUNK + 1, paths: palette.map(() => null) };
      byKey.set(key, chunk);
    }
    const c = colours[i]!;
    addHex((chunk.paths[c] ??= new Path2D()), p.x, p.y);
  }
  const chunks = [...byKey.values()];
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxY - bounds.minY;
  const bitmapZoom = Math.min(6, BITMAP_MAX / w, BITMAP_MAX / h);
  let bitmap: HTMLCanvasElement | null = null;
  if (count > 0 && typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(w * bitmapZoom);
    canvas.height = Math.ceil(h * bitmapZoom);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.setTransform(bitmapZoom, 0, 0, bitmapZoom, -bounds.minX * bitmapZoom, -bounds.minY * bitmapZoom);
      fillChunks(ctx, chunks, palette, null);
      bitmap = canvas;
    }
  }
  return { bounds, palette, chunks, bitmap, bitmapZoom };
}

function fillChunks(ctx: CanvasRenderingContext2D, chunks: Chunk[], palette: string[], box: Bounds | null): void {
  for (let c = 0; c < palette.length; c++) {
    ctx.fillStyle = palette[c]!;
    for (const ch of chunks) {
      const path = ch.paths[c];
      if (!path) continue;
      if (box && (ch.maxX < box.minX || ch.minX > box.maxX || ch.maxY < box.minY || ch.minY > box.maxY)) continue;
      ctx.fill(path);
    }
  }
}

/** Sets the canvas transform so world units map to screen pixels for `view` (× devicePixelRatio). */
export function applyView(ctx: CanvasRenderingContext2D, view: MapView, vp: Viewport, dpr: number): void {
  const z = view.zoom * dpr;
  ctx.setTransform(z, 0, 0, z, (vp.width / 2 - view.cx * view.zoom) * dpr, (vp.height / 2 - view.cy * view.zoom) * dpr);
}

/** Draws the scene for `view`: the bitmap when zoomed out to it, else the chunks in view. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene, view: MapView, vp: Viewport, dpr: number): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  applyView(ctx, view, vp, dpr);
  if (scene.bitmap && view.zoom <= scene.bitmapZoom) {
    const b = scene.bounds;
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(scene.bitmap, b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY);
    return;
  }
  fillChunks(ctx, scene.chunks, scene.palette, visibleWorld(view, vp));
}

/** Outlines hex (q, r) in world units on a context already set by {@link applyView}. */
export function outlineHex(ctx: CanvasRenderingContext2D, q: number, r: number, colour: string, widthPx: number, zoom: number): void {
  const p = axialToWorld(q, r);
  const path = new Path2D();
  addHex(path, p.x, p.y);
  ctx.strokeStyle = colour;
  ctx.lineWidth = widthPx / zoom;
  ctx.stroke(path);
}
