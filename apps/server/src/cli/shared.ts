/**
 * What the `kingdom` commands share: the running server's API (PGlite allows one process per data
 * folder, so a command goes through the server when one answers on `PORT`), demo-mode config, and
 * argument checks.
 */
import { ApiCallError, ENDPOINTS, createClient, type CallInput, type CallOutput, type EndpointName } from '@kingdom/api';
import { fromBaseUnits } from '@kingdom/game';
import { environment, loadConfig } from '../config.ts';

/** A command's error for the operator: printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Where a command prints its lines (stdout in the CLI; tests collect them). */
export type Print = (line: string) => void;

/**
 * Calls endpoint `name` on the running server's API (`http://127.0.0.1:<port>`) through the
 * contract's typed client (CSRF cookie and header handled there); null when no server answers on
 * the port (or it sets no CSRF cookie).
 * @throws Error with the server's message for an answer outside 2xx
 */
export async function viaServer<N extends EndpointName>(port: number, name: N, input: CallInput<N>): Promise<CallOutput<N> | null> {
  const api = createClient({ routes: ENDPOINTS, baseUrl: `http://127.0.0.1:${port}` });
  try {
    await api.csrf();
  } catch {
    return null; // no server running
  }
  try {
    return await api.call(name, input);
  } catch (e) {
    if (!(e instanceof ApiCallError)) throw e;
    const message = (e.body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `server answered ${e.status}`);
  }
}

/** True when a Kingdom server answers `healthLive` on `port` within 2 s (PGlite: its folder is in use). */
export function serverAnswers(port: number, fetchFn: typeof fetch = fetch): Promise<boolean> {
  const api = createClient({ routes: ENDPOINTS, baseUrl: `http://127.0.0.1:${port}`, fetch: fetchFn, csrf: 'none', timeoutMs: 2_000 });
  return api.send('healthLive').then((r) => r.ok, () => false);
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
