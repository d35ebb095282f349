/**
 * The Valley map's compact wire form (columnar arrays, one entry per land) and its decoded form
 * (typed arrays with a coordinate index) used to draw 5,000–50,000 lands. Shared by the server
 * (encode) and the web app (decode); `@kingdom/api`'s `valleyMapResponse` is the same shape.
 */
import { BIOMES, LAND_SIZES, type Biome, type LandSize } from '../lands/lands.ts';
import { hexName } from '../valley.ts';

/** `owner` column: the land is not minted yet (docs/game-rules.md §2 "Minted"). */
export const OWNER_NOT_MINTED = -2;
/** `owner` column: minted, but no Kingdom player's wallet holds it. */
export const OWNER_UNKNOWN = -1;

/** One land as the server reads it for the map. */
export interface ValleyMapLand {
  id: number;
  q: number;
  r: number;
  size: LandSize;
  biome: Biome;
  /** Gold mine level 1–10, or null when the land has none. */
  goldmineLevel: number | null;
  /** Workers in the gold mine's slots. */
  workers: number;
  /** Holder address known to the Kingdom, or null. */
  owner: string | null;
  minted: boolean;
}

/**
 * Wire form: parallel arrays of length `count`. `size` and `biome` index {@link LAND_SIZES} and
 * {@link BIOMES}; `goldmine` is the level (0 = none); `owner` indexes `owners`, or is
 * {@link OWNER_UNKNOWN} / {@link OWNER_NOT_MINTED}.
 */
export interface ValleyMapPayload {
  count: number;
  id: number[];
  q: number[];
  r: number[];
  size: number[];
  biome: number[];
  goldmine: number[];
  workers: number[];
  owner: number[];
  owners: string[];
}

/** Lands in the wire form; owners are listed once each, in order of first appearance. */
export function encodeValleyMap(lands: readonly ValleyMapLand[]): ValleyMapPayload {
  const owners: string[] = [];
  const ownerIndex = new Map<string, number>();
  const out: ValleyMapPayload = { count: lands.length, id: [], q: [], r: [], size: [], biome: [], goldmine: [], workers: [], owner: [], owners };
  for (const l of lands) {
    out.id.push(l.id);
    out.q.push(l.q);
    out.r.push(l.r);
    out.size.push(LAND_SIZES.indexOf(l.size));
    out.biome.push(BIOMES.indexOf(l.biome));
    out.goldmine.push(l.goldmineLevel ?? 0);
    out.workers.push(l.workers);
    let o: number = l.minted ? OWNER_UNKNOWN : OWNER_NOT_MINTED;
    if (l.owner !== null) {
      o = ownerIndex.get(l.owner) ?? -1;
      if (o < 0) {
        o = owners.length;
        owners.push(l.owner);
        ownerIndex.set(l.owner, o);
      }
    }
    out.owner.push(o);
  }
  return out;
}

/** Decoded map: typed columns, the owner list and lookups by coordinate and hex_name. */
export interface ValleyMap {
  count: number;
  id: Int32Array;
  q: Int32Array;
  r: Int32Array;
  size: Uint8Array;
  biome: Uint8Array;
  goldmine: Uint8Array;
  workers: Uint16Array;
  owner: Int32Array;
  owners: readonly string[];
  /** Index of the land at (q, r), or -1. */
  indexAt(q: number, r: number): number;
  /** Index of the land named `hexName`, or -1. */
  indexOfName(name: string): number;
}

const key = (q: number, r: number) => (q + 32768) * 65536 + (r + 32768);

/**
 * Decodes the wire form.
 * @throws Error when the columns' lengths differ from `count` or an index is out of range
 */
export function decodeValleyMap(p: ValleyMapPayload): ValleyMap {
  const n = p.count;
  for (const col of [p.id, p.q, p.r, p.size, p.biome, p.goldmine, p.workers, p.owner]) {
    if (col.length !== n) throw new Error('valley map: column length differs from count');
  }
  const index = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (p.size[i]! < 0 || p.size[i]! >= LAND_SIZES.length || p.biome[i]! < 0 || p.biome[i]! >= BIOMES.length) throw new Error('valley map: size or biome out of range');
    if (p.owner[i]! >= p.owners.length || p.owner[i]! < OWNER_NOT_MINTED) throw new Error('valley map: owner out of range');
    index.set(key(p.q[i]!, p.r[i]!), i);
  }
  return {
    count: n,
    id: Int32Array.from(p.id),
    q: Int32Array.from(p.q),
    r: Int32Array.from(p.r),
    size: Uint8Array.from(p.size),
    biome: Uint8Array.from(p.biome),
    goldmine: Uint8Array.from(p.goldmine),
    workers: Uint16Array.from(p.workers),
    owner: Int32Array.from(p.owner),
    owners: p.owners,
    indexAt: (q, r) => index.get(key(q, r)) ?? -1,
    indexOfName(name) {
      const a = parseHexName(name);
      return a ? (index.get(key(a.q, a.r)) ?? -1) : -1;
    },
  };
}

/** The land at index `i` of a decoded map, in the server's form (for tests, tooltips and panels). */
export function valleyMapLand(m: ValleyMap, i: number): ValleyMapLand & { hexName: string } {
  const o = m.owner[i]!;
  return {
    id: m.id[i]!, q: m.q[i]!, r: m.r[i]!, hexName: hexName(m.q[i]!, m.r[i]!),
    size: LAND_SIZES[m.size[i]!]!, biome: BIOMES[m.biome[i]!]!,
    goldmineLevel: m.goldmine[i]! === 0 ? null : m.goldmine[i]!, workers: m.workers[i]!,
    owner: o >= 0 ? m.owners[o]! : null, minted: o !== OWNER_NOT_MINTED,
  };
}

/** Longest hex_name accepted anywhere (`E9999N9999`). */
export const HEX_NAME_MAX_LENGTH = 10;
/** The shape of a hex_name (docs/game-rules.md §2): E/W and 2–4 digits, N/S and 2–4 digits. */
export const HEX_NAME_PATTERN = /^[EW]\d{2,4}[NS]\d{2,4}$/;

/**
 * The axial cell of a hex_name, or null when `name` is not a canonical hex_name (case-insensitive,
 * so a typed `e03n12` is found; `W00…` is not canonical since q = 0 is written `E00`).
 */
export function parseHexName(name: string): { q: number; r: number } | null {
  const s = name.trim().toUpperCase();
  if (s.length > HEX_NAME_MAX_LENGTH || !HEX_NAME_PATTERN.test(s)) return null;
  const m = /^([EW])(\d+)([NS])(\d+)$/.exec(s)!;
  const q = (m[1] === 'W' ? -1 : 1) * Number(m[2]) + 0;
  const r = (m[3] === 'N' ? -1 : 1) * Number(m[4]) + 0;
  return hexName(q, r) === s ? { q, r } : null;
}
