/**
 * A test collection file shaped like a real CIP-25 land collection (the demo's shape, the import's
 * default mapping: `attributes.Size`, `.Biome`, `.Q`, `.R`; tools `attributes.Kind`, `.Serial`),
 * generated rather than committed: 5,000 lands (the demo Valley's cells) and 100 mining tools by
 * default, with bad entries the import must refuse, each with the reason code expected.
 * Written to a file it is what `npm run kingdom -- blockfrost-emulator --collection FILE` mints.
 */
import { writeFileSync } from 'node:fs';
import { generateValley, type LandSize } from '@kingdom/game';
import type { CollectionFile } from '@kingdom/emulators';

const SIZE_NAMES: Record<LandSize, string> = { SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large', SUPERLARGE: 'Extra Large' };

/** A bad entry and the refusal code the import must give it. */
export interface BadEntry {
  role: 'land' | 'tool';
  /** Asset name bytes, hex. */
  nameHex: string;
  code: string;
}

/** The generated file, what is bad in it, and the lands each holder holds. */
export interface TestCollection {
  file: CollectionFile;
  bad: BadEntry[];
  /** Holder address → land ids (1-based, the Valley's ids) it holds. */
  landsOf: Map<string, number[]>;
  /** Holder address → tool numbers it holds. */
  toolsOf: Map<string, number[]>;
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

/**
 * @param opts.holders addresses holding lands and tools: land i goes to holder (i-1) mod n for
 *   i ≤ 3n (so each holds 3), tool i to holder i-1 for i ≤ n; the rest stay at the mint
 * @param opts.lands number of lands (≤ 5,000; the demo Valley's cells)
 * @param opts.tools number of tools
 */
export function makeTestCollection(opts: { holders: string[]; lands?: number; tools?: number }): TestCollection {
  const landCount = opts.lands ?? 5000;
  const toolCount = opts.tools ?? 100;
  const cells = generateValley(landCount);
  const landsOf = new Map<string, number[]>();
  const toolsOf = new Map<string, number[]>();
  const n = opts.holders.length;
  const bad: BadEntry[] = [];
  const lands: NonNullable<CollectionFile['land']>['assets'] = cells.map((c) => {
    const holder = n > 0 && c.id <= 3 * n ? opts.holders[(c.id - 1) % n]! : undefined;
    if (holder) landsOf.set(holder, [...(landsOf.get(holder) ?? []), c.id]);
    const attributes: Record<string, unknown> = { Size: SIZE_NAMES[c.size], Biome: c.biome === 'forest' ? 'Forest' : 'Winter', Q: c.q, R: c.r };
    return {
      name: `CardanoLand${c.id}`,
      ...(holder ? { holder } : {}),
      721: { name: `Cardano Land #${c.id}`, image: `ipfs://QmLand${String(c.id).padStart(5, '0')}`, mediaType: 'image/png', attributes },
    };
  });
  // Bad lands (far from the holders' first 3n, and from each other).
  const badLand = (id: number, code: string, change: (a: (typeof lands)[number]) => void) => {
    const a = lands[id - 1];
    if (!a) return;
    change(a);
    bad.push({ role: 'land', nameHex: a.nameHex ?? hex(a.name!), code });
  };
  const attrs = (a: (typeof lands)[number]) => (a[721] as { attributes: Record<string, unknown> }).attributes;
  badLand(landCount - 10, 'missing_size', (a) => { delete attrs(a).Size; });
  badLand(landCount - 20, 'unknown_biome', (a) => { attrs(a).Biome = 'Desert'; });
  badLand(landCount - 30, 'duplicate_coordinates', (a) => { attrs(a).Q = cells[landCount - 41]!.q; attrs(a).R = cells[landCount - 41]!.r; });
  badLand(landCount - 50, 'name_not_utf8', (a) => { a.nameHex = 'c3' + hex(`Land${landCount - 50}`); delete a.name; });
  badLand(landCount - 60, 'bad_coordinates', (a) => { attrs(a).Q = 'north'; });

  const kinds = ['Alchemist Glove', "Miner's Pickaxe", 'Dwarven Hammer', 'Crystal Lantern'];
  const tools: NonNullable<CollectionFile['tool']>['assets'] = Array.from({ length: toolCount }, (_, i) => {
    const id = i + 1;
    const holder = id <= n ? opts.holders[id - 1]! : undefined;
    if (holder) toolsOf.set(holder, [...(toolsOf.get(holder) ?? []), id]);
    return {
      name: `MiningTool${id}`,
      ...(holder ? { holder } : {}),
      721: { name: `Mining Tool #${id}`, image: `ipfs://QmTool${String(id).padStart(4, '0')}`, attributes: { Kind: kinds[id % kinds.length]!, Serial: id } },
    };
  });
  const badTool = (id: number, code: string, change: (a: (typeof tools)[number]) => void) => {
    const a = tools[id - 1];
    if (!a) return;
    change(a);
    bad.push({ role: 'tool', nameHex: hex(a.name!), code });
  };
  badTool(toolCount - 1, 'unknown_kind', (a) => { (a[721] as { attributes: Record<string, unknown> }).attributes.Kind = 'Laser Drill'; });
  badTool(toolCount - 2, 'missing_kind', (a) => { delete (a[721] as { attributes: Record<string, unknown> }).attributes.Kind; });
  return { file: { land: { assets: lands }, tool: { assets: tools } }, bad, landsOf, toolsOf };
}

/** Writes the collection file (for `blockfrost-emulator --collection`). */
export function writeTestCollection(path: string, c: TestCollection): void {
  writeFileSync(path, JSON.stringify(c.file));
}
