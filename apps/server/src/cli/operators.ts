/**
 * `operators add --chain cardano|solana --address ADDR --role viewer|support|admin [--reason "…"]`,
 * `operators remove --chain … --address ADDR [--reason "…"]`, `operators list` (any mode; opens the
 * database itself — with PGlite, stop the server first): the console's operators
 * (docs/operator-guide.md §10). Each change is audited like the console's (`operator_actions`, the
 * operator named `cli:<user>`); the last admin is never removed nor demoted.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@kingdom/api';
import { addOperator, listOperators, removeOperator } from '../modules/console/service.ts';
import type { Actor } from '../modules/console/audit.ts';
import { openKingdomDatabase } from '../server.ts';
import { anyConfig } from './shared.ts';

export const OPERATORS_USAGE = 'npm run kingdom -- operators add --chain cardano|solana --address ADDR --role viewer|support|admin [--reason "…"] | remove --chain … --address ADDR [--reason "…"] | list';

/** The CLI as an actor in the audit log. */
function cliActor(): Actor {
  let user = 'cli';
  try {
    user = userInfo().username || 'cli';
  } catch {
    // no user name on this system: `cli`
  }
  return { chain: 'cli', address: user, role: 'admin' };
}

/** Runs `operators`. */
export async function operatorsCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({ args: rest, options: { chain: { type: 'string' }, address: { type: 'string' }, role: { type: 'string' }, reason: { type: 'string' } } });
  if (sub !== 'add' && sub !== 'remove' && sub !== 'list') throw new Error(`usage: ${OPERATORS_USAGE}`);
  const chain = values.chain;
  if (sub !== 'list') {
    const problems: string[] = [];
    if (chain !== 'cardano' && chain !== 'solana') problems.push('--chain must be cardano or solana');
    if (!values.address) problems.push('--address is required');
    if (sub === 'add' && !(OPERATOR_ROLES as readonly string[]).includes(values.role ?? '')) problems.push('--role must be viewer, support or admin');
    if (problems.length) throw new Error(problems.join('\n'));
  }
  const config = anyConfig();
  const { db } = await openKingdomDatabase(config);
  try {
    const now = new Date();
    const reason = (values.reason ?? `kingdom operators ${sub}`).trim().slice(0, 500);
    if (sub === 'add') {
      await addOperator(db, cliActor(), { chain: chain as 'cardano' | 'solana', address: values.address!, role: values.role as OperatorRole, reason, now });
      console.log(`${values.address} (${chain}) is an operator: ${values.role}.`);
    } else if (sub === 'remove') {
      await removeOperator(db, cliActor(), { chain: chain as 'cardano' | 'solana', address: values.address!, reason, now });
      console.log(`${values.address} (${chain}) is no longer an operator.`);
    }
    const ops = await listOperators(db.orm);
    if (sub === 'list' || ops.length > 0) {
      if (ops.length === 0) console.log('No operators. Add the first admin: operators add --chain … --address … --role admin');
      for (const o of ops) console.log(`${o.role.padEnd(8)} ${o.chain.padEnd(8)} ${o.address}  added ${o.added_at} by ${o.added_by}${o.user_id ? `  (account ${o.user_id})` : ''}`);
    }
  } finally {
    await db.close();
  }
}
