/**
 * A process that makes one operator adjustment (`modules/console/service.ts`, `adjust`: its audit row
 * and its ledger entry in one transaction) and nothing else, for the console's crash test
 * (`tools/console-crash.test.ts`): the test holds the balances table so that this process stops
 * inside the transaction after both writes, then kills it with SIGKILL.
 *
 *   tsx tools/console-crash.ts --url postgres://… --user 1 --amount 25000000
 *
 * Prints `ready` once the database is open, then one JSON line with the adjustment's result.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { adjust } from '../apps/server/src/modules/console/service.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, user: { type: 'string' }, amount: { type: 'string' } } });
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '' });
try {
  console.log('ready');
  const r = await adjust(db, { chain: 'cli', address: 'crash-test', role: 'admin' }, {
    userId: Number(values.user), token: 'exo', amount: BigInt(values.amount!), reason: 'crash test', limit: 10n ** 30n, now: new Date(),
  });
  console.log(JSON.stringify(r));
} finally {
  await db.close();
}
