/**
 * `sale-round add|list|close` (any mode; opens the database itself — with PGlite, stop the server
 * first): the token sale's rounds (docs/game-rules.md §8 "Token sale") without SQL by hand (docs/game-rules.md §8.2).
 *
 *   sale-round add --name NAME --price-ada ADA_PER_EXO [--price-sol SOL_PER_EXO] --cap WHOLE_EXO --starts ISO --ends ISO
 *   sale-round list
 *   sale-round close --id N | --name NAME
 *
 * Every argument is checked (zod) before anything is written. `add` is idempotent by name (a round
 * name is unique in the schema): the same round again changes nothing, the same name with other
 * values is refused. `close` ends an open or upcoming round now; closing a closed round changes
 * nothing. Orders already placed stay payable at their price (an order's own 30 minutes).
 * `--price-sol` (docs/game-rules.md §9) fixes the round's SOL price per whole EXO (stored as
 * lamports, at most 9 decimals); without it SOL orders of the round are priced from its ADA price
 * and the ADA/USD and SOL/USD prices.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromBaseUnits, lamportsOfSol, lovelacePerExo, solAmount, toBaseUnits } from '@kingdom/game';
import { exec, type Database } from '../db/client.ts';
import { saleRounds } from '../modules/chain/rounds.ts';
import { openKingdomDatabase } from '../server.ts';
import { anyConfig, CliError, fmt, type Print } from './shared.ts';

export const SALE_ROUND_USAGE = `npm run kingdom -- sale-round add --name NAME --price-ada ADA_PER_EXO [--price-sol SOL_PER_EXO] --cap WHOLE_EXO --starts ISO_TIME --ends ISO_TIME
  npm run kingdom -- sale-round list
  npm run kingdom -- sale-round close --id N | --name NAME`;

const isoTime = (field: string) => z.string({ error: `--${field} is required (an ISO-8601 time, e.g. 2026-12-01T00:00:00Z)` })
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    `--${field} must be an ISO-8601 time, e.g. 2026-12-01T00:00:00Z`)
  .transform((v) => new Date(v));

const addArgs = z.strictObject({
  name: z.string({ error: '--name is required' }).trim().min(1, '--name is required').max(60, '--name has at most 60 characters'),
  'price-ada': z.string({ error: '--price-ada is required (ADA per whole EXO, e.g. 0.02)' })
    .transform((v, ctx) => {
      const lovelace = lovelacePerExo(v.trim());
      if (lovelace === null) {
        ctx.addIssue({ code: 'custom', message: '--price-ada must be a positive number of ADA per EXO with at most 6 decimals (e.g. 0.02)' });
        return z.NEVER;
      }
      return lovelace;
    }),
  'price-sol': z.string().optional().transform((v, ctx) => {
    if (v === undefined) return null;
    const lamports = lamportsOfSol(v);
    if (lamports === null) {
      ctx.addIssue({ code: 'custom', message: '--price-sol must be a positive number of SOL per EXO with at most 9 decimals (e.g. 0.00015)' });
      return z.NEVER;
    }
    return lamports;
  }),
  cap: z.string({ error: '--cap is required (whole EXO for sale)' }).regex(/^[1-9]\d{0,14}$/, '--cap must be a whole number of EXO between 1 and 10^15')
    .transform((v) => toBaseUnits(v, 'exo')),
  starts: isoTime('starts'),
  ends: isoTime('ends'),
}).refine((a) => a.starts < a.ends, { message: '--ends must be after --starts', path: ['ends'] });

const closeArgs = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,8}$/, '--id must be a round id (a positive whole number)').transform(Number).optional(),
  name: z.string().trim().min(1).max(60).optional(),
}).refine((a) => (a.id === undefined) !== (a.name === undefined), { message: 'close needs exactly one of --id or --name' });

/** The zod issues as one line per problem. */
function problems(err: z.ZodError): string {
  return err.issues.map((i) => i.message).join('\n');
}

function parse<T extends z.ZodType>(schema: T, values: unknown): z.output<T> {
  const r = schema.safeParse(values);
  if (!r.success) throw new CliError(problems(r.error));
  return r.data;
}

function options(args: string[], names: string[]): Record<string, string | undefined> {
  try {
    const { values, positionals } = parseArgs({ args, options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])), allowPositionals: true });
    if (positionals.length) throw new CliError(`unexpected argument "${positionals[0]}"\nusage: ${SALE_ROUND_USAGE}`);
    return values as Record<string, string | undefined>;
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\nusage: ${SALE_ROUND_USAGE}`);
  }
}

/**
 * Runs one `sale-round` subcommand on `db` at `now` (UTC), printing to `print`.
 * @throws CliError with every problem of the arguments, or the conflict found (nothing written)
 */
export async function saleRoundCommand(db: Database, args: string[], now: Date, print: Print): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    const a = parse(addArgs, options(rest, ['name', 'price-ada', 'price-sol', 'cap', 'starts', 'ends']));
    const lamports = a['price-sol'];
    await db.orm.transaction(async (tx) => {
      const inserted = await exec<{ id: number }>(tx, sql`INSERT INTO sale_rounds (id, name, price_lovelace, price_lamports, cap, starts_at, ends_at)
        SELECT COALESCE(max(id), 0) + 1, ${a.name}, ${a['price-ada'].toString()}::numeric, ${lamports === null ? null : lamports.toString()}::numeric,
          ${a.cap.toString()}::numeric, ${a.starts}, ${a.ends} FROM sale_rounds
        ON CONFLICT (name) DO NOTHING RETURNING id`);
      if (inserted[0]) {
        const sol = lamports === null ? '' : `, ${solAmount(lamports)} SOL per EXO`;
        print(`Added sale round ${inserted[0].id} "${a.name}": ${fromBaseUnits(a['price-ada'], 'exo')} ADA per EXO${sol}, cap ${fmt(a.cap)} EXO, ${a.starts.toISOString()} → ${a.ends.toISOString()}.`);
        return;
      }
      const [old] = await exec<{ id: number; price_lovelace: string; price_lamports: string | null; cap: string; starts_at: Date | string; ends_at: Date | string }>(tx, sql`
        SELECT id, price_lovelace::text AS price_lovelace, price_lamports::text AS price_lamports, cap::text AS cap, starts_at, ends_at FROM sale_rounds WHERE name = ${a.name}`);
      const same = old && BigInt(old.price_lovelace) === a['price-ada'] && (old.price_lamports === null ? null : BigInt(old.price_lamports)) === lamports && BigInt(old.cap) === a.cap
        && new Date(old.starts_at).getTime() === a.starts.getTime() && new Date(old.ends_at).getTime() === a.ends.getTime();
      if (!same) throw new CliError(`a sale round named "${a.name}" (id ${old?.id}) already exists with other values; pick another name`);
      print(`Sale round ${old.id} "${a.name}" already exists with these values; nothing changed.`);
    });
    return;
  }
  if (sub === 'list') {
    options(rest, []);
    const rounds = await saleRounds(db, now);
    if (!rounds.length) print('No sale rounds.');
    for (const r of rounds) {
      const sol = r.price_lamports === null ? '' : ` ${solAmount(BigInt(r.price_lamports))} SOL/EXO`;
      print(`${String(r.id).padStart(3)}  ${r.name.padEnd(16)} ${r.status.padEnd(9)} ${fromBaseUnits(BigInt(r.price_lovelace), 'exo')} ADA/EXO${sol}  sold ${fmt(BigInt(r.sold))} of ${fmt(BigInt(r.cap))} EXO  ${r.starts_at} → ${r.ends_at}`);
    }
    return;
  }
  if (sub === 'close') {
    const a = parse(closeArgs, options(rest, ['id', 'name']));
    const where = a.id !== undefined ? sql`id = ${a.id}` : sql`name = ${a.name!}`;
    await db.orm.transaction(async (tx) => {
      const [round] = await exec<{ id: number; name: string; starts_at: Date | string; ends_at: Date | string }>(tx, sql`
        SELECT id, name, starts_at, ends_at FROM sale_rounds WHERE ${where} FOR UPDATE`);
      if (!round) throw new CliError(`no sale round with ${a.id !== undefined ? `id ${a.id}` : `name "${a.name}"`}`);
      if (new Date(round.ends_at) <= now) {
        print(`Sale round ${round.id} "${round.name}" already closed at ${new Date(round.ends_at).toISOString()}; nothing changed.`);
        return;
      }
      // An upcoming round's window becomes empty (starts = ends = now): closed, never opened.
      await exec(tx, sql`UPDATE sale_rounds SET ends_at = ${now}, starts_at = LEAST(starts_at, ${now}) WHERE id = ${round.id}`);
      print(`Closed sale round ${round.id} "${round.name}" at ${now.toISOString()}; orders already placed stay payable at their price.`);
    });
    return;
  }
  throw new CliError(`usage: ${SALE_ROUND_USAGE}`);
}

/** Runs `sale-round` against the configured database. */
export async function saleRound(args: string[]): Promise<void> {
  const { db } = await openKingdomDatabase(anyConfig());
  try {
    await saleRoundCommand(db, args, new Date(), (line) => console.log(line));
  } finally {
    await db.close();
  }
}
