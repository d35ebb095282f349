/**
 * Debian's Chromium for the e2e tests and the bench, installed the way the server suite installs
 * PostgreSQL (tools/pg-cluster.ts): when `/usr/bin/chromium` (or `CHROMIUM_PATH`) is missing and
 * we are root, `apt-get install chromium`; otherwise a clear message of what to run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the tests look for Chromium: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Makes sure Chromium is installed; installs Debian's `chromium` (and a font) with apt-get when it
 * is missing and this process is root.
 * @returns the executable's path
 * @throws Error with the command to run when Chromium is missing and we are not root (or
 *   `CHROMIUM_PATH` names a missing file)
 */
export function ensureChromium(log: (line: string) => void = () => {}): string {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${path} does not exist`);
  if (!isRoot()) {
    throw new Error('Chromium is missing for the e2e tests and we are not root: run `sudo apt-get install -y chromium fonts-liberation` (or set CHROMIUM_PATH).');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('chromium: installing Debian chromium (apt-get update && apt-get install -y chromium fonts-liberation)');
  execFileSync('apt-get', ['update'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing`);
  return path;
}
