/**
 * The interactive Valley canvas: drag / arrow keys pan, wheel / pinch / buttons zoom about the
 * pointer, hover reports the land under the pointer, click selects, Enter opens. The view lives in
 * a ref and each change schedules one animation frame, so panning never re-renders React.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import {
  axialToWorld, centreOn, fitView, hexAtScreen, hexName, panBy, visibleWorld, zoomAbout, type MapView, type Viewport, type ValleyMap,
} from '@kingdom/game';
import { applyView, drawScene, outlineHex, type Scene } from './scene.ts';

/** What the page can ask the canvas to do. */
export interface MapCanvasHandle {
  /** Animates to land `index` (zooming in to at least `minZoom`). */
  flyTo(index: number, minZoom?: number): void;
  /** Zooms about the centre by `factor`. */
  zoomBy(factor: number): void;
  /** Fits the whole Valley. */
  fit(): void;
  /** The current view. */
  view(): MapView;
}

export interface MapCanvasProps {
  map: ValleyMap;
  scene: Scene;
  /** Indexes of the signed-in player's lands (gold outlines). */
  mine: readonly number[];
  selected: number;
  /** The view to open with; null fits the Valley. */
  initialView: MapView | null;
  label: string;
  onHover(index: number, at: { x: number; y: number } | null): void;
  onSelect(index: number): void;
  onOpen(index: number): void;
  /** Called (throttled by the page) when the view settles. */
  onViewChange(view: MapView): void;
  /** Called once, after the first frame with the map is drawn. */
  onFirstPaint?(): void;
  handleRef?: Ref<MapCanvasHandle>;
}

const KEY_PAN = 80;
/** From this zoom (px per hex radius) each land in view shows its hex_name. */
const LABEL_ZOOM = 30;

/** Writes the hex_name of every land in view, in screen pixels (few: only at {@link LABEL_ZOOM}+). */
function drawLabels(ctx: CanvasRenderingContext2D, m: ValleyMap, v: MapView, vp: Viewport, dpr: number): void {
  const box = visibleWorld(v, vp);
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `600 ${Math.min(14, v.zoom / 3.2).toFixed(1)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgb(15 12 22 / 0.85)';
  for (let i = 0; i < m.count; i++) {
    const p = axialToWorld(m.q[i]!, m.r[i]!);
    if (p.x < box.minX - 1 || p.x > box.maxX + 1 || p.y < box.minY - 1 || p.y > box.maxY + 1) continue;
    ctx.fillText(hexName(m.q[i]!, m.r[i]!), (p.x - v.cx) * v.zoom + vp.width / 2, (p.y - v.cy) * v.zoom + vp.height / 2);
  }
  ctx.restore();
}
const DRAG_SLOP = 6;
const FLY_MS = 450;

export function MapCanvas(props: MapCanvasProps) {
  const { scene, mine, selected, initialView, label, handleRef } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<MapView | null>(initialView);
  const vpRef = useRef<Viewport>({ width: 1, height: 1 });
  const frame = useRef(0);
  const hoverRef = useRef(-1);
  const painted = useRef(false);
  // Latest props for the event handlers and the frame, without re-binding them.
  const live = useRef(props);
  useLayoutEffect(() => {
    live.current = props;
  });
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anim = useRef<{ from: MapView; to: MapView; start: number } | null>(null);

  const draw = useCallback(function paint() {
    frame.current = 0;
    const canvas = canvasRef.current;
    const view = viewRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !view) return;
    const a = anim.current;
    if (a) {
      const t = Math.min(1, (performance.now() - a.start) / FLY_MS);
      const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      // zoom interpolates geometrically so the motion feels even
      viewRef.current = {
        cx: a.from.cx + (a.to.cx - a.from.cx) * e,
        cy: a.from.cy + (a.to.cy - a.from.cy) * e,
        zoom: a.from.zoom * (a.to.zoom / a.from.zoom) ** e,
      };
      if (t >= 1) anim.current = null;
      else frame.current = requestAnimationFrame(paint);
    }
    const v = viewRef.current!;
    const dpr = window.devicePixelRatio || 1;
    const { scene: sc, map: m, mine: mineIdx, selected: sel } = live.current;
    drawScene(ctx, sc, v, vpRef.current, dpr);
    applyView(ctx, v, vpRef.current, dpr);
    for (const i of mineIdx) outlineHex(ctx, m.q[i]!, m.r[i]!, '#f0cd74', Math.max(1.5, Math.min(3, v.zoom / 6)), v.zoom);
    if (v.zoom >= LABEL_ZOOM) drawLabels(ctx, m, v, vpRef.current, dpr);
    if (hoverRef.current >= 0) outlineHex(ctx, m.q[hoverRef.current]!, m.r[hoverRef.current]!, '#ffffff', 1.5, v.zoom);
    if (sel >= 0) {
      outlineHex(ctx, m.q[sel]!, m.r[sel]!, '#0f0c16', 6, v.zoom);
      outlineHex(ctx, m.q[sel]!, m.r[sel]!, '#ffe08a', 3, v.zoom);
    }
    if (!painted.current) {
      painted.current = true;
      live.current.onFirstPaint?.();
    }
  }, []);

  const request = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  const settle = useCallback(() => {
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => {
      if (viewRef.current) live.current.onViewChange(viewRef.current);
    }, 250);
  }, []);

  const setView = useCallback((v: MapView) => {
    anim.current = null;
    viewRef.current = v;
    request();
    settle();
  }, [request, settle]);

  const fitAll = useCallback(() => fitView(live.current.scene.bounds, vpRef.current, 12), []);

  useImperativeHandle(handleRef, () => ({
    flyTo(index, minZoom = 22) {
      const m = live.current.map;
      const from = viewRef.current ?? fitAll();
      const to = centreOn(m.q[index]!, m.r[index]!, Math.max(from.zoom, minZoom));
      anim.current = { from, to, start: performance.now() };
      request();
      settle();
    },
    zoomBy(factor) {
      const v = viewRef.current ?? fitAll();
      const vp = vpRef.current;
      setView(zoomAbout(v, vp, { x: vp.width / 2, y: vp.height / 2 }, factor));
    },
    fit() {
      setView(fitAll());
    },
    view: () => viewRef.current ?? fitAll(),
  }), [fitAll, request, settle, setView]);

  // Size the canvas to its box (and on resize); the first size decides the opening view.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      vpRef.current = { width: Math.max(1, rect.width), height: Math.max(1, rect.height) };
      canvas.width = Math.round(vpRef.current.width * dpr);
      canvas.height = Math.round(vpRef.current.height * dpr);
      viewRef.current ??= fitAll();
      request();
    };
    resize();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : null;
    ro?.observe(canvas);
    return () => {
      ro?.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      clearTimeout(settleTimer.current);
    };
  }, [fitAll, request]);

  // Redraw when the layer, the player's lands or the selection change.
  useEffect(request, [scene, mine, selected, request]);

  // Pointer input: one pointer drags, two pinch; a short press without moving is a click.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const pointers = new Map<number, { x: number; y: number }>();
    let moved = 0;
    let pinch: { dist: number; mid: { x: number; y: number } } | null = null;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const landAt = (p: { x: number; y: number }) => {
      const v = viewRef.current;
      if (!v) return -1;
      const a = hexAtScreen(v, vpRef.current, p);
      return live.current.map.indexAt(a.q, a.r);
    };
    const pinchOf = () => {
      const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      return { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
    };
    const down = (e: PointerEvent) => {
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // a pointer the browser no longer tracks: dragging still works while it stays over the map
      }
      pointers.set(e.pointerId, local(e));
      moved = 0;
      pinch = pointers.size === 2 ? pinchOf() : null;
    };
    const move = (e: PointerEvent) => {
      const p = local(e);
      const prev = pointers.get(e.pointerId);
      if (!prev) {
        if (e.pointerType === 'mouse') {
          const i = landAt(p);
          if (i !== hoverRef.current) {
            hoverRef.current = i;
            request();
          }
          live.current.onHover(i, i >= 0 ? p : null);
        }
        return;
      }
      pointers.set(e.pointerId, p);
      const v = viewRef.current;
      if (!v) return;
      if (pointers.size === 2 && pinch) {
        const now = pinchOf();
        let next = zoomAbout(v, vpRef.current, now.mid, now.dist / Math.max(1, pinch.dist));
        next = panBy(next, now.mid.x - pinch.mid.x, now.mid.y - pinch.mid.y);
        pinch = now;
        moved += DRAG_SLOP;
        setView(next);
        return;
      }
      moved += Math.abs(p.x - prev.x) + Math.abs(p.y - prev.y);
      if (moved > DRAG_SLOP) {
        live.current.onHover(-1, null);
        setView(panBy(v, p.x - prev.x, p.y - prev.y));
      }
    };
    const up = (e: PointerEvent) => {
      const had = pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (had && pointers.size === 0 && moved <= DRAG_SLOP && e.type === 'pointerup') {
        const i = landAt(local(e));
        if (i >= 0) live.current.onSelect(i);
      }
    };
    const leave = () => {
      if (hoverRef.current !== -1) {
        hoverRef.current = -1;
        request();
      }
      live.current.onHover(-1, null);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const v = viewRef.current;
      if (!v) return;
      const delta = e.deltaMode === 1 ? e.deltaY * 32 : e.deltaY;
      setView(zoomAbout(v, vpRef.current, local(e), Math.exp(-delta * 0.0015)));
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('pointerleave', leave);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      canvas.removeEventListener('pointerleave', leave);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [request, setView]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const v = viewRef.current;
    if (!v) return;
    const vp = vpRef.current;
    const centre = { x: vp.width / 2, y: vp.height / 2 };
    const pans: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN, 0], ArrowRight: [-KEY_PAN, 0], ArrowUp: [0, KEY_PAN], ArrowDown: [0, -KEY_PAN] };
    const pan = pans[e.key];
    if (pan) {
      e.preventDefault();
      setView(panBy(v, pan[0], pan[1]));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setView(zoomAbout(v, vp, centre, 1.25));
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      setView(zoomAbout(v, vp, centre, 0.8));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const sel = live.current.selected;
      if (sel >= 0 && e.key === 'Enter') {
        live.current.onOpen(sel);
        return;
      }
      // nothing selected yet: select the land at the centre of the view
      const a = hexAtScreen(v, vp, centre);
      const i = live.current.map.indexAt(a.q, a.r);
      if (i >= 0) live.current.onSelect(i);
    }
  };

  return (
    <canvas
      ref={canvasRef}
      className="valley-canvas"
      tabIndex={0}
      role="application"
      aria-roledescription="map"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="valley-canvas"
    />
  );
}
