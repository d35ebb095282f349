/**
 * What the `kingdom` commands share: the running server's API (PGlite allows one process per data
 * folder, so a command goes through the server when one answers on `PORT`), demo-mode config, and
 * argument checks.
 */
import { PATHS, API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@kingdom/api';
import { fromBaseUnits } from '@kingdom/game';
import { environment, loadConfig } from '../config.ts';

/** A command's error for the operator: printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Where a command prints its lines (stdout in the CLI; tests collect them). */
export type Print = (line: string) => void;

/** POSTs to the running server's API; null when no server answers on the port. */
export async function viaServer<T>(port: number, path: string, body: Record<string, unknown>): Promise<T | null> {
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  let csrf: Response;
  try {
    csrf = await fetch(base + PATHS.csrfCookie);
  } catch {
    return null; // no server running
  }
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) return null;
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${cookie}`, [XSRF_HEADER]: cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(json.message ?? `server answered ${res.status}`);
  return json;
}

/** The configuration from the environment. @throws Error outside demo mode */
export function demoConfig() {
  const config = loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
  if (!config.demo) throw new Error('this command works in demo mode only (DEMO=true)');
  return config;
}

/** The configuration from the environment (any mode), logs silenced. */
export function anyConfig() {
  return loadConfig({ ...environment(), LOG_LEVEL: 'silent' });
}

/** A whole number argument (`0` when absent). @throws Error naming the option otherwise */
export const whole = (v: string | undefined, name: string) => {
  if (v === undefined) return '0';
  if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
  return v;
};

/** Base units (6 decimals) as whole tokens. */
export const fmt = (v: bigint): string => fromBaseUnits(v, 'exo');
