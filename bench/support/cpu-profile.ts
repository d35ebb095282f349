/**
 * Where the server's CPU goes (issue 41 item 1): reads V8 `.cpuprofile` files written by the compiled
 * server (`node --cpu-prof`) and splits their sampled CPU time into phases by the source module of
 * the innermost frame that names one. The compiled server is one esbuild bundle whose modules start
 * with a `// <path>` line; a frame's line number finds its module.
 *
 * Phases: `sql` (pg, drizzle, apps/server/src/db and the socket writes under them), `auth` (session
 * and sign-in code, signature verification), `validation` (zod), `json` (JSON and Fastify's
 * serializer), `logging` (pino), `metrics` (prom-client), `http` (Node's HTTP and Fastify), `routes` (the game's modules and
 * services), `jobs` (background jobs), `gc`, `startup` (module loading), `other`. The socket writes (`writev`, `writeBuffer`: where the
 * kernel's send path is sampled) of `sql` and `http` are apart: `sql_socket_writes`, `http_socket_writes`.
 * Times in ms.
 */
import { readFileSync } from 'node:fs';

/** One phase's CPU time (ms) and share (0..1) of all sampled CPU. */
export interface PhaseRow {
  phase: string;
  cpu_ms: number;
  share: number;
}

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Module start lines of a bundle (`// <path>` comments), sorted by line (0-based, as V8's lineNumber). */
export function bundleModules(bundleFile: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  const lines = readFileSync(bundleFile, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ ((?:node_modules|apps|packages)\/\S+\.(?:js|ts|mjs|cjs|json))$/.exec(lines[i]!);
    if (m) out.push({ line: i, path: m[1]! });
  }
  return out;
}

function moduleAt(mods: Array<{ line: number; path: string }>, line: number): string | undefined {
  let lo = 0;
  let hi = mods.length - 1;
  let found: string | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (mods[mid]!.line <= line) {
      found = mods[mid]!.path;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The phase a source path belongs to, or undefined when it says nothing (e.g. a shared helper). */
function phaseOfPath(path: string): string | undefined {
  if (/node_modules\/(pg|pg-[a-z-]+|postgres-[a-z]+|drizzle-orm)\//.test(path) || path.startsWith('apps/server/src/db/')) return 'sql';
  if (path.includes('node_modules/zod/')) return 'validation';
  if (/node_modules\/(pino|pino-[a-z-]+|sonic-boom|thread-stream)\//.test(path) || path.includes('/observability/log')) return 'logging';
  if (/node_modules\/(fast-json-stringify|secure-json-parse|@fastify\/fast-json-stringify-compiler)\//.test(path)) return 'json';
  if (/node_modules\/@noble\/|node_modules\/@scure\/|node_modules\/@emurgo\/|node_modules\/tweetnacl\//.test(path) || path.startsWith('apps/server/src/auth/')) return 'auth';
  if (path.startsWith('apps/server/src/jobs/') || path.startsWith('apps/server/src/chain/')) return 'jobs';
  if (path.startsWith('apps/server/src/modules/') || path.startsWith('packages/game/')) return 'routes';
  if (/node_modules\/(fastify|@fastify\/[a-z-]+|find-my-way|light-my-request|avvio|fastq)\//.test(path) || path.startsWith('apps/server/src/http/')) return 'http';
  if (path.includes('node_modules/prom-client/') || path.startsWith('apps/server/src/observability/')) return 'metrics';
  return undefined;
}

function phaseOfFrame(f: Frame, mods: Array<{ line: number; path: string }>, bundleName: string): string | undefined {
  if (f.functionName === '(garbage collector)') return 'gc';
  if (f.functionName === 'JSON.stringify' || f.functionName === 'stringify' && f.url === '' || f.functionName === 'parse' && f.url === '') return 'json';
  if (f.url.endsWith(bundleName)) {
    const path = moduleAt(mods, f.lineNumber);
    return path ? phaseOfPath(path) : undefined;
  }
  if (f.url.startsWith('node:internal/modules') || f.functionName === 'compileSourceTextModule' || f.url.includes('cjs-module-lexer')) return 'startup';
  if (/^node:(_http_|http)/.test(f.url)) return 'http';
  return undefined;
}

/**
 * CPU time by phase over `profileFiles` (the servers' profiles), the bundle being `bundleFile`
 * (apps/server/dist/chunk-*.js). Idle and `(program)` samples are left out.
 */
export function cpuByPhase(profileFiles: string[], bundleFile: string): PhaseRow[] {
  const mods = bundleModules(bundleFile);
  const bundleName = bundleFile.split('/').pop()!;
  const totals = new Map<string, number>();
  let all = 0;
  for (const file of profileFiles) {
    const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const selfUs = new Map<number, number>();
    for (let i = 0; i < p.samples.length; i++) selfUs.set(p.samples[i]!, (selfUs.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
    const phaseCache = new Map<number, string>();
    const phaseOf = (id: number): string => {
      const cached = phaseCache.get(id);
      if (cached) return cached;
      let cur: number | undefined = id;
      let phase = 'other';
      while (cur !== undefined) {
        const found = phaseOfFrame(byId.get(cur)!.callFrame, mods, bundleName);
        if (found) {
          phase = found;
          break;
        }
        cur = parent.get(cur);
      }
      phaseCache.set(id, phase);
      return phase;
    };
    for (const [id, us] of selfUs) {
      const name = byId.get(id)!.callFrame.functionName;
      if (name === '(idle)' || name === '(program)' || name === '(root)') continue;
      let phase = phaseOf(id);
      // the kernel's work of a socket write is sampled in writev/writeBuffer: told apart from the driver's JS
      if ((name === 'writev' || name === 'writeBuffer') && (phase === 'sql' || phase === 'http')) phase = `${phase}_socket_writes`;
      totals.set(phase, (totals.get(phase) ?? 0) + us);
      all += us;
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([phase, us]) => ({ phase, cpu_ms: Math.round(us / 1000), share: Math.round((us / Math.max(1, all)) * 1000) / 1000 }));
}
