/**
 * `collections add|list` (any mode; opens the database itself — with PGlite, stop the server
 * first): the Staking-Hub's projects (docs/game-rules.md §5) without SQL by hand (docs/game-rules.md §8.2).
 *
 *   collections add --chain cardano|solana --policy POLICY_ID_OR_COLLECTION_ADDRESS --name NAME
 *                   --slug SLUG --supply N --holders N
 *   collections list [--chain cardano|solana]
 *
 * Every argument is checked (zod) before anything is written: a Cardano policy id is 56 hex
 * characters, a Solana collection a base58 ed25519 address; the slug is lowercase letters, digits
 * and dashes; 1 ≤ supply ≤ 10^9 and 0 ≤ holders ≤ supply. `add` is idempotent by slug: the same
 * project again changes nothing; new name, supply or holders update it; another chain or policy
 * under a known slug, or a policy already listed under another slug, is refused. Votes are never
 * touched here.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { exec, type Database } from '../db/client.ts';
import { isSolanaAddress } from '../auth/verify.ts';
import { openKingdomDatabase } from '../server.ts';
import { anyConfig, CliError, type Print } from './shared.ts';

export const COLLECTIONS_USAGE = `npm run kingdom -- collections add --chain cardano|solana --policy POLICY_ID|COLLECTION_ADDRESS --name NAME --slug SLUG --supply N --holders N
  npm run kingdom -- collections list [--chain cardano|solana]`;

const chain = z.enum(['cardano', 'solana'], { error: '--chain must be cardano or solana' });
const count = (field: string, min: number) => z.string({ error: `--${field} is required (a whole number)` })
  .regex(/^\d{1,10}$/, `--${field} must be a whole number`).transform(Number)
  .refine((n) => n >= min && n <= 1_000_000_000, `--${field} must be between ${min} and 1,000,000,000`);

const addArgs = z.strictObject({
  chain: z.string({ error: '--chain is required (cardano or solana)' }).pipe(chain),
  policy: z.string({ error: '--policy is required (a Cardano policy id or a Solana collection address)' }).trim(),
  name: z.string({ error: '--name is required' }).trim().min(1, '--name is required').max(80, '--name has at most 80 characters'),
  slug: z.string({ error: '--slug is required' }).regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, '--slug must be 1–64 lowercase letters, digits and dashes (not at the ends)'),
  supply: count('supply', 1),
  holders: count('holders', 0),
}).superRefine((a, ctx) => {
  if (a.chain === 'cardano' && !/^[0-9a-f]{56}$/.test(a.policy)) ctx.addIssue({ code: 'custom', message: '--policy must be a Cardano policy id: 56 lowercase hex characters', path: ['policy'] });
  if (a.chain === 'solana' && !isSolanaAddress(a.policy)) ctx.addIssue({ code: 'custom', message: '--policy must be a Solana collection address (base58, 32 bytes)', path: ['policy'] });
  if (a.holders > a.supply) ctx.addIssue({ code: 'custom', message: '--holders cannot exceed --supply', path: ['holders'] });
});

const listArgs = z.strictObject({ chain: chain.optional() });

function parse<T extends z.ZodType>(schema: T, args: string[], names: string[]): z.output<T> {
  let values: Record<string, string | undefined>;
  try {
    const parsed = parseArgs({ args, options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])), allowPositionals: true });
    if (parsed.positionals.length) throw new Error(`unexpected argument "${parsed.positionals[0]}"`);
    values = parsed.values as Record<string, string | undefined>;
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\nusage: ${COLLECTIONS_USAGE}`);
  }
  const r = schema.safeParse(values);
  if (!r.success) throw new CliError(r.error.issues.map((i) => i.message).join('\n'));
  return r.data;
}

interface CollectionRow { id: number; slug: string; chain: string; collection_key: string; name: string; supply: number; holders: number; votes: string }

/**
 * Runs one `collections` subcommand on `db`, printing to `print`.
 * @throws CliError with every problem of the arguments, or the conflict found (nothing written)
 */
export async function collectionsCommand(db: Database, args: string[], print: Print): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    const a = parse(addArgs, rest, ['chain', 'policy', 'name', 'slug', 'supply', 'holders']);
    await db.orm.transaction(async (tx) => {
      const inserted = await exec<{ id: number }>(tx, sql`INSERT INTO collections (slug, chain, collection_key, name, supply, holders, votes)
        VALUES (${a.slug}, ${a.chain}, ${a.policy}, ${a.name}, ${a.supply}, ${a.holders}, 0) ON CONFLICT DO NOTHING RETURNING id`);
      if (inserted[0]) {
        print(`Added ${a.chain} collection ${inserted[0].id} "${a.name}" (${a.slug}): policy ${a.policy}, supply ${a.supply}, holders ${a.holders}.`);
        return;
      }
      const [bySlug] = await exec<CollectionRow>(tx, sql`SELECT id, slug, chain, collection_key, name, supply, holders, votes::text AS votes FROM collections WHERE slug = ${a.slug} FOR UPDATE`);
      if (!bySlug) {
        const [byPolicy] = await exec<CollectionRow>(tx, sql`SELECT id, slug FROM collections WHERE chain = ${a.chain} AND collection_key = ${a.policy}`);
        throw new CliError(`policy ${a.policy} is already listed as "${byPolicy?.slug}" (id ${byPolicy?.id}); add it under that slug`);
      }
      if (bySlug.chain !== a.chain || bySlug.collection_key !== a.policy) {
        throw new CliError(`slug "${a.slug}" is ${bySlug.chain} policy ${bySlug.collection_key} (id ${bySlug.id}); a project's chain and policy do not change — pick another slug`);
      }
      if (bySlug.name === a.name && bySlug.supply === a.supply && bySlug.holders === a.holders) {
        print(`Collection ${bySlug.id} "${a.name}" (${a.slug}) already exists with these values; nothing changed.`);
        return;
      }
      await exec(tx, sql`UPDATE collections SET name = ${a.name}, supply = ${a.supply}, holders = ${a.holders} WHERE id = ${bySlug.id}`);
      print(`Updated collection ${bySlug.id} (${a.slug}): name "${a.name}", supply ${a.supply}, holders ${a.holders}.`);
    });
    return;
  }
  if (sub === 'list') {
    const a = parse(listArgs, rest, ['chain']);
    const rows = await exec<CollectionRow>(db.orm, sql`SELECT id, slug, chain, collection_key, name, supply, holders, votes::text AS votes FROM collections
      ${a.chain ? sql`WHERE chain = ${a.chain}` : sql``} ORDER BY chain, votes DESC, id`);
    if (!rows.length) print('No collections.');
    for (const r of rows) {
      print(`${String(r.id).padStart(4)}  ${r.chain.padEnd(7)} ${r.slug.padEnd(24)} ${r.name.padEnd(28)} supply ${r.supply}  holders ${r.holders}  votes ${r.votes}  ${r.collection_key}`);
    }
    return;
  }
  throw new CliError(`usage: ${COLLECTIONS_USAGE}`);
}

/** Runs `collections` against the configured database. */
export async function collections(args: string[]): Promise<void> {
  const { db } = await openKingdomDatabase(anyConfig());
  try {
    await collectionsCommand(db, args, (line) => console.log(line));
  } finally {
    await db.close();
  }
}
