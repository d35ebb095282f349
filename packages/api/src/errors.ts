/**
 * The error catalogue (docs/product.md §8) and the codes we added, with their messages and HTTP statuses.
 * Server and web both read it: the server answers `{error: code, message}`, the web toasts `message`.
 * The codes themselves are `@kingdom/game`'s {@link ErrorCode} union: the catalogue must name every one.
 */
import { ERROR_CODES, type ErrorCode } from '@kingdom/game';

export type { ErrorCode };

/** docs/product.md §8 codes with their messages, in the spec's order. */
export const SPEC_ERROR_MESSAGES = {
  ERROR_WALLET_WRONG_NETWORK: 'Wrong blockchain network!',
  ERROR_WALLET_NOT_ENOUGH_UTXO: 'Unable to find UTXo to process transaction!',
  ERROR_WALLET_NOT_ENOUGH_BALANCE: 'Not enough balance to process transaction!',
  ERROR_WALLET_NOT_SELECTED: 'Wallet is not selected!',
  ERROR_WALLET_API: 'An error occurred during the wallet API',
  ERROR_WALLET_NOT_MATCH: 'The connected wallet does not match the dapp wallet!',
  ERROR_WALLET_ALREADY_LINKED: 'This wallet is already linked to another account. Please contact support!',
  UNHANDLED_WALLET_ERROR: 'Something went wrong! Please contact support!',
  UNHANDLED_ERROR: 'Something went wrong! Please contact support!',
  USER_NOT_AUTH: 'Your session has expired!',
  USER_WALLET_NOT_BELONG: 'This wallet is not verified! Use another wallet or link this wallet to your account first.',
  USER_WALLET_CANCEL_CONNECT: 'Authorization process was cancelled!',
  USER_WALLET_CANCEL_TRANSACTION: 'You have canceled the transaction!',
  USER_WALLET_ALREADY_ADDED: 'This wallet is already added to your account!',
  SYSTEM_FEATURE_NOT_AVAILABLE: 'This feature is currently not available. Stay tuned!',
  NOT_VALID_REQUEST_ADDRESS: 'Unable to get wallet address, try again.',
  NOT_SET_ACTIVE_ADDRESS: 'No active wallet was found. Check dapp settings',
  CANT_GET_MASTER_WALLET: 'You have not yet installed Master Wallet. This can be done in your account settings.',
  ACTIVE_ADDRESS_NOT_MASTER_ADDRESS: 'The Active Wallet does not match the Master Wallet address. Change wallet in dapp',
  WITHDRAW_CAN_ONLY_MASTER: 'Withdrawals are only possible from the Master wallet.',
  PENDING_TRANSACTION: 'Please wait, you have pending transactions!',
  MINT_REMOVE_COORS: "Please set the coordinates settings to 'Any'",
  LAND_NOT_AVAILABLE: 'This Land is not available.',
  LAND_SOLD_OUT: 'This Land is already minted!',
  LAND_NOT_BELONG_TO_USER: 'This land does not belong to you',
  CHEST_NOT_LAND_OWNER: 'You must own at least one Land NFT from Cardano Lands Collection',
  CHEST_NOT_TIME_END: "It's not time to open the chest yet",
  CHEST_END: 'You can no longer open the chest',
  CHEST_EXPLOIT: 'Chest is locked, please contact support',
  GOLDMINE_UPGRADE_FAILED: 'The upgrade process failed. Please try again.',
  GOLDMINE_UPGRADE_IN_PROGRESS: 'The upgrade is in progress',
  GOLDMINE_ERROR_LAND_MAX_SIZE: 'Upgrade the Land size to be available to upgrade your Mine',
  NOT_VALID_WORKER_RARITY: 'The Manager must have Epic rarity',
  SLOT_ALREADY_USE: 'There is already a worker in this slot.',
  NOT_VALID_WORKER: 'Worker not found, please re-sync your wallet.',
  WORKER_NOT_BELONG_USER: 'This worker does not belong to you.',
  WORKER_IS_SET: 'This worker is already assigned to the Gold Mine.',
  SLOT_NOT_AVAILABLE: 'This slot is not yet available.',
  CANT_RUN_THIS_OPERATION: 'Fatal error. Can not run this operation',
  ERROR_WALLET_SELECT_API: 'Information about the wrong wallet type was received. Please contact support.',
  ITEM_NOT_EXIST_ON_BALANCE: 'We cannot find the required Toolkit in your App balance.',
  VOTES_NOT_VALID_VALUE: 'Not valid value',
  USER_WITHDRAW_HEXO_NO_BALANCE: 'You do not have such amount on your account balance',
  VENDOR_NOT_ENOUGH_BALANCE: 'You do not have such amount on your account balance',
} as const;

/** Codes the spec leaves open that the HTTP contract needs (docs/http-contract.md §2). */
export const EXTRA_ERROR_MESSAGES = {
  CSRF_TOKEN_MISMATCH: 'CSRF token mismatch.',
  VALIDATION_ERROR: 'The given data was invalid.',
  NOT_FOUND: 'Requested resource unavailable',
  TOO_MANY_REQUESTS: 'Too many requests. Please wait a moment and try again.',
  MAINTENANCE: "We'll be back soon",
  DEMO_ONLY: 'This action is only available in demo mode.',
  GOLDMINE_MAX_LEVEL: 'This mine is already at its maximum level.',
  LAND_MAX_SIZE: 'This land is already at its largest size.',
  AMOUNT_TOO_LARGE: 'This amount is larger than the Kingdom handles.',
  IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
  USER_NAME_TAKEN: 'This user name is already taken. Please choose another.',
  NOT_VALID_AVATAR: 'This avatar is not one of your NFTs.',
  WALLET_LAST_OF_ACCOUNT: 'This is the only wallet of your account: link another one before unlinking it.',
  TX_SUBMIT_FAILED: 'The network refused the transaction. Nothing was sent; please try again.',
  TREASURY_INSUFFICIENT: 'Withdrawals of this token are paused for now. Please try again later.',
  SALE_ROUND_CLOSED: 'This sale round is not open.',
  SALE_SOLD_OUT: 'This sale round is sold out.',
  NOT_READY: 'This server is starting or stopping. Please try again in a moment.',
  FRENMINE_UPGRADE_IN_PROGRESS: 'The upgrade is in progress',
  FRENMINE_MAX_LEVEL: 'This mine is already at its maximum level.',
  FRENMINE_ERROR_LAND_MAX_SIZE: 'Upgrade the Land size to be available to upgrade your Mine',
  PRICE_STALE: 'Prices are out of date right now, so EXO cannot be priced. Please try again in a few minutes.',
  ERROR_WALLET_TX_VERSION_NOT_SUPPORTED: 'Your wallet does not support this transaction version.',
  ERROR_WALLET_TX_TOO_LARGE: 'The transaction is larger than the Solana network accepts (1232 bytes).',
  SOLANA_WALLET_REQUIRED: 'Link a Solana wallet to your account to pay in SOL (Account → Settings → Wallets). Only a linked wallet can pay.',
  FRENMINE_UPGRADE_FAILED: 'The upgrade process failed. Please try again.',
  VENDOR_WEEKLY_LIMIT: 'You have reached this item\'s weekly limit. It can be bought again from Monday 00:00 UTC.',
  QUEST_ALREADY_CLAIMED: 'You have already claimed this quest\'s reward.',
  QUEST_NOT_COMPLETE: 'This quest is not complete yet.',
  QUEST_PERIOD_ENDED: 'This quest\'s period has ended: its reward can no longer be claimed.',
  OPERATOR_FORBIDDEN: 'This page is for the Kingdom\'s operators, with a role that allows it.',
  ACCOUNT_SUSPENDED: 'Your account is suspended: you can look around, but not play. Please contact support.',
  APPROVAL_OWN_REQUEST: 'Another admin must approve this: you asked for it.',
  APPROVAL_NOT_PENDING: 'This request was already approved or rejected.',
  PAYMENT_ALREADY_RESOLVED: 'This payment was already resolved.',
  OPERATOR_LAST_ADMIN: 'The Kingdom must keep at least one admin.',
  IDEMPOTENCY_KEY_IN_USE: 'This request is still being processed. Please wait a moment: its answer comes with the same key.',
  PERMIT_NOT_EXIST_ON_BALANCE: 'We cannot find the required expansion permit in your App balance.',
  WALLET_SIGNATURE_NOT_VALID: "The wallet's signature could not be verified. Please try again.",
  WALLET_MESSAGE_NOT_VALID: 'The signed message is unknown, already used or expired. Please try again.',
  MARKET_PRICE_OUT_OF_BAND: 'This price is too far from the item\'s reference price (the Vendor\'s price, or the last 7 days\' median): within 50% either way.',
  MARKET_NO_REFERENCE_PRICE: 'This item cannot be traded in this token yet: it has no reference price.',
  MARKET_DAILY_CAP: 'You have reached today\'s market limit for this item. You can place more orders after 00:00 UTC.',
  MARKET_SELLER_NOT_ELIGIBLE: 'To sell on the market you need a land and an account at least 7 days old.',
  MARKET_ORDER_NOT_OPEN: 'This order is no longer open: it was filled, cancelled or has expired.',
  MARKET_RATE_LIMIT: 'Too many market orders and cancels in a minute. Please wait a moment and try again.',
  PUSH_ENDPOINT_NOT_ALLOWED: 'This browser\'s push service address cannot be used: it must be a public https address. Try another browser.',
} as const;

/** Code → message, the whole catalogue (a code without a message, or a message without a code, does not compile). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = { ...SPEC_ERROR_MESSAGES, ...EXTRA_ERROR_MESSAGES } satisfies Record<ErrorCode, string>;
const _noStrayCodes: Record<keyof typeof SPEC_ERROR_MESSAGES | keyof typeof EXTRA_ERROR_MESSAGES, string> extends Record<ErrorCode, string> ? true : never = true;
void _noStrayCodes;

/** HTTP status per code; codes not listed answer 400. 401 always means USER_NOT_AUTH. */
export const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  USER_NOT_AUTH: 401,
  USER_WALLET_CANCEL_CONNECT: 401,
  USER_WALLET_NOT_BELONG: 403,
  LAND_NOT_BELONG_TO_USER: 403,
  WORKER_NOT_BELONG_USER: 403,
  NOT_FOUND: 404,
  LAND_NOT_AVAILABLE: 404,
  LAND_SOLD_OUT: 409,
  WORKER_IS_SET: 409,
  SLOT_ALREADY_USE: 409,
  USER_WALLET_ALREADY_ADDED: 409,
  ERROR_WALLET_ALREADY_LINKED: 409,
  PENDING_TRANSACTION: 409,
  GOLDMINE_UPGRADE_IN_PROGRESS: 409,
  GOLDMINE_MAX_LEVEL: 409,
  FRENMINE_UPGRADE_IN_PROGRESS: 409,
  FRENMINE_MAX_LEVEL: 409,
  LAND_MAX_SIZE: 409,
  VENDOR_WEEKLY_LIMIT: 409,
  QUEST_ALREADY_CLAIMED: 409,
  QUEST_NOT_COMPLETE: 409,
  QUEST_PERIOD_ENDED: 409,
  GOLDMINE_UPGRADE_FAILED: 409,
  FRENMINE_UPGRADE_FAILED: 409,
  WALLET_LAST_OF_ACCOUNT: 409,
  NOT_SET_ACTIVE_ADDRESS: 409,
  AMOUNT_TOO_LARGE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  USER_NAME_TAKEN: 409,
  CHEST_END: 409,
  CHEST_EXPLOIT: 403,
  CHEST_NOT_LAND_OWNER: 403,
  MARKET_PRICE_OUT_OF_BAND: 422,
  MARKET_NO_REFERENCE_PRICE: 409,
  MARKET_DAILY_CAP: 409,
  MARKET_SELLER_NOT_ELIGIBLE: 403,
  MARKET_ORDER_NOT_OPEN: 409,
  MARKET_RATE_LIMIT: 429,
  PUSH_ENDPOINT_NOT_ALLOWED: 422,
  CSRF_TOKEN_MISMATCH: 419,
  VALIDATION_ERROR: 422,
  TOO_MANY_REQUESTS: 429,
  UNHANDLED_ERROR: 500,
  // Kept for real faults only: a refusal has a code of its own (GOLDMINE_MAX_LEVEL, LAND_MAX_SIZE).
  CANT_RUN_THIS_OPERATION: 500,
  MAINTENANCE: 503,
  DEMO_ONLY: 403,
  TX_SUBMIT_FAILED: 422,
  TREASURY_INSUFFICIENT: 503,
  SALE_ROUND_CLOSED: 409,
  SALE_SOLD_OUT: 409,
  // Readiness (GET /api/health/ready): a load balancer sends no players to this process.
  NOT_READY: 503,
  ACTIVE_ADDRESS_NOT_MASTER_ADDRESS: 403,
  WITHDRAW_CAN_ONLY_MASTER: 403,
  CANT_GET_MASTER_WALLET: 409,
  PRICE_STALE: 503,
  SOLANA_WALLET_REQUIRED: 409,
  OPERATOR_FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  APPROVAL_OWN_REQUEST: 403,
  APPROVAL_NOT_PENDING: 409,
  PAYMENT_ALREADY_RESOLVED: 409,
  OPERATOR_LAST_ADMIN: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
};

/** True when `code` is in the catalogue. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/** HTTP status of a code (400 unless listed in {@link ERROR_STATUS}). */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code] ?? 400;
}

/** Messages of the web app's generic call handling (docs/product.md §8). */
export const GENERIC_MESSAGES = {
  unavailable: 'Requested resource unavailable',
  noData: 'Can`t get data from resource, please contact support',
} as const;
