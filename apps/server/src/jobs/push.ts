/**
 * The `push` job (docs/architecture.md §6, push deliveries): under its lease, sends the due push deliveries the
 * `notifications_push` trigger wrote with each inbox notification (modules/push/sender.ts), and once
 * an hour deletes sent and failed deliveries older than a week.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobSpec } from '../db/leases.ts';
import { PUSH_KEEP_MS, prunePushDeliveries, sendDuePushes, type PushRunResult } from '../modules/push/sender.ts';
import { vapidKeys, type VapidKeys } from '../modules/push/vapid.ts';

/** How often a run also prunes old deliveries (ms). */
export const PUSH_PRUNE_EVERY_MS = 3_600_000;

/** Lease name of the push job. */
export const PUSH_JOB = 'push';

/** The push job of this process (none when PUSH_JOB_MS is 0); `observe` gets each run's counts (the metrics). */
export function pushJob(config: Config, db: Database, log: { info(o: object, m: string): void }, observe: (r: PushRunResult) => void = () => undefined): JobSpec | null {
  if (config.push.jobMs <= 0) return null;
  let keys: VapidKeys | null = null;
  let prunedAt = 0;
  return {
    name: PUSH_JOB, everyMs: config.push.jobMs,
    run: async (): Promise<PushRunResult> => {
      keys ??= await vapidKeys(db.orm, { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject: config.push.vapidSubject });
      const r = await sendDuePushes(db, {
        vapid: keys, timeoutMs: config.push.timeoutMs, ratePerSecond: config.push.ratePerSecond, allowLocalTest: config.push.allowLocalTestEndpoints,
      });
      observe(r);
      if (r.sent + r.retried + r.failed + r.removed > 0) log.info(r, 'push deliveries');
      if (Date.now() - prunedAt >= PUSH_PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        const pruned = await prunePushDeliveries(db, new Date(Date.now() - PUSH_KEEP_MS));
        if (pruned > 0) log.info({ pruned }, 'old push deliveries pruned');
      }
      return r;
    },
  };
}
