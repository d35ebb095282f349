/**
 * `compensate --token T --amount N --reason "…" [--event NAME]` (any mode; opens the database
 * itself — with PGlite, stop the server first): credits every active player N whole tokens once
 * per event (default event name: the reason).
 */
import { parseArgs } from 'node:util';
import { isToken, toBaseUnits } from '@kingdom/game';
import { compensate } from '../modules/compensation/service.ts';
import { openKingdomDatabase } from '../server.ts';
import { anyConfig } from './shared.ts';

/** Runs `compensate`. */
export async function compensateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { token: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' }, event: { type: 'string' } } });
  const token = values.token ?? '';
  if (!isToken(token)) throw new Error('--token must be exo, hexo, food or rune');
  if (!values.amount || !/^\d+(\.\d+)?$/.test(values.amount)) throw new Error('--amount must be a positive number of whole tokens');
  const reason = (values.reason ?? '').trim();
  if (!reason) throw new Error('--reason is required');
  const config = anyConfig();
  const { db } = await openKingdomDatabase(config);
  try {
    const r = await compensate(db, { token, amount: toBaseUnits(values.amount, token), reason, event: (values.event ?? reason).trim(), now: new Date() });
    console.log(r.paid ? `Compensated ${r.players} active players with ${values.amount} ${token.toUpperCase()} for "${r.event}".`
      : `"${r.event}" was already paid (${r.players} players); nothing changed.`);
  } finally {
    await db.close();
  }
}

