/**
 * Where a settlement's time goes: generates a world (as `bench/settlement.ts`) and settles a few
 * consecutive days (each after the first with a day's trade of worker NFTs), printing the seconds each step took. A tool for tuning the tick, not a goal.
 *
 *   tsx bench/profile-settlement.ts --url postgres://… [--lands 200000] [--days 2] [--existing]
 *
 * `--existing` settles a world generated before (e.g. a copy: `CREATE DATABASE x TEMPLATE world`),
 * `--days 0` only generates one.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { settleDay } from '../apps/server/src/jobs/settlement.ts';
import { generateWorld, sellWorkerNfts } from './settlement.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, lands: { type: 'string' }, days: { type: 'string' }, existing: { type: 'boolean' } } });
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '' });
try {
  if (!values.existing) await generateWorld(db, Number(values.lands ?? 200_000));
  for (let d = 1; d <= Number(values.days ?? 2); d++) {
    const day = `2026-02-0${d}`;
    // a day's trade before every day but the world's first (as the bench's steady day)
    if (day !== '2026-02-01') await sellWorkerNfts(db, Number(values.lands ?? 200_000), d);
    let t = process.hrtime.bigint();
    const steps: Record<string, number> = {};
    await settleDay(db, day, {
      onStep: (s) => {
        const now = process.hrtime.bigint();
        steps[s] = (steps[s] ?? 0) + Number(now - t) / 1e9;
        t = now;
      },
    });
    console.log(day, JSON.stringify(steps));
  }
} finally {
  await db.close();
}
