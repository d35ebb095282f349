/** `tick [--days N]` (demo mode): advances the game clock N days (default 1) and settles them. */
import { parseArgs } from 'node:util';
import type { ClockResponse } from '@kingdom/api';
import { DAY_MS, gameDay } from '@kingdom/game';
import { openKingdomDatabase } from '../server.ts';
import { GameClock } from '../clock.ts';
import { settleDueDays } from '../jobs/settlement/index.ts';
import { advanceDemoClock } from '../modules/demo/routes.ts';
import { demoConfig, viaServer, whole } from './shared.ts';

/** Runs `tick`. */
export async function tick(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
  const days = Number(whole(values.days ?? '1', 'days'));
  if (days < 1 || days > 60) throw new Error('--days must be between 1 and 60');
  const config = demoConfig();
  let result: ClockResponse | null = await viaServer(config.port, 'demoTick', { body: { days } });
  if (!result) {
    const { db } = await openKingdomDatabase(config);
    try {
      const clock = new GameClock(db);
      await clock.load();
      const now = await advanceDemoClock(db, (ms, tx) => clock.advance(ms, tx), days * DAY_MS);
      const settled = await settleDueDays(db, now, config.settlement);
      result = { now: now.toISOString(), today: gameDay(now), last_settled: settled.at(-1)?.day ?? null, settled: settled.map((d) => d.day) };
    } finally {
      await db.close();
    }
  }
  console.log(`Game time is now ${result.now} (day ${result.today}).`);
  console.log(result.settled?.length ? `Settled: ${result.settled.join(', ')}` : 'No day was due.');
}

