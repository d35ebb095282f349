/**
 * A process that settles the game days due at `--now` (UTC) and nothing else, for the crash test of
 * the daily tick (`tools/tick-crash.test.ts`): the test kills it with SIGKILL at random points and
 * starts it again.
 *
 *   tsx tools/tick-crash.ts --url postgres://… --now 2026-02-04T00:00:01Z [--batch 10]
 *
 * Prints `ready` once the database is open, `step <name>` after each committed step of the tick
 * (`staged`, `salaries`, `credits`), then one JSON line `{"settled": [days]}`.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { settleDueDays } from '../apps/server/src/jobs/settlement/index.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, now: { type: 'string' }, batch: { type: 'string' } } });
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '' });
try {
  console.log('ready');
  const r = await settleDueDays(db, new Date(values.now!), {
    batchUsers: Number(values.batch ?? 10),
    onStep: (s) => { console.log(`step ${s}`); },
  });
  console.log(JSON.stringify({ settled: r.map((d) => d.day) }));
} finally {
  await db.close();
}
