/**
 * The `/login` JavaScript part of `npm run bench`: the gzip size of the JS the page loads before any
 * click, as `index.html` names it and as headless Chromium fetches it (bench/web-size.ts measures);
 * the report's `web` entry (its size keys) and its lines of the table.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../tools/kingdom-server.ts';
import { GOALS, WEB_DIST, log, mark } from './common.ts';
import { loginInitialJs, loginRuntimeJs } from './web-size.ts';

/** The scripts `index.html` names, or why they were not measured. */
export type HtmlJs = ReturnType<typeof loginInitialJs> | { error: string };
/** What Chromium fetched for `/login` (null: Chromium missing), or why it was not measured. */
export type RuntimeJs = Awaited<ReturnType<typeof loginRuntimeJs>> | { error: string };

/** The report's `web` entry. */
export interface WebEntry {
  login_initial_js_gzip_kb: number | null;
  login_html_js_gzip_kb?: number | null;
  [detail: string]: unknown;
}

/** Builds the web app when `apps/web/dist/index.html` is missing, then sizes its initial JS. */
export function benchWeb(): ReturnType<typeof loginInitialJs> {
  const dist = WEB_DIST;
  if (!existsSync(join(dist, 'index.html'))) {
    log('building the web app (npm run build -w @kingdom/web)');
    const build = spawnSync('npm', ['run', 'build', '-w', '@kingdom/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) throw new Error(`web build failed (exit ${String(build.status)})`);
  }
  return loginInitialJs(dist);
}

/** The report's `web` entry from the two measurements. */
export function webEntry(web: HtmlJs, measured: RuntimeJs): WebEntry {
  if ('error' in web) return { login_initial_js_gzip_kb: null, error: web.error };
  return {
    // what Chromium actually fetches for /login before any click (the goal's figure)
    login_initial_js_gzip_kb: measured && !('error' in measured) ? measured.gzip_kb : null,
    login_initial_js_files: measured && !('error' in measured) ? measured.files : measured,
    // only the scripts index.html names (its lazily loaded route chunks excluded)
    login_html_js_gzip_kb: web.gzip_kb,
    login_html_js_files: web.files,
  };
}

/** Measures the JS Chromium fetches for `/login` on the server at `serverUrl`. */
export async function measureRuntime(serverUrl: string, web: HtmlJs): Promise<RuntimeJs> {
  if ('error' in web) return null;
  try {
    const runtime = await loginRuntimeJs(serverUrl, WEB_DIST);
    if (runtime) log(`web: Chromium fetched ${runtime.gzip_kb} KB gzip of JS for /login in ${runtime.files.length} files`);
    return runtime;
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`web: runtime measurement failed: ${failed.error}`);
    return failed;
  }
}

/** Sizes the index.html part of the web app's initial JS (building the app when it is missing). */
export function measureHtml(): HtmlJs {
  try {
    const web = benchWeb();
    log(`web: ${web.gzip_kb} KB gzip in ${web.files.length} files`);
    return web;
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`web: not measured: ${failed.error}`);
    return failed;
  }
}

/** The table's lines about the web app's initial JS. */
export function webLines(web: WebEntry): string[] {
  const kb = web.login_initial_js_gzip_kb;
  const lines = [`login initial JS (gzip)                 = ${kb ?? 'not measured'} KB   goal ≤ ${GOALS.login_initial_js_gzip_kb} KB  ${mark(kb !== null && kb <= GOALS.login_initial_js_gzip_kb)}`];
  if (web.login_html_js_gzip_kb != null) {
    lines.push(`  of which the scripts index.html names = ${String(web.login_html_js_gzip_kb)} KB (the rest: route chunks loaded at once)`);
  }
  return lines;
}
