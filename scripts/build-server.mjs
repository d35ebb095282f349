// Compiles the server (apps/server/src/main.ts and cli.ts) to JavaScript in apps/server/dist/, so
// production runs `node apps/server/dist/main.js` with no TypeScript loader (tsx) at run time.
//
// One esbuild bundle (two entries sharing a chunk) holding our code, our workspace packages
// (@kingdom/game, @kingdom/api, @kingdom/chain-providers, @kingdom/emulators — the demo's and the
// tests' chains: TypeScript sources imported with `.ts` extensions) and the pure
// JavaScript of our dependencies: Node then loads a few files instead of ~6,000 (Lucid Evolution
// alone pulls in effect, fast-check, @cardano-sdk…), which took 2–2.7 s of a 4–5 s start on this
// machine; the bundle loads in ~0.9 s. Packages that carry WASM or native code, read files beside
// themselves at run time, or start worker threads by file name stay imports of node_modules
// (EXTERNAL below). Files the server reads at run time beside its code (the SQL migrations) are
// copied next to the bundle, where `new URL('./migrations', import.meta.url)` finds them.
// It also makes an empty embedded database of the release (dist/pglite-template: PGlite's initdb and
// every migration) that a first start on an empty DATA_DIR copies in (apps/server/src/db/client.ts).
// Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them back to the
// sources (linked .map files; it adds ~0.5 s to start, so it is not the default).
//
// Usage: node scripts/build-server.mjs [--if-needed] [--quiet]
//   --if-needed  build only when dist/ is missing or older than a source (the server, the workspace
//                packages, this script, the lockfile); `npm start` and `npm run kingdom` use it.
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(root, 'apps/server');
const outDir = join(serverDir, 'dist');
const stamp = join(outDir, 'main.js');
const args = new Set(process.argv.slice(2));
const log = args.has('--quiet') ? () => {} : (m) => console.error(m);

/** Newest modification time (ms) of the files under `dir` (0 when missing). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  newest(join(serverDir, 'src')), newest(join(serverDir, 'package.json')),
  // every workspace package (game, api, chain-providers, emulators): the bundle holds their sources
  ...readdirSync(join(root, 'packages')).map((p) => Math.max(newest(join(root, 'packages', p, 'src')), newest(join(root, 'packages', p, 'package.json')))),
  newest(fileURLToPath(import.meta.url)), newest(join(root, 'package-lock.json')),
);
if (args.has('--if-needed') && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) {
  log('server is up to date (apps/server/dist)');
  process.exit(0);
}

log('building the server (apps/server/dist) …');
const started = Date.now();
const { build } = await import('esbuild');
// Built beside, then swapped in: a server running from dist/ (or a concurrent build) never sees a
// half-written folder.
const tmpDir = `${outDir}.tmp-${process.pid}`;
rmSync(tmpDir, { recursive: true, force: true });

/** Packages left in node_modules: WASM/native payloads, files read beside the package, worker threads. */
const EXTERNAL = [
  /^@electric-sql\/pglite(\/|$)/, /^@anastasia-labs\//, /^@emurgo\//, /^@lucid-evolution\/(core-utils|uplc)(\/|$)/,
  /^(bufferutil|utf-8-validate|cbor-extract|pg-native)(\/|$)/, /^(pino|thread-stream)(\/|$)/, /^@fastify\/swagger(\/|$)/,
  // the local Solana cluster's SVM: a native .node binary per platform (litesvm-linux-x64-gnu, …)
  /^litesvm(-[\w-]+)?(\/|$)/,
];
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => (EXTERNAL.some((r) => r.test(a.path)) ? { path: a.path, external: true } : undefined));
  },
};

await build({
  entryPoints: { main: join(serverDir, 'src/main.ts'), cli: join(serverDir, 'src/cli.ts') },
  outdir: tmpDir,
  bundle: true,
  // main and cli share chunks of the app instead of two copies. Chunks sit beside the entries (not in
  // a subfolder): `import.meta.url` in shared code (migrations, the web app's folder) must name dist/.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  // Bundled CommonJS calls require() for Node's built-ins and the external packages.
  banner: { js: "import { createRequire as __kingdomRequire } from 'node:module'; const require = __kingdomRequire(import.meta.url);" },
  chunkNames: '[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(join(serverDir, 'src/db/migrations'), join(tmpDir, 'migrations'), { recursive: true });
// An empty embedded database of this release: PGlite's initdb and every migration, done once here.
// A first start on an empty DATA_DIR copies it in and opens it (apps/server/src/db/client.ts) instead
// of running initdb (WASM) and the migrations again: most of that start's time on this machine.
{
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = new PGlite(join(tmpDir, 'pglite-template'));
  await migrate(drizzle(db), { migrationsFolder: join(tmpDir, 'migrations') });
  await db.close();
}
// The release a process registers as (apps/server/src/db/processes.ts): the server's version + git sha.
{
  const { version } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const sha = git.status === 0 ? git.stdout.trim() : '';
  writeFileSync(join(tmpDir, 'release.json'), `${JSON.stringify({ release: `${version}+${sha || 'unknown'}` })}\n`);
}
const oldDir = `${outDir}.old-${process.pid}`;
try {
  if (existsSync(outDir)) renameSync(outDir, oldDir);
} catch {
  // a concurrent build moved it first
}
try {
  renameSync(tmpDir, outDir);
} catch (err) {
  // a concurrent build put its own (equivalent) bundle in place first: keep that one
  if (!existsSync(stamp)) throw err;
  rmSync(tmpDir, { recursive: true, force: true });
}
rmSync(oldDir, { recursive: true, force: true });
log(`built apps/server/dist in ${Date.now() - started} ms`);
