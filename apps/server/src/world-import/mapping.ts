/**
 * The metadata mapping of `kingdom world import` (docs/operator-guide.md "The mapping file"): how
 * an asset's on-chain metadata (CIP-25 `721`, or a CIP-68 reference NFT's datum, as Blockfrost's
 * `/assets/{asset}` answers it in `onchain_metadata`) becomes a land of the Valley (size, biome,
 * axial coordinates → its cell and `hex_name`; docs/game-rules.md §2) or a mining tool (kind → its
 * daily HEXO; docs/game-rules.md §5). Pure: no I/O.
 *
 * A mapping file is JSON; every field is optional and falls back to {@link DEFAULT_MAPPING}, which
 * fits a CIP-25 collection shaped like the demo's:
 *
 * ```json
 * { "name": "Cardano Land #12", "image": "ipfs://…", "mediaType": "image/png",
 *   "attributes": { "Size": "Medium", "Biome": "Forest", "Q": 3, "R": -12 } }
 * { "name": "Mining Tool #7", "image": "ipfs://…", "attributes": { "Kind": "Alchemist Glove", "Serial": 7 } }
 * ```
 *
 * A *path* is dot-separated keys into the metadata (`attributes.Size`); a segment that meets an
 * array of `{trait_type, value}` (or `{name, value}`) objects picks the trait of that name, so
 * OpenSea-style `attributes` arrays work too. Keys and value names match case-insensitively.
 */
import { z } from 'zod';
import { LAND_SIZES, BIOMES, hexName, parseHexName, toBaseUnits, type Biome, type LandSize } from '@kingdom/game';

const path = z.string().min(1).max(200).regex(/^[^.]+(?:\.[^.]+)*$/, 'a dot-separated path');
const valueMap = <T extends string>(targets: readonly [T, ...T[]]) => z.record(z.string().min(1).max(100), z.enum(targets));

/** The mapping file's schema (strict: a misspelt field is an error, not silently ignored). */
export const mappingSchema = z.object({
  lands: z.object({
    /** Display name (a string ≤ 64 characters; absent: `Land #<id>`). */
    name: path.optional(),
    size: z.object({ path, values: valueMap(LAND_SIZES) }).strict().partial().optional(),
    biome: z.object({ path, values: valueMap(BIOMES) }).strict().partial().optional(),
    /** Axial coordinates: integers (or integer strings), |q|, |r| ≤ 9999. */
    q: path.optional(),
    r: path.optional(),
    /** Instead of `q`/`r`: a cell name such as `E03N12` (docs/game-rules.md §2). */
    hexName: path.nullable().optional(),
  }).strict().optional(),
  tools: z.object({
    kind: z.object({ path, values: z.record(z.string().min(1).max(100), z.string().regex(/^[a-z0-9_]{1,40}$/)) }).strict().partial().optional(),
    /** The tool's serial number (an integer ≥ 1; absent: its import id). */
    serial: path.nullable().optional(),
    /** Kinds to add or redefine: key → display name and daily HEXO in whole tokens (decimal string). */
    kinds: z.record(z.string().regex(/^[a-z0-9_]{1,40}$/), z.object({
      name: z.string().min(1).max(60),
      dailyHexo: z.string().regex(/^\d{1,12}$/, 'whole HEXO as a decimal string'),
    }).strict()).optional(),
  }).strict().optional(),
}).strict();

export type MappingFile = z.infer<typeof mappingSchema>;

/** A complete mapping (the file's fields over the defaults). */
export interface Mapping {
  lands: {
    name: string | null;
    size: { path: string; values: Record<string, LandSize> };
    biome: { path: string; values: Record<string, Biome> };
    q: string;
    r: string;
    hexName: string | null;
  };
  tools: {
    kind: { path: string; values: Record<string, string> };
    serial: string | null;
    kinds: Record<string, { name: string; dailyHexo: bigint }>;
  };
}

/** Defaults: a CIP-25 collection shaped like the demo's (see the module doc). */
export const DEFAULT_MAPPING: Mapping = {
  lands: {
    name: 'name',
    size: {
      path: 'attributes.Size',
      values: { small: 'SMALL', s: 'SMALL', medium: 'MEDIUM', m: 'MEDIUM', large: 'LARGE', l: 'LARGE', 'extra large': 'SUPERLARGE', xl: 'SUPERLARGE', superlarge: 'SUPERLARGE' },
    },
    biome: { path: 'attributes.Biome', values: { forest: 'forest', winter: 'winter' } },
    q: 'attributes.Q',
    r: 'attributes.R',
    hexName: null,
  },
  tools: {
    kind: {
      path: 'attributes.Kind',
      values: { 'alchemist glove': 'alchemist_glove', "miner's pickaxe": 'miners_pickaxe', 'miners pickaxe': 'miners_pickaxe', 'dwarven hammer': 'dwarven_hammer', 'crystal lantern': 'crystal_lantern' },
    },
    serial: 'attributes.Serial',
    kinds: {},
  },
};

const lowerKeys = <T>(r: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.trim().toLowerCase(), v]));

/**
 * The mapping of a parsed file (`{}` = the defaults). A `values` table given in the file replaces
 * the default one.
 * @throws Error naming the first invalid field
 */
export function resolveMapping(file: unknown): Mapping {
  const parsed = mappingSchema.safeParse(file);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`mapping file: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  const f = parsed.data;
  const d = DEFAULT_MAPPING;
  return {
    lands: {
      name: f.lands?.name ?? d.lands.name,
      size: { path: f.lands?.size?.path ?? d.lands.size.path, values: lowerKeys(f.lands?.size?.values ?? d.lands.size.values) },
      biome: { path: f.lands?.biome?.path ?? d.lands.biome.path, values: lowerKeys(f.lands?.biome?.values ?? d.lands.biome.values) },
      q: f.lands?.q ?? d.lands.q,
      r: f.lands?.r ?? d.lands.r,
      hexName: f.lands?.hexName === undefined ? d.lands.hexName : f.lands.hexName,
    },
    tools: {
      kind: { path: f.tools?.kind?.path ?? d.tools.kind.path, values: lowerKeys(f.tools?.kind?.values ?? d.tools.kind.values) },
      serial: f.tools?.serial === undefined ? d.tools.serial : f.tools.serial,
      kinds: Object.fromEntries(Object.entries(f.tools?.kinds ?? {}).map(([k, v]) => [k, { name: v.name, dailyHexo: toBaseUnits(BigInt(v.dailyHexo), 'hexo') }])),
    },
  };
}

/** The value at a dot path (see the module doc), or undefined. */
export function valueAt(metadata: unknown, dotPath: string): unknown {
  let cur: unknown = metadata;
  for (const seg of dotPath.split('.')) {
    const want = seg.toLowerCase();
    if (Array.isArray(cur)) {
      const trait = cur.find((t): t is Record<string, unknown> => typeof t === 'object' && t !== null
        && String((t as Record<string, unknown>).trait_type ?? (t as Record<string, unknown>).name ?? '').toLowerCase() === want);
      cur = trait?.value;
    } else if (typeof cur === 'object' && cur !== null) {
      const obj = cur as Record<string, unknown>;
      const key = Object.hasOwn(obj, seg) ? seg : Object.keys(obj).find((k) => k.toLowerCase() === want);
      cur = key === undefined ? undefined : obj[key];
    } else {
      return undefined;
    }
  }
  // CIP-25 splits strings longer than 64 bytes into arrays of strings
  if (Array.isArray(cur) && cur.length > 0 && cur.every((s) => typeof s === 'string')) return cur.join('');
  return cur;
}

/** A refusal: a short code and the sentence the summary shows. */
export interface Refusal {
  code: string;
  reason: string;
}

/** A land as mapped (before its id is assigned). */
export interface MappedLand {
  name: string | null;
  q: number;
  r: number;
  hexName: string;
  size: LandSize;
  biome: Biome;
}

/** A mining tool as mapped. */
export interface MappedTool {
  kindKey: string;
  serial: number | null;
}

const MAX_COORD = 9999;

function integer(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,6}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function named<T>(v: unknown, values: Record<string, T>): T | undefined {
  return typeof v === 'string' ? values[v.trim().toLowerCase()] : undefined;
}

/** A display name: a string, at most 64 characters, no control characters; else null. */
function displayName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  // eslint-disable-next-line no-control-regex
  if (s.length === 0 || s.length > 64 || /[\u0000-\u001f\u007f]/.test(s) || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)) return null;
  return s;
}

/**
 * An asset name (hex) as UTF-8 text, or null when its bytes are not UTF-8 (CIP-25 v1 names its
 * metadata by the UTF-8 name; a CIP-68 name's 4-byte label is skipped).
 */
export function assetNameText(assetNameHex: string): string | null {
  const hex = /^000(643b0|de140)/.test(assetNameHex) ? assetNameHex.slice(8) : assetNameHex;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'));
  } catch {
    return null;
  }
}

/** Checks shared by lands and tools: an NFT (quantity 1) with a UTF-8 name and metadata. */
function common(assetNameHex: string, quantity: string, metadata: unknown): Refusal | null {
  if (assetNameText(assetNameHex) === null) return { code: 'name_not_utf8', reason: `asset name is not UTF-8 (hex ${assetNameHex})` };
  if (quantity !== '1') return { code: 'not_an_nft', reason: `quantity is ${quantity}, not 1` };
  if (typeof metadata !== 'object' || metadata === null) return { code: 'no_metadata', reason: 'no CIP-25 or CIP-68 on-chain metadata' };
  return null;
}

/**
 * Maps a Land asset's metadata.
 * @returns the land, or the refusal (missing or unknown size or biome, missing or bad coordinates,
 *   non-UTF-8 asset name, no metadata, not an NFT); duplicate coordinates are judged by the importer
 */
export function mapLand(m: Mapping, assetNameHex: string, quantity: string, metadata: unknown): MappedLand | Refusal {
  const bad = common(assetNameHex, quantity, metadata);
  if (bad) return bad;
  const L = m.lands;
  const sizeRaw = valueAt(metadata, L.size.path);
  if (sizeRaw === undefined || sizeRaw === null || sizeRaw === '') return { code: 'missing_size', reason: `missing size (${L.size.path})` };
  const size = named(sizeRaw, L.size.values);
  if (!size) return { code: 'unknown_size', reason: `unknown size ${JSON.stringify(sizeRaw).slice(0, 60)} (${L.size.path})` };
  const biomeRaw = valueAt(metadata, L.biome.path);
  if (biomeRaw === undefined || biomeRaw === null || biomeRaw === '') return { code: 'missing_biome', reason: `missing biome (${L.biome.path})` };
  const biome = named(biomeRaw, L.biome.values);
  if (!biome) return { code: 'unknown_biome', reason: `unknown biome ${JSON.stringify(biomeRaw).slice(0, 60)} (${L.biome.path})` };
  let q: number | null;
  let r: number | null;
  if (L.hexName) {
    const raw = valueAt(metadata, L.hexName);
    if (raw === undefined || raw === null) return { code: 'missing_coordinates', reason: `missing coordinates (${L.hexName})` };
    const cell = typeof raw === 'string' ? parseHexName(raw.trim().toUpperCase()) : null;
    if (!cell) return { code: 'bad_coordinates', reason: `coordinates ${JSON.stringify(raw).slice(0, 60)} are not a cell name like E03N12 (${L.hexName})` };
    ({ q, r } = cell);
  } else {
    const qRaw = valueAt(metadata, L.q);
    const rRaw = valueAt(metadata, L.r);
    if (qRaw === undefined || rRaw === undefined || qRaw === null || rRaw === null) return { code: 'missing_coordinates', reason: `missing coordinates (${L.q}, ${L.r})` };
    q = integer(qRaw);
    r = integer(rRaw);
    if (q === null || r === null) return { code: 'bad_coordinates', reason: `coordinates (${JSON.stringify(qRaw)}, ${JSON.stringify(rRaw)}) are not integers` };
  }
  if (Math.abs(q) > MAX_COORD || Math.abs(r) > MAX_COORD) return { code: 'bad_coordinates', reason: `coordinates (${q}, ${r}) are outside ±${MAX_COORD}` };
  return { name: L.name ? displayName(valueAt(metadata, L.name)) : null, q, r, hexName: hexName(q, r), size, biome };
}

/**
 * Maps a Mining Tool asset's metadata.
 * @param knownKinds the mining tool kinds that exist (catalogue and the mapping's `kinds`)
 * @returns the tool, or the refusal (missing or unknown kind, non-UTF-8 name, no metadata, not an NFT, bad serial)
 */
export function mapTool(m: Mapping, knownKinds: ReadonlySet<string>, assetNameHex: string, quantity: string, metadata: unknown): MappedTool | Refusal {
  const bad = common(assetNameHex, quantity, metadata);
  if (bad) return bad;
  const T = m.tools;
  const kindRaw = valueAt(metadata, T.kind.path);
  if (kindRaw === undefined || kindRaw === null || kindRaw === '') return { code: 'missing_kind', reason: `missing kind (${T.kind.path})` };
  const kindKey = named(kindRaw, T.kind.values);
  if (!kindKey || !knownKinds.has(kindKey)) return { code: 'unknown_kind', reason: `unknown kind ${JSON.stringify(kindRaw).slice(0, 60)} (${T.kind.path})` };
  let serial: number | null = null;
  if (T.serial) {
    const raw = valueAt(metadata, T.serial);
    if (raw !== undefined && raw !== null) {
      serial = integer(raw);
      if (serial === null || serial < 1) return { code: 'bad_serial', reason: `serial ${JSON.stringify(raw).slice(0, 40)} is not an integer ≥ 1 (${T.serial})` };
    }
  }
  return { kindKey, serial };
}

/** True for a refusal. */
export function isRefusal(x: object): x is Refusal {
  return 'code' in x && 'reason' in x;
}
