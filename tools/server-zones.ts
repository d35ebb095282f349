/**
 * Import zones of the server (`apps/server/src`), one way down its layers (docs/architecture.md §2):
 *
 *   entry (main.ts, server.ts, app.ts, route-modules.ts, cli.ts, cli/)
 *     → jobs/ · seed/ · observability/      (beside each other, above the modules)
 *     → modules/<area>/                      (may import other areas, never in a cycle)
 *     → http/ · world-import/
 *     → auth/ · chain/
 *     → clock.ts → db/ → config.ts, errors.ts (anyone may import these two)
 *
 * {@link SERVER_ZONES} is the table: each zone's files and the zones it may import; every other zone
 * is refused to it. `.oxlintrc.json` carries one `no-restricted-imports` override per zone, generated
 * here (oxlint 1.94 has no `import/no-restricted-paths`, and its `no-restricted-imports` matches the
 * specifier as written, so each zone lists the specifiers reaching the zones it may not import:
 * `**\/jobs/**` catches `../jobs/x.ts` and `../../jobs/x.ts`). Sibling modules import each other as
 * `../<area>/…`, which no pattern refuses: cycles between areas (and between any two folders) are
 * caught by {@link folderCycles}, which the tools test runs. The one exception, named in
 * {@link EXCEPTIONS}: the demo clock's routes run the daily tick in the request.
 *
 * `npx tsx tools/server-zones.ts --write` regenerates the overrides after changing the table; a
 * folder or root file of `apps/server/src` that no zone holds makes the generator throw, so a new
 * folder is placed in the table on purpose.
 */
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './kingdom-server.ts';
import type { Override, Pattern } from './web-zones.ts';

/** The server's sources. */
export const SERVER_SRC = join(REPO_ROOT, 'apps', 'server', 'src');

/** One zone of the server: its files (globs under `apps/server/src`), what reaches it, what it may import. */
export interface ServerZone {
  name: string;
  /** Files of the zone, relative to `apps/server/src` (`modules/**`, `clock.ts`). */
  files: string[];
  /** Specifiers (gitignore globs, as written) that reach the zone from another folder. */
  reach: string[];
  /** The zones it may import (besides itself and the base, `config.ts` and `errors.ts`). */
  mayImport: string[];
}

const ALL = ['entry', 'jobs', 'seed', 'observability', 'modules', 'http', 'world-import', 'auth', 'chain', 'clock', 'db'];

/** The server's zones, top to bottom (docs/architecture.md §2 has the same table). */
export const SERVER_ZONES: readonly ServerZone[] = [
  {
    name: 'entry', files: ['main.ts', 'server.ts', 'app.ts', 'route-modules.ts', 'cli.ts', 'cli/**'],
    reach: ['**/main.ts', '**/server.ts', '**/app.ts', '**/route-modules.ts', '**/cli.ts', '**/cli/**'],
    mayImport: ALL,
  },
  { name: 'jobs', files: ['jobs/**'], reach: ['**/jobs/**'], mayImport: ['modules', 'world-import', 'auth', 'chain', 'clock', 'db'] },
  { name: 'seed', files: ['seed/**'], reach: ['**/seed/**'], mayImport: ['modules', 'world-import', 'auth', 'chain', 'clock', 'db'] },
  { name: 'observability', files: ['observability/**'], reach: ['**/observability/**'], mayImport: ['http', 'auth', 'chain', 'clock', 'db'] },
  { name: 'modules', files: ['modules/**'], reach: ['**/modules/**'], mayImport: ['modules', 'http', 'world-import', 'auth', 'chain', 'clock', 'db'] },
  { name: 'http', files: ['http/**'], reach: ['**/http/**'], mayImport: ['auth', 'clock', 'db'] },
  { name: 'world-import', files: ['world-import/**'], reach: ['**/world-import/**'], mayImport: ['chain', 'clock', 'db'] },
  { name: 'auth', files: ['auth/**'], reach: ['**/auth/**'], mayImport: ['clock', 'db'] },
  { name: 'chain', files: ['chain/**'], reach: ['**/chain/**'], mayImport: ['clock', 'db'] },
  { name: 'clock', files: ['clock.ts'], reach: ['**/clock.ts'], mayImport: ['db'] },
  { name: 'db', files: ['db/**'], reach: ['**/db/**'], mayImport: [] },
  { name: 'base', files: ['config.ts', 'errors.ts'], reach: [], mayImport: [] },
];

/** Files allowed one more zone than their own, and why (docs/architecture.md §2). */
export const EXCEPTIONS: ReadonlyArray<{ file: string; zone: string; mayAlsoImport: string; why: string }> = [
  {
    file: 'modules/demo/routes.ts', zone: 'modules', mayAlsoImport: 'jobs',
    why: 'the demo clock\'s "tick now" settles the due days in the request and then kicks the jobs that follow a tick',
  },
];

/** What the server never imports, whatever the zone. */
const SERVER_WIDE: Pattern = {
  group: ['@kingdom/web', '**/apps/web/**', 'react', 'react-*'],
  message: 'The server never imports the web app (docs/architecture.md §2).',
};

/** The patterns refusing to `zone` every zone it may not import (plus `extra` allowed). */
function refusals(zone: ServerZone, extra: string[] = []): Pattern[] {
  const may = new Set([zone.name, ...zone.mayImport, ...extra]);
  const out: Pattern[] = [SERVER_WIDE];
  for (const target of SERVER_ZONES) {
    if (may.has(target.name) || target.reach.length === 0) continue;
    out.push({
      group: target.reach,
      message: `${zone.name} may not import ${target.name}: server imports go one way, down the layers of docs/architecture.md §2 (${zone.name} may import ${zone.mayImport.filter((z) => z !== zone.name).join(', ') || 'only config.ts and errors.ts'}); move the shared piece down, or pass it in from above.`,
    });
  }
  return out;
}

const at = (glob: string) => `apps/server/src/${glob}`;

/** Every zone's override (zones with something to refuse), then the exceptions. */
export function serverZoneOverrides(): Override[] {
  const zones = SERVER_ZONES.filter((z) => refusals(z).length > 1).map((z): Override => ({
    files: z.files.map(at),
    rules: { 'no-restricted-imports': ['error', { patterns: refusals(z) }] },
  }));
  const exceptions = EXCEPTIONS.map((e): Override => {
    const zone = SERVER_ZONES.find((z) => z.name === e.zone)!;
    return { files: [at(e.file)], rules: { 'no-restricted-imports': ['error', { patterns: refusals(zone, [e.mayAlsoImport]) }] } };
  });
  return [...zones, ...exceptions];
}

/** The zone holding `file` (relative to `apps/server/src`), or null. */
export function zoneOf(file: string): ServerZone | null {
  const hit = (glob: string) => (glob.endsWith('/**') ? file.startsWith(glob.slice(0, -2)) : file === glob);
  return SERVER_ZONES.find((z) => z.files.some(hit)) ?? null;
}

/** The zone of a folder as {@link folderOf} names it (`modules/lands`, `chain`, `clock` for `clock.ts`), or null. */
export function zoneOfFolder(folder: string): ServerZone | null {
  return folder.includes('/') ? zoneOf(`${folder}/x.ts`) : zoneOf(`${folder}.ts`) ?? zoneOf(`${folder}/x.ts`);
}

/** Folders and root files of `apps/server/src` that no zone holds (a new one must be placed in the table). */
export function unzoned(src = SERVER_SRC): string[] {
  return readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() || /\.tsx?$/.test(e.name))
    .map((e) => (e.isDirectory() ? `${e.name}/x.ts` : e.name))
    .filter((f) => zoneOf(f) === null)
    .map((f) => f.replace(/\/x\.ts$/, '/'));
}

/** Oxlint's configuration (the parts read here). */
interface Rc {
  overrides: Override[];
}

/** True for an override this module generates: only `no-restricted-imports`, on files under `apps/server/src/`. */
function generated(o: Override): boolean {
  return o.files.every((f) => f.startsWith('apps/server/src/')) && Object.keys(o.rules).join() === 'no-restricted-imports';
}

/**
 * `rc` with its server zone overrides replaced by freshly generated ones, where the old ones were (or
 * before the web app's generated zones, which `tools/web-zones.ts` keeps last).
 * @throws Error when a folder or root file of `apps/server/src` is in no zone
 */
export function withServerZoneOverrides<T extends Rc>(rc: T, src = SERVER_SRC): T {
  const loose = unzoned(src);
  if (loose.length > 0) throw new Error(`apps/server/src: ${loose.join(', ')} in no zone: add it to SERVER_ZONES (tools/server-zones.ts) and docs/architecture.md §2`);
  const kept = rc.overrides.filter((o) => !generated(o));
  const old = rc.overrides.findIndex(generated);
  const webZone = (o: Override) => o.files.every((f) => f.startsWith('apps/web/src/')) && Object.keys(o.rules).join() === 'no-restricted-imports';
  const pos = old !== -1 ? rc.overrides.slice(0, old).filter((o) => !generated(o)).length
    : kept.findIndex(webZone) !== -1 ? kept.findIndex(webZone) : kept.length;
  return { ...rc, overrides: [...kept.slice(0, pos), ...serverZoneOverrides(), ...kept.slice(pos)] };
}

/** Every `.ts` file under `dir`. */
function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The folder a server file belongs to for the cycle check: `modules/<area>`, a top folder, or a root file's name. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

/** Relative imports between server folders (`from → to`, with the files that make each edge). */
export function folderEdges(src = SERVER_SRC): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const spec = /(?:^|\n)\s*(?:import|export)\s[^'"]*?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const file of walk(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(spec)) {
      let target = resolve(dirname(file), m[1] ?? m[2]!);
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.ts');
      if (!target.startsWith(src)) continue;
      const a = folderOf(relative(src, file));
      const b = folderOf(relative(src, target));
      if (a === b) continue;
      const key = `${a} → ${b}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(src, file)} imports ${relative(src, target)}`]);
    }
  }
  return edges;
}

/** Cycles between server folders (strongly connected groups of two or more), each sorted; none is the rule. */
export function folderCycles(edges = folderEdges()): string[][] {
  const graph = new Map<string, string[]>();
  for (const key of edges.keys()) {
    const [a, b] = key.split(' → ') as [string, string];
    graph.set(a, [...(graph.get(a) ?? []), b]);
    if (!graph.has(b)) graph.set(b, []);
  }
  // Tarjan's strongly connected components
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const RC = join(REPO_ROOT, '.oxlintrc.json');

if (process.argv[1]?.endsWith('server-zones.ts') && process.argv.includes('--write')) {
  const rc = JSON.parse(readFileSync(RC, 'utf8')) as Rc;
  writeFileSync(RC, `${JSON.stringify(withServerZoneOverrides(rc), null, 2)}\n`);
  console.log(`wrote the server's zone overrides (${serverZoneOverrides().length}) to .oxlintrc.json`);
}
