/**
 * Error codes (docs/product.md §8 and the ones the HTTP contract adds) as a typed union, and the error a rule
 * throws. Rules and the server share {@link ErrorCode}, so a misspelt code does not compile; the
 * messages and HTTP statuses live in `@kingdom/api`'s catalogue, which must name every code.
 */

/** docs/product.md §8 codes, in the spec's order. */
export const SPEC_ERROR_CODES = [
  'ERROR_WALLET_WRONG_NETWORK', 'ERROR_WALLET_NOT_ENOUGH_UTXO', 'ERROR_WALLET_NOT_ENOUGH_BALANCE',
  'ERROR_WALLET_NOT_SELECTED', 'ERROR_WALLET_API', 'ERROR_WALLET_NOT_MATCH', 'ERROR_WALLET_ALREADY_LINKED',
  'UNHANDLED_WALLET_ERROR', 'UNHANDLED_ERROR', 'USER_NOT_AUTH', 'USER_WALLET_NOT_BELONG', 'USER_WALLET_CANCEL_CONNECT',
  'USER_WALLET_CANCEL_TRANSACTION', 'USER_WALLET_ALREADY_ADDED', 'SYSTEM_FEATURE_NOT_AVAILABLE',
  'NOT_VALID_REQUEST_ADDRESS', 'NOT_SET_ACTIVE_ADDRESS', 'CANT_GET_MASTER_WALLET', 'ACTIVE_ADDRESS_NOT_MASTER_ADDRESS',
  'WITHDRAW_CAN_ONLY_MASTER', 'PENDING_TRANSACTION', 'MINT_REMOVE_COORS', 'LAND_NOT_AVAILABLE', 'LAND_SOLD_OUT',
  'LAND_NOT_BELONG_TO_USER', 'CHEST_NOT_LAND_OWNER', 'CHEST_NOT_TIME_END', 'CHEST_END', 'CHEST_EXPLOIT',
  'GOLDMINE_UPGRADE_FAILED', 'GOLDMINE_UPGRADE_IN_PROGRESS', 'GOLDMINE_ERROR_LAND_MAX_SIZE', 'NOT_VALID_WORKER_RARITY',
  'SLOT_ALREADY_USE', 'NOT_VALID_WORKER', 'WORKER_NOT_BELONG_USER', 'WORKER_IS_SET', 'SLOT_NOT_AVAILABLE',
  'CANT_RUN_THIS_OPERATION', 'ERROR_WALLET_SELECT_API', 'ITEM_NOT_EXIST_ON_BALANCE', 'VOTES_NOT_VALID_VALUE',
  'USER_WITHDRAW_HEXO_NO_BALANCE', 'VENDOR_NOT_ENOUGH_BALANCE',
] as const;

/**
 * Codes the spec leaves open that the game and the HTTP contract need (docs/http-contract.md §2):
 * refusals the spec has no code for get one of their own rather than a 5xx.
 */
export const EXTRA_ERROR_CODES = [
  'CSRF_TOKEN_MISMATCH', 'VALIDATION_ERROR', 'NOT_FOUND', 'TOO_MANY_REQUESTS', 'MAINTENANCE', 'DEMO_ONLY',
  'GOLDMINE_MAX_LEVEL', 'LAND_MAX_SIZE', 'AMOUNT_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'WALLET_LAST_OF_ACCOUNT',
  'USER_NAME_TAKEN', 'NOT_VALID_AVATAR',
  'TX_SUBMIT_FAILED', 'TREASURY_INSUFFICIENT', 'SALE_ROUND_CLOSED', 'SALE_SOLD_OUT',
  'NOT_READY',
  // The fren mine's upgrade refusals, named for it (the spec's GOLDMINE_* codes stay the gold mine's).
  'FRENMINE_UPGRADE_IN_PROGRESS', 'FRENMINE_MAX_LEVEL', 'FRENMINE_ERROR_LAND_MAX_SIZE',
  // Solana payments (docs/game-rules.md §9) and prices (§1).
  'PRICE_STALE', 'ERROR_WALLET_TX_VERSION_NOT_SUPPORTED', 'ERROR_WALLET_TX_TOO_LARGE',
  // An EXO order paid in SOL needs a Solana wallet linked to the account (its payer must be one).
  'SOLANA_WALLET_REQUIRED',
  // A vendor item's weekly limit per account (docs/game-rules.md §6).
  'VENDOR_WEEKLY_LIMIT',
  // The result of a fren mine upgrade that failed (the spec's GOLDMINE_UPGRADE_FAILED is the gold mine's).
  'FRENMINE_UPGRADE_FAILED',
  // Daily and weekly quests (docs/game-rules.md §14): a claim twice, too early, or after its period.
  'QUEST_ALREADY_CLAIMED', 'QUEST_NOT_COMPLETE', 'QUEST_PERIOD_ENDED',
  // The operator console (docs/http-contract.md §4): a role too weak, a suspended account's write,
  // the two-person rule, a payment resolved once, the last admin kept.
  'OPERATOR_FORBIDDEN', 'ACCOUNT_SUSPENDED', 'APPROVAL_OWN_REQUEST', 'APPROVAL_NOT_PENDING', 'PAYMENT_ALREADY_RESOLVED', 'OPERATOR_LAST_ADMIN',
  // A request whose Idempotency-Key another request is still answering (Stripe's rule: never another verdict).
  'IDEMPOTENCY_KEY_IN_USE',
  // Messages that fit (the spec's ITEM_NOT_EXIST_ON_BALANCE names a Toolkit, its USER_NOT_AUTH an expired
  // session): a land expansion without its permit; a wallet proof whose signature fails, or whose
  // challenge is unknown, used or expired (docs/product.md §8).
  'PERMIT_NOT_EXIST_ON_BALANCE', 'WALLET_SIGNATURE_NOT_VALID', 'WALLET_MESSAGE_NOT_VALID',
  // The Market (docs/game-rules.md §16): its limits against abuse, and a cancel of an order no longer open;
  // an account's orders and cancels past the per-minute limit, counted cluster-wide (§16.5).
  'MARKET_PRICE_OUT_OF_BAND', 'MARKET_NO_REFERENCE_PRICE', 'MARKET_DAILY_CAP', 'MARKET_SELLER_NOT_ELIGIBLE', 'MARKET_ORDER_NOT_OPEN', 'MARKET_RATE_LIMIT',
  // A push subscription whose endpoint the server will not call (not https, a private address, too long; docs/product.md §11).
  'PUSH_ENDPOINT_NOT_ALLOWED',
] as const;

/** Every error code a rule or the API can answer. */
export type ErrorCode = (typeof SPEC_ERROR_CODES)[number] | (typeof EXTRA_ERROR_CODES)[number];

/** Every code, spec first. */
export const ERROR_CODES: readonly ErrorCode[] = [...SPEC_ERROR_CODES, ...EXTRA_ERROR_CODES];

/**
 * The error a rule throws: a catalogue code. The server maps it to `{error, message}` with the
 * catalogue message and status from `@kingdom/api`; the web app shows the same message.
 */
export class GameError extends Error {
  constructor(public readonly code: ErrorCode, detail?: string) {
    super(detail ?? code);
    this.name = 'GameError';
  }
}
