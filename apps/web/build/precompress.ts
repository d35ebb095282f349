/**
 * A Vite build step: writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside
 * every built text asset of at least {@link MIN_BYTES}, for the server's `@fastify/static`
 * `preCompressed` to serve (docs/product.md §10: `/login` sent 406 KB uncompressed). Done once at build time,
 * so the strongest settings cost nothing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller files are sent as they are (a compressed copy would save less than its headers cost). */
export const MIN_BYTES = 1024;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/i;

/** Every file under `dir` (recursive). */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Writes the .br and .gz copies of the compressible files under `dir`; a copy is kept only when it
 * is smaller than the original.
 * @returns how many files got copies
 */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kingdom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
