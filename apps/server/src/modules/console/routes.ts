/**
 * The operator console's endpoints (docs/http-contract.md §4): every one declared `auth: 'operator'`
 * with its weakest role, so the auth hook has checked the signed-in wallet's role before a handler
 * runs; each write runs in one transaction with its audit row (./service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, toCsv } from '@kingdom/api';
import { fromBaseUnits, type Token } from '@kingdom/game';
import { sql } from 'drizzle-orm';
import { exec } from '../../db/client.ts';
import { operatorOf, route } from '../../http/routes.ts';
import type { Actor } from './audit.ts';
import { auditPage, AUDIT_PAGE_SIZE } from './audit.ts';
import {
  addOperator, adjust, approvalsPage, broadcast, decideApproval, listOperators, maintenanceState, messagePlayer, removeOperator,
  resolvePayment, setChestLock, setMaintenance, setSuspension,
} from './service.ts';
import { paymentsPage } from './payments.ts';
import { CONSOLE_LEDGER_CSV_MAX, CONSOLE_LEDGER_PAGE, playerLedger, playerPage, search } from './repository.ts';
import { economy, economyCsv } from './economy.ts';
import { operations } from './operations.ts';
import { suspiciousPairsPage } from './market-pairs.ts';

/** Rows per page of the console's lists (approvals, payments). */
const LIST_PAGE = 50;

/** Registers the console endpoints. */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, providers } = app.deps;
  const limit = config.console.twoPersonLimit;
  const actorOf = (input: Parameters<typeof operatorOf>[0]): Actor => {
    const o = operatorOf(input);
    return { chain: o.chain, address: o.address, role: o.role };
  };

  route(app, ENDPOINTS.consoleMe, async (input) => {
    const o = operatorOf(input);
    const [row] = await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM operators WHERE role = 'admin' AND NOT (chain = ${o.chain} AND address = ${o.address})`);
    return { chain: o.chain, address: o.address, role: o.role, user_id: o.userId, two_person_limit: limit.toString(), other_admins: row?.n ?? 0 };
  });

  route(app, ENDPOINTS.consoleSuspiciousPairs, async ({ query, now }) => suspiciousPairsPage(db.orm, query.days, now));

  route(app, ENDPOINTS.consoleSearch, async ({ query }) => ({ q: query.q, ...(await search(db.orm, query.q)) }));

  route(app, ENDPOINTS.consolePlayer, async ({ params, now }) => playerPage(db, providers.money, params.user_id, now));

  route(app, ENDPOINTS.consolePlayerLedger, async ({ params, query }) => {
    const { page, ...filter } = query;
    const r = await playerLedger(db.orm, params.user_id, filter, CONSOLE_LEDGER_PAGE, (page - 1) * CONSOLE_LEDGER_PAGE);
    return { rows: r.rows, total: r.total, page, per_page: CONSOLE_LEDGER_PAGE };
  });

  route(app, ENDPOINTS.consolePlayerLedgerCsv, async ({ params, query, reply }) => {
    const r = await playerLedger(db.orm, params.user_id, query, CONSOLE_LEDGER_CSV_MAX, 0, 'asc');
    const whole = (v: string, a: string) => (a.startsWith('item:') ? v : fromBaseUnits(v, a as Token));
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="player-${params.user_id}-ledger.csv"`);
    return toCsv([
      ['date', 'asset', 'amount', 'reason', 'raw_reason', 'reference', 'balance_after'],
      ...r.rows.map((x) => [x.at, x.asset, whole(x.amount, x.asset), x.reason, x.raw_reason, x.reference, whole(x.running_balance, x.asset)]),
    ]);
  });

  route(app, ENDPOINTS.consoleAdjustment, async (input) => {
    const { token, direction, amount, reason } = input.body;
    const signed = direction === 'debit' ? -BigInt(amount) : BigInt(amount);
    return adjust(db, actorOf(input), { userId: input.params.user_id, token, amount: signed, reason, limit, now: input.now });
  });

  route(app, ENDPOINTS.consoleApprovals, async ({ query }) => {
    const r = await approvalsPage(db.orm, { status: query.status, page: query.page, perPage: LIST_PAGE });
    return { ...r, page: query.page, per_page: LIST_PAGE };
  });
  route(app, ENDPOINTS.consoleApprovalApprove, async (input) =>
    decideApproval(db, actorOf(input), { id: input.params.id, approve: true, reason: input.body.reason, now: input.now }));
  route(app, ENDPOINTS.consoleApprovalReject, async (input) =>
    decideApproval(db, actorOf(input), { id: input.params.id, approve: false, reason: input.body.reason, now: input.now }));

  route(app, ENDPOINTS.consolePayments, async ({ query }) => {
    const r = await paymentsPage(db.orm, { state: query.state, chain: query.chain, userId: query.user_id, page: query.page, perPage: LIST_PAGE });
    return { ...r, page: query.page, per_page: LIST_PAGE };
  });
  route(app, ENDPOINTS.consolePaymentResolve, async (input) => {
    const b = input.body;
    const resolution = b.kind === 'credit'
      ? { kind: 'credit' as const, userId: b.user_id, token: b.token, amount: BigInt(b.amount) }
      : { kind: 'refunded' as const, refundTx: b.refund_tx };
    return resolvePayment(db, actorOf(input), { id: input.params.id, resolution, reason: b.reason, limit, now: input.now });
  });

  route(app, ENDPOINTS.consoleChestLock, async (input) =>
    setChestLock(db, actorOf(input), { userId: input.params.user_id, locked: input.body.locked, reason: input.body.reason, now: input.now }));
  route(app, ENDPOINTS.consoleSuspension, async (input) =>
    setSuspension(db, actorOf(input), { userId: input.params.user_id, suspended: input.body.suspended, reason: input.body.reason, now: input.now }));
  route(app, ENDPOINTS.consolePlayerMessage, async (input) =>
    messagePlayer(db, actorOf(input), { userId: input.params.user_id, title: input.body.title, body: input.body.body, reason: input.body.reason, now: input.now }));
  route(app, ENDPOINTS.consoleBroadcast, async (input) =>
    broadcast(db, actorOf(input), { audience: input.body.audience, chain: input.body.chain, title: input.body.title, body: input.body.body, reason: input.body.reason, now: input.now }));

  route(app, ENDPOINTS.consoleMaintenanceState, async () => maintenanceState(app.maintenance));
  route(app, ENDPOINTS.consoleMaintenance, async (input) =>
    setMaintenance(db, actorOf(input), app.maintenance, { on: input.body.on, message: input.body.message, endsAt: input.body.ends_at, reason: input.body.reason, now: input.now }));

  route(app, ENDPOINTS.consoleOperators, async () => ({ operators: await listOperators(db.orm) }));
  route(app, ENDPOINTS.consoleOperatorAdd, async (input) =>
    addOperator(db, actorOf(input), { chain: input.body.chain, address: input.body.address, role: input.body.role, reason: input.body.reason, now: input.now }));
  route(app, ENDPOINTS.consoleOperatorRemove, async (input) =>
    removeOperator(db, actorOf(input), { chain: input.body.chain, address: input.body.address, reason: input.body.reason, now: input.now }));

  route(app, ENDPOINTS.consoleAudit, async ({ query }) => {
    const r = await auditPage(db.orm, { action: query.action, operator: query.operator, userId: query.user_id, page: query.page });
    return { ...r, page: query.page, per_page: AUDIT_PAGE_SIZE };
  });

  route(app, ENDPOINTS.consoleEconomy, async ({ query, now }) => economy(db.orm, query, now));
  route(app, ENDPOINTS.consoleEconomyCsv, async ({ query, now, reply }) => {
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="economy.csv"');
    return economyCsv(await economy(db.orm, query, now));
  });

  route(app, ENDPOINTS.consoleOperations, async ({ now }) => {
    const tip = await providers.money.ledger.tip().then((t) => t.height, () => null);
    return operations(db, now, { priceMaxAgeMs: config.prices.maxAgeMs, maintenance: await maintenanceState(app.maintenance), tips: { cardano: tip }, everyMs: app.deps.jobEveryMs });
  });
}
