/**
 * The operator console's contract (docs/http-contract.md §4, docs/operator-guide.md "The console"):
 * every endpoint under `/api/console/…` is declared `auth: 'operator'` with the weakest role allowed
 * (`viewer` reads, `support` acts on players, `admin` moves money and manages operators). Operators
 * sign in with their wallet exactly as players do; a session whose signed-in wallet is not an
 * operator's with that role answers 403 OPERATOR_FORBIDDEN.
 *
 * Every write takes a `reason` and writes one append-only `operator_actions` row (the audit) in the
 * transaction that does it; money moves only through the ledger (raw reasons `operator_adjustment`
 * and `payment_resolved`, the audit row's id as reference). An adjustment (or a payment credit) above
 * the two-person limit (`CONSOLE_TWO_PERSON_LIMIT`) is not applied: it becomes a pending approval
 * that another admin approves.
 *
 * Units as elsewhere: token amounts are integer base units as decimal strings (6 decimals; lovelace
 * for ADA, lamports for SOL), times ISO 8601 UTC, days `YYYY-MM-DD` (UTC).
 */
import { z } from 'zod';
import { TOKENS } from '@kingdom/game';
import { OPERATOR_ROLES } from './contract.ts';
import { baseUnits, chain, text } from './schemas.ts';
import { deposit, exoOrder, withdrawal } from './chain.ts';
import { LEDGER_ASSETS, LEDGER_REASONS, ledgerRow } from './economy.ts';
import { notification } from './goldrush.ts';

const iso = z.string();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a UTC day, YYYY-MM-DD');
const userId = z.coerce.number().int().min(1).max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
/** A positive amount in base units (at most 38 digits, the ledger's numeric). */
const positiveBaseUnits = z.string().regex(/^[1-9]\d{0,37}$/, 'a positive whole number of base units');

export const operatorRole = z.enum(OPERATOR_ROLES);

/** Why the operator does it: every console write requires it; it is kept in the audit row forever. */
export const actionReason = text(500, 3).describe('why (kept in the audit log)');

// ---- me ----
/** `GET /console/me`: the signed-in operator. */
export const consoleMeResponse = z.object({
  chain,
  address: z.string().describe('the wallet address the session signed in with'),
  role: operatorRole,
  user_id: z.number().int(),
  /** Adjustments (and payment credits) above this many base units of any token need a second admin. */
  two_person_limit: baseUnits,
  /** Admins other than this one (the two-person rule needs one to approve). */
  other_admins: z.number().int(),
});
export type ConsoleMeResponse = z.infer<typeof consoleMeResponse>;

// ---- search ----
/** What a search hit matched. */
export const SEARCH_MATCHES = [
  'user_id', 'address', 'stake_address', 'handle', 'name', 'cardano_tx', 'solana_signature', 'order_id', 'land',
] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];
/**
 * `GET /console/search?q=`: one box. `q` is tried as every key it can be: a user id (digits), a
 * linked address (Cardano bech32 `addr…`, Solana base58), a stake address (`stake…`: the account that
 * proved it), an ADA Handle (`$name`) or user name, a Cardano transaction hash (64 hex: deposits,
 * order payments, withdrawals), a Solana signature (base58: SOL payments), an order id (`#123` or
 * digits) or a land's hex name (its owner).
 */
export const consoleSearchQuery = z.strictObject({ q: text(200, 1) });
export const searchHit = z.object({
  user_id: z.number().int(),
  name: z.string(),
  matched: z.enum(SEARCH_MATCHES),
  /** What matched, in words: the address, the hash and its role (e.g. `deposit 1a2b…#0`), `land E03N12`. */
  detail: z.string(),
  chain: chain.nullable().describe('the chain of the matched wallet or payment, when there is one'),
  suspended: z.boolean(),
  created_at: iso,
  last_login_at: iso.nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;
/**
 * Hits, best first (at most 20). `payments`: unmatched or resolved payments that matched a hash or
 * signature but belong to no account (resolve them from there).
 */
export const consoleSearchResponse = z.object({
  q: z.string(),
  hits: z.array(searchHit),
  payments: z.array(z.lazy(() => unmatchedPayment)),
});
export type ConsoleSearchResponse = z.infer<typeof consoleSearchResponse>;

// ---- the player's page ----
export const playerParams = z.strictObject({ user_id: userId });

export const playerFlags = z.object({
  suspended: z.boolean(),
  suspended_at: iso.nullable(),
  suspended_reason: z.string().nullable(),
  chest_locked: z.boolean(),
});
export type PlayerFlags = z.infer<typeof playerFlags>;

export const playerWallet = z.object({
  id: z.number().int(),
  chain,
  address: z.string(),
  is_master: z.boolean(),
  handle: z.string().nullable(),
  created_at: iso,
  synced_at: iso.nullable(),
});
export const playerStakeKey = z.object({ stake_credential: z.string(), reward_address: z.string(), proved_at: iso });
export const playerLand = z.object({
  id: z.number().int(),
  hex_name: z.string(),
  name: z.string(),
  size: z.string(),
  biome: z.string(),
  goldmine_level: z.number().int().nullable(),
  frenmine_level: z.number().int().nullable(),
});
export const playerWorker = z.object({
  slot: z.number().int(),
  kind: z.string().describe('`nft` or `default`'),
  rarity: z.string(),
  asset: z.string().nullable().describe('`collection_key.asset_key` of an NFT worker'),
  assigned_at: iso,
});
export const playerMine = z.object({
  hex_name: z.string(),
  mine: z.enum(['goldmine', 'frenmine']),
  level: z.number().int().nullable(),
  workers: z.array(playerWorker),
  upgrade: z.object({ target_level: z.number().int(), status: z.string(), started_at: iso, ends_at: iso }).nullable().describe('the latest upgrade'),
});
export const playerItem = z.object({ key: z.string(), name: z.string(), amount: z.number().int() });
/** An order with where its payment stands on its chain. */
export const playerOrder = exoOrder.extend({
  paid_at: iso.nullable(),
  /** The Solana watcher's verdicts on payments naming this order (`paid`, `under`, `after_expiry`, …); empty for ADA orders. */
  solana_verdicts: z.array(z.object({ signature: z.string(), verdict: z.string(), lamports: z.string() })),
});
export const playerWithdrawal = withdrawal.extend({
  submit_attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: iso,
});
export const playerQuestClaim = z.object({ quest_id: z.string(), quest_key: z.string(), claimed_at: iso, rewards: z.unknown() });
export const signIn = z.object({
  at: iso,
  chain,
  address: z.string(),
  /** The wallet the app named at sign-in (`eternl`, `phantom`…), or null. */
  wallet: z.string().nullable(),
  /** `signature` (signData / signMessage) or `tx` (hardware wallet). */
  method: z.string(),
  user_agent: z.string().nullable(),
});
export type SignIn = z.infer<typeof signIn>;

/** Who acted: an operator's wallet (`cardano` / `solana`), or the `kingdom` CLI (chain `cli`, address the system user). */
export const actor = z.object({ chain: z.enum(['cardano', 'solana', 'cli']), address: z.string() });

/** An audit row (`operator_actions`). */
export const auditRow = z.object({
  id: z.number().int(),
  at: iso,
  operator: actor,
  role: operatorRole,
  action: z.string().describe('e.g. `adjustment`, `payment_resolve`, `chest_lock`, `suspend`, `message`, `broadcast`, `maintenance`, `operator_add`'),
  target: z.string().describe('what it acted on: `user:12`, `payment:cardano:7`, `operator:solana:…`, `all`, `maintenance`'),
  target_user_id: z.number().int().nullable(),
  reason: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** A money move above the two-person limit, waiting for (or decided by) a second admin. */
export const approval = z.object({
  id: z.number().int(),
  kind: z.enum(['adjustment', 'payment_credit']),
  user_id: z.number().int(),
  token: z.enum(TOKENS),
  /** Signed: negative for a debit. */
  amount: baseUnits,
  /** For `payment_credit`: the payment (`cardano:<id>` / `solana:<id>`). */
  payment: z.string().nullable(),
  reason: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  requested_by: actor,
  requested_at: iso,
  decided_by: actor.nullable(),
  decided_at: iso.nullable(),
  /** The audit row of the request; of the decision once decided. */
  request_action_id: z.number().int(),
  decision_action_id: z.number().int().nullable(),
});
export type Approval = z.infer<typeof approval>;

/** `GET /console/players/:user_id`: everything support needs of one account (lists: the newest, bounded). */
export const consolePlayerResponse = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string().nullable(),
    type: z.string(),
    created_at: iso,
    last_login_at: iso.nullable(),
  }),
  flags: playerFlags,
  wallets: z.array(playerWallet),
  stake_keys: z.array(playerStakeKey),
  balances: z.record(z.enum(TOKENS), baseUnits),
  lands: z.array(playerLand),
  mines: z.array(playerMine),
  items: z.array(playerItem),
  /** Newest first, at most 50. */
  orders: z.array(playerOrder),
  /** The account's deposits (newest 50) and the deposits naming it from wallets it has not linked. */
  deposits: z.array(deposit),
  claimable: z.array(deposit),
  /** Newest first, at most 50, with their verdicts. */
  withdrawals: z.array(playerWithdrawal),
  /** Newest first, at most 50. */
  quest_claims: z.array(playerQuestClaim),
  /** Newest first, at most 50. */
  notifications: z.array(notification),
  /** Newest first, at most 50. */
  sign_ins: z.array(signIn),
  /** Audit rows about this account, newest first, at most 100. */
  audit: z.array(auditRow),
  /** This account's approvals (pending first). */
  approvals: z.array(approval),
});
export type ConsolePlayerResponse = z.infer<typeof consolePlayerResponse>;

/** `GET /console/players/:user_id/ledger`: the ledger with filters, newest first, 50 a page. */
export const consoleLedgerQuery = z.strictObject({
  asset: z.enum(LEDGER_ASSETS).optional().describe('a token, or `items`; all assets when absent'),
  reason: z.enum(LEDGER_REASONS).optional(),
  from: day.optional().describe('first UTC day (inclusive)'),
  to: day.optional().describe('last UTC day (inclusive)'),
  page,
});
export type ConsoleLedgerQuery = z.input<typeof consoleLedgerQuery>;
export const consoleLedgerResponse = z.object({
  rows: z.array(ledgerRow),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ConsoleLedgerResponse = z.infer<typeof consoleLedgerResponse>;
/** `GET /console/players/:user_id/ledger.csv`: the same filters, every row, oldest first. */
export const consoleLedgerCsvQuery = consoleLedgerQuery.omit({ page: true });

// ---- actions ----
/**
 * `POST /console/players/:user_id/adjustments` (admin): credits or debits one token. At or under the
 * two-person limit it is applied at once (ledger reason `operator_adjustment`); above, it waits for a
 * second admin (`status: 'pending_approval'`). A debit never takes a balance below zero
 * (VENDOR_NOT_ENOUGH_BALANCE).
 */
export const adjustmentRequest = z.strictObject({
  token: z.enum(TOKENS),
  direction: z.enum(['credit', 'debit']),
  amount: positiveBaseUnits,
  reason: actionReason,
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;
export const moneyActionResponse = z.object({
  status: z.enum(['applied', 'pending_approval']),
  /** The audit row written. */
  action_id: z.number().int(),
  /** The pending approval, when one was made. */
  approval: approval.nullable(),
  /** The token's balance after (unchanged while pending). */
  balance: baseUnits,
});
export type MoneyActionResponse = z.infer<typeof moneyActionResponse>;

/** `GET /console/approvals`: approvals, pending first then newest. */
export const approvalsQuery = z.strictObject({ status: z.enum(APPROVAL_STATUSES).optional(), page });
export const approvalsResponse = z.object({ approvals: z.array(approval), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export const approvalParams = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** `POST /console/approvals/:id/approve|reject` (admin, not the one who asked: APPROVAL_OWN_REQUEST). */
export const approvalDecisionRequest = z.strictObject({ reason: actionReason });
export const approvalDecisionResponse = z.object({ approval, action_id: z.number().int(), balance: baseUnits });

// ---- unmatched payments ----
export const PAYMENT_STATES = ['unmatched', 'credited', 'refunded'] as const;
/**
 * A payment the watchers could not credit (docs/game-rules.md §8, §9): an ADA payment to the sale
 * address (`chain_payments` status `unmatched`) or a SOL payment the Solana watcher judged other than
 * `paid`. `id` is `cardano:<row>` or `solana:<row>`.
 */
export const unmatchedPayment = z.object({
  id: z.string(),
  chain,
  /** Cardano `tx_hash#output_index`, or the Solana signature. */
  tx: z.string(),
  /** `ada` (lovelace) or `sol` (lamports). */
  currency: z.enum(['ada', 'sol']),
  amount: baseUnits,
  sender: z.string(),
  /** Why it was not credited: the Solana verdict (`under`, `after_expiry`, …) or `unmatched`. */
  verdict: z.string(),
  order_id: z.number().int().nullable(),
  user_id: z.number().int().nullable().describe('the account it names or comes from, when known'),
  seen_at: iso,
  state: z.enum(PAYMENT_STATES),
  /** Once resolved: how, when, by whom, and the credit or the refund transaction. */
  resolution: z.object({
    kind: z.enum(['credit', 'refunded']),
    at: iso,
    operator: actor,
    user_id: z.number().int().nullable(),
    token: z.enum(TOKENS).nullable(),
    amount: baseUnits.nullable(),
    refund_tx: z.string().nullable(),
    action_id: z.number().int(),
  }).nullable(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPayment>;
export const paymentsQuery = z.strictObject({
  state: z.enum([...PAYMENT_STATES, 'all']).default('unmatched'),
  chain: chain.optional(),
  /** Only the payments of this account (theirs by order, sender or message, or credited to it by a resolution). */
  user_id: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional(),
  page,
});
export const paymentsResponse = z.object({ payments: z.array(unmatchedPayment), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export const paymentParams = z.strictObject({ id: z.string().max(40).regex(/^(cardano|solana):\d{1,18}$/, '`cardano:<id>` or `solana:<id>`') });
/**
 * `POST /console/payments/:id/resolve` (support): once per payment (PAYMENT_ALREADY_RESOLVED after).
 * `credit`: pays `amount` base units of `token` to `user_id` (ledger reason `payment_resolved`; above
 * the two-person limit it waits for an admin's approval, the payment staying unmatched until then);
 * `refunded`: records the refund transaction sent by hand (Cardano tx hash / Solana signature).
 * `kingdom treasury` then lists it resolved.
 */
export const resolvePaymentRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('credit'), user_id: userId, token: z.enum(TOKENS), amount: positiveBaseUnits, reason: actionReason }),
  z.strictObject({ kind: z.literal('refunded'), refund_tx: text(120, 32).regex(/^[0-9A-Za-z]+$/, 'a transaction hash or signature'), reason: actionReason }),
]);
export type ResolvePaymentRequest = z.infer<typeof resolvePaymentRequest>;
export const resolvePaymentResponse = z.object({
  payment: unmatchedPayment,
  status: z.enum(['applied', 'pending_approval']),
  action_id: z.number().int(),
  approval: approval.nullable(),
});

// ---- moderation ----
/** `POST /console/players/:user_id/chest` (support): a locked chest answers CHEST_EXPLOIT to its player. */
export const chestLockRequest = z.strictObject({ locked: z.boolean(), reason: actionReason });
/**
 * `POST /console/players/:user_id/suspension` (support): a suspended player signs in and reads; every
 * write answers ACCOUNT_SUSPENDED. The tick still settles their mines (docs/game-rules.md §15).
 */
export const suspensionRequest = z.strictObject({ suspended: z.boolean(), reason: actionReason });
export const flagsResponse = z.object({ flags: playerFlags, action_id: z.number().int() });

/** An inbox message from the operators (notification type `operator_message`, data `{title, body}`). */
export const messageText = { title: text(120, 1), body: text(2000, 1) };
/** `POST /console/players/:user_id/messages` (support). */
export const playerMessageRequest = z.strictObject({ ...messageText, reason: actionReason });
export const BROADCAST_AUDIENCES = ['all', 'chain', 'land_owners'] as const;
/**
 * `POST /console/broadcasts` (admin): one inbox message to every account (`all`), to those with a
 * wallet on `chain` (`chain`), or to those holding at least one land (`land_owners`).
 */
export const broadcastRequest = z.strictObject({
  audience: z.enum(BROADCAST_AUDIENCES),
  chain: chain.optional().describe('required with audience `chain`'),
  ...messageText,
  reason: actionReason,
}).refine((b) => (b.audience === 'chain') === (b.chain !== undefined), { message: 'chain is required with audience chain (and only then)', path: ['chain'] });
export const messageResponse = z.object({ recipients: z.number().int(), action_id: z.number().int() });

// ---- maintenance ----
/**
 * Maintenance, switched at run time for every server at once (no restart): while on, player
 * endpoints answer 503 MAINTENANCE with `message`; the console, sign-in, config and health stay up.
 * `ends_at` is what players are told; maintenance ends only when switched off. The `MAINTENANCE`
 * environment variable still forces it on for one server.
 */
export const maintenanceState = z.object({
  on: z.boolean(),
  message: z.string().nullable(),
  ends_at: iso.nullable(),
  since: iso.nullable(),
  /** True when this server's `MAINTENANCE` environment variable forces it on. */
  forced_by_env: z.boolean(),
});
export type MaintenanceState = z.infer<typeof maintenanceState>;
/** `POST /console/maintenance` (admin). */
export const maintenanceRequest = z.strictObject({
  on: z.boolean(),
  message: text(500).optional(),
  ends_at: z.iso.datetime({ offset: true }).optional(),
  reason: actionReason,
});
export const maintenanceResponse = z.object({ maintenance: maintenanceState, action_id: z.number().int().nullable() });

// ---- operators ----
export const operatorRow = z.object({
  chain,
  address: z.string(),
  role: operatorRole,
  added_by: z.string().describe('an operator address, or `cli`'),
  added_at: iso,
  /** The account that wallet belongs to, once it signed in. */
  user_id: z.number().int().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRow>;
export const operatorsResponse = z.object({ operators: z.array(operatorRow) });
/** `POST /console/operators` (admin): adds an operator or changes its role. */
export const operatorAddRequest = z.strictObject({ chain, address: text(200, 1), role: operatorRole, reason: actionReason });
/** `POST /console/operators/remove` (admin): never the last admin (OPERATOR_LAST_ADMIN). */
export const operatorRemoveRequest = z.strictObject({ chain, address: text(200, 1), reason: actionReason });
export const operatorChangeResponse = z.object({ operators: z.array(operatorRow), action_id: z.number().int() });

// ---- audit log ----
export const auditQuery = z.strictObject({
  action: text(40).optional(),
  operator: text(200).optional().describe('an operator address'),
  user_id: userId.optional().describe('rows about this account'),
  page,
});
export const auditResponse = z.object({ rows: z.array(auditRow), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

// ---- economy dashboard ----
/**
 * A player's chain in the dashboard: the chain of the account's first wallet (where they came from).
 * `all`: every account.
 */
export const ECONOMY_CHAINS = ['all', 'cardano', 'solana'] as const;
export const economyQuery = z.strictObject({
  from: day.optional().describe('first UTC day (default: 29 days before `to`)'),
  to: day.optional().describe('last UTC day (default: today)'),
  chain: z.enum(ECONOMY_CHAINS).default('all'),
});
export type EconomyQuery = z.input<typeof economyQuery>;
/** Token created (credited) and burned (debited) on one day by one raw ledger reason. */
export const economyFlow = z.object({
  day,
  asset: z.string().describe('a token, or `item:<key>`'),
  reason: z.string().describe('the raw ledger reason (`goldmine_reward`, `vendor_purchase`, `operator_adjustment`…)'),
  created: baseUnits.describe('sum of the positive entries'),
  burned: baseUnits.describe('minus the sum of the negative entries (≥ 0)'),
  entries: z.number().int(),
});
export type EconomyFlow = z.infer<typeof economyFlow>;
export const economyDay = z.object({
  day,
  /** EXO paid by each pool (`goldmine`, `frenmine`, …; from the ledger's `<pool>_reward`). */
  exo_paid: z.record(z.string(), baseUnits),
  /** Vendor revenue per token paid (`vendor_purchase` debits) and EXO sold for ADA/SOL (`exo_order`). */
  vendor_revenue: z.record(z.string(), baseUnits),
  market_revenue: z.object({ lovelace: baseUnits, lamports: baseUnits, exo_sold: baseUnits }),
  /**
   * The Market's trades that day per pay token (`exo`, `hexo`; docs/game-rules.md §16): `volume` = Σ price × quantity,
   * `fees` = Σ fee (burned), `trades` = their count. A trade counts on the buyer's chain.
   */
  market: z.record(z.string(), z.object({ volume: baseUnits, fees: baseUnits, trades: z.number().int() })),
  /** Shop royalties paid, per token. */
  royalties: z.record(z.string(), baseUnits),
  deposits: z.record(z.string(), baseUnits),
  withdrawals: z.record(z.string(), baseUnits),
  /** Accounts that signed in or played that day (distinct). */
  active: z.number().int(),
  new_players: z.number().int(),
  /** Sign-ins by wallet name (`eternl`, `phantom`, …; `unknown` when the app named none). */
  sign_ins: z.record(z.string(), z.number().int()),
  quest_claims: z.number().int(),
});
export type EconomyDay = z.infer<typeof economyDay>;
/** A day's new players and how many came back on day 1, 7 and 30 (null until that day has come). */
export const retentionCohort = z.object({
  day,
  players: z.number().int(),
  d1: z.number().int().nullable(),
  d7: z.number().int().nullable(),
  d30: z.number().int().nullable(),
});
export const treasuryRow = z.object({
  chain,
  /** `ada` (lovelace), `sol` (lamports), `exo`, `hexo` (base units). */
  asset: z.string(),
  /** What the ledger says the treasury should hold (received − paid out). */
  expected: baseUnits,
  /** What the chain says, when this server could read it; null otherwise. */
  on_chain: baseUnits.nullable(),
  checked_at: iso.nullable(),
});
export const economyResponse = z.object({
  from: day,
  to: day,
  chain: z.enum(ECONOMY_CHAINS),
  days: z.array(economyDay),
  flows: z.array(economyFlow),
  /** As of `to`: distinct active accounts that day, in the 7 and the 30 days ending then. */
  active: z.object({ dau: z.number().int(), wau: z.number().int(), mau: z.number().int() }),
  retention: z.array(retentionCohort),
  treasuries: z.array(treasuryRow),
  /** When these numbers were computed (answers are cached for a short while). */
  computed_at: iso,
});
export type EconomyResponse = z.infer<typeof economyResponse>;
/** `GET /console/economy.csv`: the flows (day, chain, asset, reason, created, burned, entries) then the days' figures. */
export const economyCsvQuery = economyQuery;

// ---- suspicious Market pairs (docs/operator-guide.md "The console", issue 38 item 4) ----
export const suspiciousPairsQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(90).default(30).describe('the trades of the last `days` days (default 30)'),
});
export type SuspiciousPairsQuery = z.input<typeof suspiciousPairsQuery>;
const pairAccount = z.object({ user_id: z.number().int(), name: z.string().nullable() });
/** Two accounts (a < b by id) and their trades with each other in one pay token. */
export const suspiciousPair = z.object({
  a: pairAccount,
  b: pairAccount,
  pay_token: z.string(),
  /** Their trades with each other in the window (either side). */
  trades: z.number().int(),
  /** Of those, the ones off the reference by at least `rule.off_bps`. */
  off_trades: z.number().int(),
  /** Σ price × quantity of their trades (base units of `pay_token`). */
  volume: baseUnits,
  /** Σ |price − reference| × quantity of the off trades: the value moved past the market price (base units). */
  value_off: baseUnits,
  /** Net value of the off trades moved to `b` (negative: to `a`): Σ ±(price − reference) × quantity, + when `b` sold. */
  moved_to_b: z.string().regex(/^-?\d+$/),
  goods: z.array(z.string()),
  first_at: iso,
  last_at: iso,
});
export type SuspiciousPair = z.infer<typeof suspiciousPair>;
export const suspiciousPairsResponse = z.object({
  days: z.number().int(),
  rule: z.object({ median_days: z.number().int(), off_bps: z.number().int(), min_off_trades: z.number().int() }),
  pairs: z.array(suspiciousPair),
  /** True when the window held more trades than one answer reads (the oldest were left out). */
  truncated: z.boolean(),
});
export type SuspiciousPairsResponse = z.infer<typeof suspiciousPairsResponse>;

// ---- operations ----
export const jobStatus = z.object({
  name: z.string(),
  last_run_at: iso.nullable(),
  duration_ms: z.number().nullable(),
  ok: z.boolean().nullable(),
  last_error: z.string().nullable(),
  lease_holder: z.string().nullable(),
  lease_expires_at: iso.nullable(),
  next_run_at: iso.nullable(),
});
export const watcherStatus = z.object({
  name: z.string().describe('e.g. `cardano`, `solana:<address>`'),
  chain,
  /** Where the watcher is (block height or slot) and the chain's tip, when known. */
  position: z.number().int().nullable(),
  tip: z.number().int().nullable(),
  lag: z.number().int().nullable().describe('tip − position, blocks or slots'),
});
export const priceAge = z.object({ token: z.string(), seen_at: iso.nullable(), age_seconds: z.number().nullable(), stale: z.boolean(), source: z.string().nullable() });
export const serverProcess = z.object({
  id: z.string(),
  release: z.string().nullable(),
  host: z.string().nullable(),
  started_at: iso.nullable(),
  seen_at: iso.nullable(),
});
export const consoleOperationsResponse = z.object({
  now: iso,
  jobs: z.array(jobStatus),
  tick: z.object({
    last_settled_day: day.nullable(),
    /** The run in progress (or the last one): its day, phase and batches. */
    run: z.object({ day, phase: z.string(), batches_done: z.number().int(), batches_total: z.number().int().nullable(), started_at: iso.nullable(), finished_at: iso.nullable() }).nullable(),
  }),
  watchers: z.array(watcherStatus),
  prices: z.array(priceAge),
  world_imports: z.array(z.object({ id: z.number().int(), started_at: iso, finished_at: iso.nullable(), phase: z.string(), counts: z.record(z.string(), z.unknown()) })),
  /** Live server processes and their release (empty until the process registry exists). */
  processes: z.array(serverProcess),
  database: z.object({ size_bytes: z.string().nullable(), migration: z.string().describe('the last applied migration'), kind: z.enum(['postgres', 'pglite']) }),
  maintenance: maintenanceState,
});
export type ConsoleOperationsResponse = z.infer<typeof consoleOperationsResponse>;
