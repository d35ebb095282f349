/**
 * Size of the JavaScript a page of the built web app loads before any click: the scripts and
 * module preloads `index.html` names (the SPA serves the same `index.html` for `/login`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Attribute map of one HTML start tag's source, e.g. `<script type="module" src="/a.js">`. */
function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (let m = re.exec(body); m !== null; m = re.exec(body)) {
    const name = m[1];
    if (name) attrs.set(name.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * Local JS files `html` loads up front: `<script src>` (classic or module) and
 * `<link rel="modulepreload" href>`; absolute URLs to other hosts are ignored. Order kept, deduped.
 */
export function initialScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const kind = m[1]?.toLowerCase();
    let ref: string | undefined;
    if (kind === 'script') ref = attrs.get('src');
    else if ((attrs.get('rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) ref = attrs.get('href');
    if (!ref || /^[a-z]+:\/\//i.test(ref) || ref.startsWith('//')) continue;
    const path = ref.split(/[?#]/)[0] ?? ref;
    if (!found.includes(path)) found.push(path);
  }
  return found;
}

/** One counted file. */
export interface ScriptSize {
  path: string;
  bytes: number;
  gzip_bytes: number;
}

/**
 * Gzip (level 9) sizes of the JS that `dist/index.html` loads before any click.
 * @param distDir the built web app, e.g. `apps/web/dist`
 */
export function loginInitialJs(distDir: string): { files: ScriptSize[]; gzip_kb: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = initialScripts(html).map((ref) => {
    const file = join(distDir, ref.replace(/^\.?\//, ''));
    if (!statSync(file).isFile()) throw new Error(`${ref} named by index.html is not in ${distDir}`);
    const source = readFileSync(file);
    return { path: ref, bytes: source.length, gzip_bytes: gzipSync(source, { level: 9 }).length };
  });
  const total = files.reduce((sum, f) => sum + f.gzip_bytes, 0);
  return { files, gzip_kb: Math.round((total / 1024) * 10) / 10 };
}

/**
 * The JS a real browser fetches for `/login` before any click (entry, preloads and the route's
 * lazily loaded chunks), measured in headless Chromium against a running server that serves the
 * built app from `distDir`; gzip (level 9) sizes are computed from the files in `distDir`.
 * @returns null when Chromium is not installed.
 */
export async function loginRuntimeJs(
  baseUrl: string,
  distDir: string,
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<{ files: ScriptSize[]; gzip_kb: number } | null> {
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const origin = new URL(baseUrl).origin;
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === origin && !scripts.includes(url.pathname)) scripts.push(url.pathname);
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const files = scripts.map((path) => {
      const source = readFileSync(join(distDir, path.replace(/^\//, '')));
      return { path, bytes: source.length, gzip_bytes: gzipSync(source, { level: 9 }).length };
    });
    const total = files.reduce((sum, f) => sum + f.gzip_bytes, 0);
    return { files, gzip_kb: Math.round((total / 1024) * 10) / 10 };
  } finally {
    await browser.close();
  }
}
