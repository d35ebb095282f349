/**
 * The console's writes (docs/http-contract.md §4, docs/game-rules.md §15): each one runs in ONE
 * transaction that makes its change, writes its ledger entries (through `modules/ledger` only: raw
 * reasons `operator_adjustment` and `payment_resolved`, the audit row as reference) and its audit row
 * (`writeAction`). Above the two-person limit a money move is not applied: it becomes a pending
 * approval that another admin approves (then it is applied, in the approval's transaction).
 */
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, type Token } from '@kingdom/game';
import type {
  Approval, MaintenanceState, OperatorRole, OperatorRow, PlayerFlags, UnmatchedPayment,
} from '@kingdom/api';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyTokenEntry } from '../ledger/ledger.ts';
import { notify } from '../notifications/repository.ts';
import { COMPAT_LEVEL, allServersAtLeast } from '../../db/processes.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';
import { readMaintenance, writeMaintenance, type MaintenanceSwitch } from '../../http/maintenance.ts';
import { actionReference, writeAction, type Actor } from './audit.ts';
import { paymentById } from './payments.ts';

/** Ledger reason of an operator's credit or debit. */
export const ADJUSTMENT_REASON = 'operator_adjustment';
/** Ledger reason of an unmatched payment credited by an operator. */
export const PAYMENT_RESOLVED_REASON = 'payment_resolved';

const who = (a: { chain: string; address: string }) => `${a.chain}:${a.address}`;

async function balanceIn(orm: Orm, userId: number, token: string): Promise<string> {
  const [row] = await exec<{ amount: string }>(orm, sql`SELECT amount::text AS amount FROM balances WHERE user_id = ${userId} AND token = ${token}`);
  return row?.amount ?? '0';
}

/** Locks the user row (so two writes about one account serialize) or answers NOT_FOUND. */
async function lockUser(tx: Orm, userId: number): Promise<{ chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }> {
  const [row] = await exec<{ chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }>(tx, sql`
    SELECT chest_locked, suspended_at, suspended_reason FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!row) fail('NOT_FOUND');
  return row;
}

const flagsOf = (r: { chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }): PlayerFlags => ({
  suspended: r.suspended_at !== null, suspended_at: r.suspended_at === null ? null : new Date(r.suspended_at).toISOString(),
  suspended_reason: r.suspended_reason, chest_locked: r.chest_locked,
});

/** An account's flags. @throws ApiError NOT_FOUND */
export async function flagsOfUser(orm: Orm, userId: number): Promise<PlayerFlags> {
  const [row] = await exec<{ chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }>(orm, sql`
    SELECT chest_locked, suspended_at, suspended_reason FROM users WHERE id = ${userId}`);
  if (!row) fail('NOT_FOUND');
  return flagsOf(row);
}

// ---- approvals ----

interface ApprovalDb {
  id: string | number; kind: 'adjustment' | 'payment_credit'; user_id: number; token: Token; amount: string; payment: string | null; reason: string;
  status: 'pending' | 'approved' | 'rejected'; requested_chain: string; requested_address: string; requested_at: Date | string;
  request_action_id: string | number; decided_chain: string | null; decided_address: string | null; decided_at: Date | string | null;
  decision_action_id: string | number | null; total?: number;
}

const toApproval = (r: ApprovalDb): Approval => ({
  id: Number(r.id), kind: r.kind, user_id: r.user_id, token: r.token, amount: String(r.amount), payment: r.payment, reason: r.reason, status: r.status,
  requested_by: { chain: r.requested_chain as 'cardano', address: r.requested_address }, requested_at: new Date(r.requested_at).toISOString(),
  decided_by: r.decided_chain ? { chain: r.decided_chain as 'cardano', address: r.decided_address ?? '' } : null,
  decided_at: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  request_action_id: Number(r.request_action_id), decision_action_id: r.decision_action_id === null ? null : Number(r.decision_action_id),
});

const APPROVAL_COLUMNS = sql.raw(`id, kind, user_id, token, amount::text AS amount, payment, reason, status, requested_chain, requested_address,
  requested_at, request_action_id, decided_chain, decided_address, decided_at, decision_action_id`);

/** Approvals (pending first, then newest), optionally of one status or one account. */
export async function approvalsPage(orm: Orm, f: { status?: Approval['status']; userId?: number; page: number; perPage: number }): Promise<{ approvals: Approval[]; total: number }> {
  const conds = [sql`true`];
  if (f.status) conds.push(sql`status = ${f.status}`);
  if (f.userId !== undefined) conds.push(sql`user_id = ${f.userId}`);
  const rows = await exec<ApprovalDb>(orm, sql`SELECT ${APPROVAL_COLUMNS}, count(*) OVER ()::int AS total FROM operator_approvals
    WHERE ${sql.join(conds, sql` AND `)} ORDER BY (status = 'pending') DESC, id DESC LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`);
  return { approvals: rows.map(toApproval), total: rows[0]?.total ?? 0 };
}

async function insertApproval(tx: Orm, actor: Actor, a: { kind: Approval['kind']; userId: number; token: Token; amount: bigint; payment: string | null; reason: string; actionId: number; at: Date }): Promise<Approval> {
  const [row] = await exec<ApprovalDb>(tx, sql`INSERT INTO operator_approvals
      (kind, user_id, token, amount, payment, reason, requested_chain, requested_address, requested_at, request_action_id)
    VALUES (${a.kind}, ${a.userId}, ${a.token}, ${a.amount.toString()}, ${a.payment}, ${a.reason}, ${actor.chain}, ${actor.address}, ${a.at}, ${a.actionId})
    RETURNING ${APPROVAL_COLUMNS}`);
  return toApproval(row!);
}

/** Result of a money move: applied at once, or waiting for a second admin. */
export interface MoneyResult {
  status: 'applied' | 'pending_approval';
  action_id: number;
  approval: Approval | null;
  balance: string;
}

/**
 * Credits (`amount` > 0) or debits (< 0) `token` of `userId` (admin), in one transaction with its
 * audit row; above `limit` (absolute, base units) only a pending approval is made.
 * @throws ApiError NOT_FOUND (no such account), VENDOR_NOT_ENOUGH_BALANCE (a debit below zero), AMOUNT_TOO_LARGE
 */
export async function adjust(db: Database, actor: Actor, p: { userId: number; token: Token; amount: bigint; reason: string; limit: bigint; now: Date }): Promise<MoneyResult> {
  if (p.amount === 0n || p.amount > MAX_AMOUNT || -p.amount > MAX_AMOUNT) fail('AMOUNT_TOO_LARGE');
  const abs = p.amount < 0n ? -p.amount : p.amount;
  return db.orm.transaction(async (tx) => {
    await lockUser(tx, p.userId);
    const before = await balanceIn(tx, p.userId, p.token);
    const target = `user:${p.userId}`;
    if (abs > p.limit) {
      const actionId = await writeAction(tx, actor, {
        action: 'adjustment_request', target, targetUserId: p.userId, reason: p.reason, at: p.now,
        before: { token: p.token, balance: before }, after: { token: p.token, amount: p.amount.toString(), status: 'pending_approval' },
      });
      const approval = await insertApproval(tx, actor, { kind: 'adjustment', userId: p.userId, token: p.token, amount: p.amount, payment: null, reason: p.reason, actionId, at: p.now });
      return { status: 'pending_approval', action_id: actionId, approval, balance: before };
    }
    const after = (BigInt(before) + p.amount).toString();
    const actionId = await writeAction(tx, actor, {
      action: 'adjustment', target, targetUserId: p.userId, reason: p.reason, at: p.now,
      before: { token: p.token, balance: before }, after: { token: p.token, balance: after, amount: p.amount.toString() },
    });
    await applyTokenEntry(tx, { userId: p.userId, token: p.token, amount: p.amount, reason: ADJUSTMENT_REASON, reference: actionReference(actionId), at: p.now });
    return { status: 'applied', action_id: actionId, approval: null, balance: await balanceIn(tx, p.userId, p.token) };
  });
}

/**
 * Approves (applies) or rejects a pending approval (admin, not the one who asked).
 * @throws ApiError NOT_FOUND, APPROVAL_OWN_REQUEST, APPROVAL_NOT_PENDING, VENDOR_NOT_ENOUGH_BALANCE,
 *   PAYMENT_ALREADY_RESOLVED (a payment credit whose payment was resolved meanwhile)
 */
export async function decideApproval(db: Database, actor: Actor, p: { id: number; approve: boolean; reason: string; now: Date }): Promise<{ approval: Approval; action_id: number; balance: string }> {
  return db.orm.transaction(async (tx) => {
    const [row] = await exec<ApprovalDb>(tx, sql`SELECT ${APPROVAL_COLUMNS} FROM operator_approvals WHERE id = ${p.id} FOR UPDATE`);
    if (!row) fail('NOT_FOUND');
    if (row.status !== 'pending') fail('APPROVAL_NOT_PENDING');
    if (p.approve && row.requested_chain === actor.chain && row.requested_address === actor.address) fail('APPROVAL_OWN_REQUEST');
    await lockUser(tx, row.user_id);
    const amount = BigInt(row.amount);
    const before = await balanceIn(tx, row.user_id, row.token);
    const actionId = await writeAction(tx, actor, {
      action: p.approve ? 'approval_approve' : 'approval_reject', target: `approval:${row.id}`, targetUserId: row.user_id, reason: p.reason, at: p.now,
      before: { status: 'pending', token: row.token, balance: before, amount: row.amount, payment: row.payment },
      after: { status: p.approve ? 'approved' : 'rejected', token: row.token, balance: p.approve ? (BigInt(before) + amount).toString() : before },
    });
    if (p.approve) {
      if (row.kind === 'payment_credit') {
        if (!(await insertResolution(tx, actor, { payment: row.payment!, kind: 'credit', userId: row.user_id, token: row.token, amount, refundTx: null, actionId, at: p.now }))) fail('PAYMENT_ALREADY_RESOLVED');
      }
      await applyTokenEntry(tx, {
        userId: row.user_id, token: row.token, amount, reason: row.kind === 'payment_credit' ? PAYMENT_RESOLVED_REASON : ADJUSTMENT_REASON,
        reference: actionReference(actionId), at: p.now,
      });
    }
    const [done] = await exec<ApprovalDb>(tx, sql`UPDATE operator_approvals SET status = ${p.approve ? 'approved' : 'rejected'},
      decided_chain = ${actor.chain}, decided_address = ${actor.address}, decided_at = ${p.now}, decision_action_id = ${actionId}
      WHERE id = ${row.id} RETURNING ${APPROVAL_COLUMNS}`);
    return { approval: toApproval(done!), action_id: actionId, balance: await balanceIn(tx, row.user_id, row.token) };
  });
}

// ---- unmatched payments ----

async function insertResolution(tx: Orm, actor: Actor, r: { payment: string; kind: 'credit' | 'refunded'; userId: number | null; token: Token | null; amount: bigint | null; refundTx: string | null; actionId: number; at: Date }): Promise<boolean> {
  const rows = await exec(tx, sql`INSERT INTO payment_resolutions (payment, kind, user_id, token, amount, refund_tx, operator_chain, operator_address, at, action_id)
    VALUES (${r.payment}, ${r.kind}, ${r.userId}, ${r.token}, ${r.amount === null ? null : r.amount.toString()}, ${r.refundTx}, ${actor.chain}, ${actor.address}, ${r.at}, ${r.actionId})
    ON CONFLICT (payment) DO NOTHING RETURNING payment`);
  return rows.length > 0;
}

/**
 * Resolves an unmatched payment once (support): credits an account (above `limit`: a pending
 * approval, the payment staying unmatched until it is approved) or records its refund.
 * @throws ApiError NOT_FOUND (no such unmatched payment, or no such account), PAYMENT_ALREADY_RESOLVED, AMOUNT_TOO_LARGE
 */
export async function resolvePayment(db: Database, actor: Actor, p: {
  id: string; resolution: { kind: 'credit'; userId: number; token: Token; amount: bigint } | { kind: 'refunded'; refundTx: string }; reason: string; limit: bigint; now: Date;
}): Promise<{ payment: UnmatchedPayment; status: 'applied' | 'pending_approval'; action_id: number; approval: Approval | null }> {
  return db.orm.transaction(async (tx) => {
    // the payment's row, locked: two resolutions of one payment serialize here
    const before = await paymentById(tx, p.id, true);
    if (!before) fail('NOT_FOUND');
    if (before.state !== 'unmatched') fail('PAYMENT_ALREADY_RESOLVED');
    const [pending] = await exec(tx, sql`SELECT 1 FROM operator_approvals WHERE payment = ${p.id} AND status = 'pending'`);
    if (pending) fail('PAYMENT_ALREADY_RESOLVED');
    const r = p.resolution;
    const target = `payment:${p.id}`;
    if (r.kind === 'refunded') {
      const actionId = await writeAction(tx, actor, { action: 'payment_refunded', target, targetUserId: before.user_id, reason: p.reason, at: p.now, before, after: { state: 'refunded', refund_tx: r.refundTx } });
      if (!(await insertResolution(tx, actor, { payment: p.id, kind: 'refunded', userId: null, token: null, amount: null, refundTx: r.refundTx, actionId, at: p.now }))) fail('PAYMENT_ALREADY_RESOLVED');
      return { payment: (await paymentById(tx, p.id))!, status: 'applied', action_id: actionId, approval: null };
    }
    if (r.amount <= 0n || r.amount > MAX_AMOUNT) fail('AMOUNT_TOO_LARGE');
    await lockUser(tx, r.userId);
    if (r.amount > p.limit) {
      const actionId = await writeAction(tx, actor, {
        action: 'payment_credit_request', target, targetUserId: r.userId, reason: p.reason, at: p.now, before,
        after: { state: 'pending_approval', user_id: r.userId, token: r.token, amount: r.amount.toString() },
      });
      const approval = await insertApproval(tx, actor, { kind: 'payment_credit', userId: r.userId, token: r.token, amount: r.amount, payment: p.id, reason: p.reason, actionId, at: p.now });
      return { payment: before, status: 'pending_approval', action_id: actionId, approval };
    }
    const actionId = await writeAction(tx, actor, {
      action: 'payment_credit', target, targetUserId: r.userId, reason: p.reason, at: p.now, before,
      after: { state: 'credited', user_id: r.userId, token: r.token, amount: r.amount.toString() },
    });
    if (!(await insertResolution(tx, actor, { payment: p.id, kind: 'credit', userId: r.userId, token: r.token, amount: r.amount, refundTx: null, actionId, at: p.now }))) fail('PAYMENT_ALREADY_RESOLVED');
    await applyTokenEntry(tx, { userId: r.userId, token: r.token, amount: r.amount, reason: PAYMENT_RESOLVED_REASON, reference: actionReference(actionId), at: p.now });
    return { payment: (await paymentById(tx, p.id))!, status: 'applied', action_id: actionId, approval: null };
  });
}

// ---- moderation ----

/** Locks or unlocks the account's weekly chest (support). @throws ApiError NOT_FOUND */
export async function setChestLock(db: Database, actor: Actor, p: { userId: number; locked: boolean; reason: string; now: Date }): Promise<{ flags: PlayerFlags; action_id: number }> {
  return db.orm.transaction(async (tx) => {
    const before = flagsOf(await lockUser(tx, p.userId));
    const [row] = await exec<{ chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }>(tx, sql`
      UPDATE users SET chest_locked = ${p.locked} WHERE id = ${p.userId} RETURNING chest_locked, suspended_at, suspended_reason`);
    const after = flagsOf(row!);
    const actionId = await writeAction(tx, actor, { action: p.locked ? 'chest_lock' : 'chest_unlock', target: `user:${p.userId}`, targetUserId: p.userId, reason: p.reason, at: p.now, before, after });
    return { flags: after, action_id: actionId };
  });
}

/** Suspends or unsuspends the account (support; docs/game-rules.md §15). @throws ApiError NOT_FOUND */
export async function setSuspension(db: Database, actor: Actor, p: { userId: number; suspended: boolean; reason: string; now: Date }): Promise<{ flags: PlayerFlags; action_id: number }> {
  return db.orm.transaction(async (tx) => {
    const before = flagsOf(await lockUser(tx, p.userId));
    const [row] = await exec<{ chest_locked: boolean; suspended_at: Date | string | null; suspended_reason: string | null }>(tx, sql`
      UPDATE users SET suspended_at = ${p.suspended ? sql`COALESCE(suspended_at, ${p.now})` : null},
        suspended_reason = ${p.suspended ? p.reason : null}
      WHERE id = ${p.userId} RETURNING chest_locked, suspended_at, suspended_reason`);
    const after = flagsOf(row!);
    const actionId = await writeAction(tx, actor, { action: p.suspended ? 'suspend' : 'unsuspend', target: `user:${p.userId}`, targetUserId: p.userId, reason: p.reason, at: p.now, before, after });
    return { flags: after, action_id: actionId };
  });
}

/**
 * `operator_message` is a notification type of this release: a server of the release before it
 * answers 500 on an inbox holding one (its answer's type enum is closed). So, during a rolling
 * upgrade, it is written only once every live server reads it (docs/architecture.md §8).
 * @throws ApiError SYSTEM_FEATURE_NOT_AVAILABLE while a server of an older release is alive
 */
async function requireEveryServerReadsMessages(db: Database): Promise<void> {
  if (!(await allServersAtLeast(db, COMPAT_LEVEL))) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
}

/** An inbox message to one player (support). @throws ApiError NOT_FOUND; SYSTEM_FEATURE_NOT_AVAILABLE during a rolling upgrade */
export async function messagePlayer(db: Database, actor: Actor, p: { userId: number; title: string; body: string; reason: string; now: Date }): Promise<{ recipients: number; action_id: number }> {
  await requireEveryServerReadsMessages(db);
  return db.orm.transaction(async (tx) => {
    await lockUser(tx, p.userId);
    await notify(tx, p.userId, 'operator_message', { title: p.title, body: p.body }, p.now);
    const actionId = await writeAction(tx, actor, { action: 'message', target: `user:${p.userId}`, targetUserId: p.userId, reason: p.reason, at: p.now, before: null, after: { title: p.title, body: p.body } });
    return { recipients: 1, action_id: actionId };
  });
}

/** An inbox message to every account, a chain's accounts, or the land owners (admin). @throws ApiError SYSTEM_FEATURE_NOT_AVAILABLE during a rolling upgrade */
export async function broadcast(db: Database, actor: Actor, p: { audience: 'all' | 'chain' | 'land_owners'; chain?: 'cardano' | 'solana'; title: string; body: string; reason: string; now: Date }): Promise<{ recipients: number; action_id: number }> {
  const who = p.audience === 'all' ? sql`SELECT id FROM users`
    : p.audience === 'chain' ? sql`SELECT DISTINCT user_id FROM wallets WHERE chain = ${p.chain ?? 'cardano'}`
      : sql`SELECT DISTINCT h.user_id FROM ${HELD_LANDS}`;
  await requireEveryServerReadsMessages(db);
  return db.orm.transaction(async (tx) => {
    const data = JSON.stringify({ title: p.title, body: p.body });
    const rows = await exec<{ n: number }>(tx, sql`WITH sent AS (
        INSERT INTO notifications (user_id, type, data, created_at) SELECT r.id, 'operator_message', ${data}::jsonb, ${p.now} FROM (${who}) AS r(id) RETURNING 1)
      SELECT count(*)::int AS n FROM sent`);
    const recipients = rows[0]?.n ?? 0;
    const target = p.audience === 'chain' ? `chain:${p.chain}` : p.audience;
    const actionId = await writeAction(tx, actor, { action: 'broadcast', target, targetUserId: null, reason: p.reason, at: p.now, before: null, after: { title: p.title, body: p.body, recipients } });
    return { recipients, action_id: actionId };
  });
}

// ---- maintenance ----

/** Maintenance as this server applies it. */
export async function maintenanceState(m: MaintenanceSwitch): Promise<MaintenanceState> {
  const v = await m.stored();
  return { on: v.on || m.forcedByEnv, message: v.message, ends_at: v.ends_at, since: v.since, forced_by_env: m.forcedByEnv };
}

/** Switches maintenance on or off for every server (admin); the switch is audited. */
export async function setMaintenance(db: Database, actor: Actor, m: MaintenanceSwitch, p: { on: boolean; message?: string; endsAt?: string; reason: string; now: Date }): Promise<{ maintenance: MaintenanceState; action_id: number }> {
  const actionId = await db.orm.transaction(async (tx) => {
    const before = await readMaintenance(tx, true);
    const after = p.on
      ? { on: true, message: p.message?.trim() || null, ends_at: p.endsAt ? new Date(p.endsAt).toISOString() : null, since: before.on && before.since ? before.since : p.now.toISOString() }
      : { on: false, message: null, ends_at: null, since: null };
    await writeMaintenance(tx, after);
    return writeAction(tx, actor, { action: 'maintenance', target: 'maintenance', targetUserId: null, reason: p.reason, at: p.now, before, after });
  });
  m.invalidate();
  return { maintenance: await maintenanceState(m), action_id: actionId };
}

// ---- operators ----

interface OperatorDb { chain: 'cardano' | 'solana'; address: string; role: OperatorRole; added_by: string; added_at: Date | string; user_id: number | null }

/** Every operator, admins first. */
export async function listOperators(orm: Orm): Promise<OperatorRow[]> {
  const rows = await exec<OperatorDb>(orm, sql`SELECT o.chain, o.address, o.role, o.added_by, o.added_at, w.user_id
    FROM operators o LEFT JOIN wallets w ON w.chain = o.chain AND w.address = o.address
    ORDER BY CASE o.role WHEN 'admin' THEN 0 WHEN 'support' THEN 1 ELSE 2 END, o.added_at, o.address`);
  return rows.map((r) => ({ chain: r.chain, address: r.address, role: r.role, added_by: r.added_by, added_at: new Date(r.added_at).toISOString(), user_id: r.user_id }));
}

/** A wallet address of `chain` as the sign-in takes it (bech32 `addr…` on Cardano, base58 on Solana). */
export function plausibleAddress(chain: string, address: string): boolean {
  if (chain === 'cardano') return /^addr(_test)?1[02-9ac-hj-np-z]{20,200}$/.test(address);
  if (chain === 'solana') return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address);
  return false;
}

async function adminsLeft(tx: Orm): Promise<number> {
  const [row] = await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM operators WHERE role = 'admin'`);
  return row!.n;
}

/**
 * Adds an operator or changes its role (admin, or the CLI). The operators table is locked for the
 * change, so two admins cannot demote each other into no admin at all.
 * @throws ApiError NOT_VALID_REQUEST_ADDRESS, OPERATOR_LAST_ADMIN (demoting the last admin)
 */
export async function addOperator(db: Database, actor: Actor, p: { chain: 'cardano' | 'solana'; address: string; role: OperatorRole; reason: string; now: Date }): Promise<{ operators: OperatorRow[]; action_id: number }> {
  const address = p.address.trim();
  if (!plausibleAddress(p.chain, address)) fail('NOT_VALID_REQUEST_ADDRESS');
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE`);
    const [before] = await exec<{ role: OperatorRole }>(tx, sql`SELECT role FROM operators WHERE chain = ${p.chain} AND address = ${address}`);
    if (before?.role === 'admin' && p.role !== 'admin' && (await adminsLeft(tx)) <= 1) fail('OPERATOR_LAST_ADMIN');
    await exec(tx, sql`INSERT INTO operators (chain, address, role, added_by, added_at) VALUES (${p.chain}, ${address}, ${p.role}, ${who(actor)}, ${p.now})
      ON CONFLICT (chain, address) DO UPDATE SET role = EXCLUDED.role`);
    const actionId = await writeAction(tx, actor, {
      action: before ? 'operator_role' : 'operator_add', target: `operator:${p.chain}:${address}`, targetUserId: null, reason: p.reason, at: p.now,
      before: before ? { role: before.role } : null, after: { role: p.role },
    });
    return { operators: await listOperators(tx), action_id: actionId };
  });
}

/** Removes an operator (admin, or the CLI). @throws ApiError NOT_FOUND, OPERATOR_LAST_ADMIN */
export async function removeOperator(db: Database, actor: Actor, p: { chain: 'cardano' | 'solana'; address: string; reason: string; now: Date }): Promise<{ operators: OperatorRow[]; action_id: number }> {
  const address = p.address.trim();
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE`);
    const [before] = await exec<{ role: OperatorRole }>(tx, sql`SELECT role FROM operators WHERE chain = ${p.chain} AND address = ${address}`);
    if (!before) fail('NOT_FOUND');
    if (before.role === 'admin' && (await adminsLeft(tx)) <= 1) fail('OPERATOR_LAST_ADMIN');
    await exec(tx, sql`DELETE FROM operators WHERE chain = ${p.chain} AND address = ${address}`);
    const actionId = await writeAction(tx, actor, { action: 'operator_remove', target: `operator:${p.chain}:${address}`, targetUserId: null, reason: p.reason, at: p.now, before: { role: before.role }, after: null });
    return { operators: await listOperators(tx), action_id: actionId };
  });
}
