/**
 * A Vite build step writing `sw.js` (build/sw-template.js) for this release: its VERSION (a hash of
 * the shell's file names, so each release is a new worker and the page can offer the update)
 * and SHELL (the JS and CSS the built index.html loads, cached at install). docs/product.md §10, "Installable app".
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The service worker's source for a release with `shell` files (absolute paths). */
export function serviceWorkerSource(shell: string[]): string {
  const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
  return readFileSync(new URL('./sw-template.js', import.meta.url), 'utf8')
    .replace("'__VERSION__'", JSON.stringify(version))
    .replace('__SHELL__', JSON.stringify(shell));
}

/** The files the built `index.html` loads before the first render (scripts, preloads, styles). */
export function shellOf(indexHtml: string): string[] {
  return [...new Set([...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))].sort();
}

/** Writes `sw.js` beside the built index.html (after the bundle is written: the page's final file names). */
export function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kingdom-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const shell = shellOf(readFileSync(join(outDir, 'index.html'), 'utf8'));
      writeFileSync(join(outDir, 'sw.js'), serviceWorkerSource(shell));
    },
  };
}
