/**
 * The chain provider at start (docs/operator-guide.md §7.3): on a real network a server asks
 * Blockfrost for the tip until it answers once. Until then readiness answers 503 with the reason
 * (`Lifecycle.waitingFor`) and the log says, in one line, what does not answer and when it is asked
 * again; the process never dies of it (the jobs that need the provider retry on their own runs).
 * Later outages leave readiness alone: the game serves without the provider, and the jobs report them.
 */
import type { CardanoLedger } from '@kingdom/chain-providers';
import type { Lifecycle } from './health.ts';

/** Longest wait between two asks (ms). */
export const PROVIDER_CHECK_MAX_WAIT_MS = 30_000;

/** The log lines of the check. */
export interface ProviderCheckLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A running check; `stop` ends it (shutdown). */
export interface ProviderCheck {
  /** Resolves when the provider has answered once, or the check was stopped. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Asks `ledger.tip()` now, then after 1 s, 2 s, 4 s… (at most {@link PROVIDER_CHECK_MAX_WAIT_MS})
 * until it answers; `lifecycle.waitingFor` holds the reason meanwhile. Logs a warning at the first
 * failure and whenever the reason changes, and one info line when the provider answers.
 */
export function startProviderCheck(ledger: Pick<CardanoLedger, 'tip' | 'network'>, name: string, lifecycle: Lifecycle, log: ProviderCheckLog,
  opts: { firstWaitMs?: number } = {}): ProviderCheck {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  lifecycle.waitingFor = `${name} not asked yet`;
  const done = (async () => {
    let wait = opts.firstWaitMs ?? 1_000;
    let lastReason: string | null = null;
    while (!stopped) {
      try {
        const tip = await ledger.tip();
        lifecycle.waitingFor = null;
        log.info({ network: ledger.network, tip: tip.height }, `${name} answers (${ledger.network}, tip ${tip.height})`);
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        lifecycle.waitingFor = `${name}: ${reason}`;
        if (reason !== lastReason) log.warn({ network: ledger.network, retryInMs: wait }, `${name} is not reachable at start: ${reason}; not ready, asking again every ${Math.round(PROVIDER_CHECK_MAX_WAIT_MS / 1000)} s at most`);
        lastReason = reason;
      }
      await new Promise<void>((resolve) => { wake = resolve; timer = setTimeout(resolve, wait); });
      wait = Math.min(PROVIDER_CHECK_MAX_WAIT_MS, wait * 2);
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
    },
  };
}
