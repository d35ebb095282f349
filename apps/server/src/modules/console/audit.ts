/**
 * The console's audit log (`operator_actions`, migration 0033; docs/http-contract.md §4): every
 * console write calls {@link writeAction} inside the transaction that makes its change, so the change
 * and its row commit together or not at all. The table is append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE).
 */
import { sql } from 'drizzle-orm';
import type { AuditRow, OperatorRole } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** Who acts: an operator's wallet and role, or the `kingdom` CLI (chain `cli`). */
export interface Actor {
  chain: string;
  address: string;
  role: OperatorRole;
}

/** One audit row to write. */
export interface ActionRecord {
  /** e.g. `adjustment`, `payment_resolve`, `chest_lock`, `suspend`, `message`, `broadcast`, `maintenance`, `operator_add`. */
  action: string;
  /** What it acted on: `user:12`, `payment:cardano:7`, `operator:solana:…`, `all`, `maintenance`. */
  target: string;
  targetUserId: number | null;
  reason: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Writes one audit row in `tx`. @returns its id (ledger entries reference it as `action:<id>`) */
export async function writeAction(tx: Orm, actor: Actor, r: ActionRecord): Promise<number> {
  const [row] = await exec<{ id: string | number }>(tx, sql`
    INSERT INTO operator_actions (operator_chain, operator_address, role, at, action, target, target_user_id, reason, before, after)
    VALUES (${actor.chain}, ${actor.address}, ${actor.role}, ${r.at}, ${r.action}, ${r.target}, ${r.targetUserId}, ${r.reason},
      ${r.before === undefined || r.before === null ? null : JSON.stringify(r.before)}::jsonb,
      ${r.after === undefined || r.after === null ? null : JSON.stringify(r.after)}::jsonb)
    RETURNING id`);
  return Number(row!.id);
}

/** The ledger reference of an entry an audit row caused. */
export const actionReference = (id: number): string => `action:${id}`;

interface AuditDb {
  id: string | number; at: Date | string; operator_chain: string; operator_address: string; role: string; action: string;
  target: string; target_user_id: number | null; reason: string; before: unknown; after: unknown; total?: number;
}

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v ?? null);

const toAudit = (r: AuditDb): AuditRow => ({
  id: Number(r.id), at: new Date(r.at).toISOString(), operator: { chain: r.operator_chain as 'cardano', address: r.operator_address },
  role: r.role as OperatorRole, action: r.action, target: r.target, target_user_id: r.target_user_id, reason: r.reason,
  before: json(r.before), after: json(r.after),
});

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit log, newest first, with filters. */
export async function auditPage(orm: Orm, f: { action?: string; operator?: string; userId?: number; page: number; perPage?: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const per = f.perPage ?? AUDIT_PAGE_SIZE;
  const conds = [sql`true`];
  if (f.action) conds.push(sql`action = ${f.action}`);
  if (f.operator) conds.push(sql`operator_address = ${f.operator}`);
  if (f.userId !== undefined) conds.push(sql`target_user_id = ${f.userId}`);
  const where = sql.join(conds, sql` AND `);
  const rows = await exec<AuditDb>(orm, sql`SELECT *, count(*) OVER ()::int AS total FROM operator_actions WHERE ${where}
    ORDER BY id DESC LIMIT ${per} OFFSET ${(f.page - 1) * per}`);
  return { rows: rows.map(toAudit), total: rows[0]?.total ?? (f.page === 1 ? 0 : (await exec<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM operator_actions WHERE ${where}`))[0]!.n) };
}
