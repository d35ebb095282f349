/**
 * A push sender in a process of its own (push-crash.test.ts): runs the push job's sender once over
 * DATABASE_URL (batches of PUSH_BATCH, one lane) to the local stand-in, so the test can kill it with
 * SIGKILL in the middle of a batch.
 */
import { openDatabase } from '../../src/db/client.ts';
import { sendDuePushes } from '../../src/modules/push/sender.ts';
import { vapidKeys } from '../../src/modules/push/vapid.ts';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
const vapid = await vapidKeys(db.orm, { subject: 'mailto:push@test.invalid' });
process.stdout.write('sending\n');
await sendDuePushes(db, { vapid, timeoutMs: 120_000, ratePerSecond: 100_000, allowLocalTest: true, runMs: 120_000, batch: Number(process.env.PUSH_BATCH ?? 10), lanes: 1 });
process.stdout.write('done\n');
await db.close();
