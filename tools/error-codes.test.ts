/**
 * Every error code the product defines (docs/product.md §8 and ours, `ERROR_CODES` of `@kingdom/game`)
 * and the test that reaches it through a player's path (HTTP on the server, or a page in the web app
 * or in Chromium), so that a code no player can reach shows up here. A new code fails this test until
 * it is listed with the test that answers it; a listed test must still name the code (or its
 * message). The few codes only a fault reaches say which fault.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@kingdom/game';
import { ENDPOINTS, ERROR_MESSAGES, endpointErrorCodes, isErrorCode, type Endpoint } from '@kingdom/api';
import { REPO_ROOT } from './kingdom-server.ts';

const REACHED: Record<ErrorCode, string | { fault: string }> = {
  ERROR_WALLET_WRONG_NETWORK: 'apps/server/test/chain/solana-orders.test.ts',
  ERROR_WALLET_NOT_ENOUGH_UTXO: 'apps/server/test/chain/chain-money.test.ts',
  ERROR_WALLET_NOT_ENOUGH_BALANCE: 'apps/server/test/chain/chain-money.test.ts',
  ERROR_WALLET_NOT_SELECTED: 'apps/web/src/chain/__tests__/solana-pay.test.ts',
  ERROR_WALLET_API: 'apps/web/src/wallets/solana/errors.test.ts',
  ERROR_WALLET_NOT_MATCH: 'apps/server/test/staking/staking.test.ts',
  ERROR_WALLET_ALREADY_LINKED: 'apps/server/test/chain/chain-money.test.ts',
  UNHANDLED_WALLET_ERROR: { fault: 'a wallet failing in a way no wallet error kind names (the web app fallback in apps/web/src/features/auth/connect-page.tsx)' },
  UNHANDLED_ERROR: 'packages/api/test/errors.test.ts',
  USER_NOT_AUTH: 'apps/server/test/auth/auth.test.ts',
  USER_WALLET_NOT_BELONG: 'apps/server/test/lands/mint.test.ts',
  USER_WALLET_CANCEL_CONNECT: 'apps/web/src/wallets/solana/errors.test.ts',
  USER_WALLET_CANCEL_TRANSACTION: 'apps/web/src/chain/__tests__/chain-modals.test.tsx',
  USER_WALLET_ALREADY_ADDED: 'apps/server/test/staking/staking.test.ts',
  SYSTEM_FEATURE_NOT_AVAILABLE: 'apps/server/test/chain/solana-cluster.test.ts',
  NOT_VALID_REQUEST_ADDRESS: 'apps/server/test/auth/auth.test.ts',
  NOT_SET_ACTIVE_ADDRESS: 'apps/server/test/staking/staking.test.ts',
  CANT_GET_MASTER_WALLET: 'apps/server/test/chain/chain-money.test.ts',
  ACTIVE_ADDRESS_NOT_MASTER_ADDRESS: 'apps/server/test/chain/chain-money.test.ts',
  WITHDRAW_CAN_ONLY_MASTER: 'apps/server/test/chain/chain-money.test.ts',
  PENDING_TRANSACTION: 'apps/server/test/chain/chain-money.test.ts',
  MINT_REMOVE_COORS: 'apps/server/test/lands/mint.test.ts',
  LAND_NOT_AVAILABLE: 'apps/server/test/lands/land-updates-and-permit.test.ts',
  LAND_SOLD_OUT: 'apps/server/test/lands/mint.test.ts',
  LAND_NOT_BELONG_TO_USER: 'apps/server/test/mines/gold-mines.test.ts',
  CHEST_NOT_LAND_OWNER: 'apps/server/test/economy/account-chest.test.ts',
  CHEST_NOT_TIME_END: 'apps/server/test/economy/account-chest.test.ts',
  CHEST_END: 'apps/server/test/economy/account-chest.test.ts',
  CHEST_EXPLOIT: 'apps/server/test/economy/account-chest.test.ts',
  GOLDMINE_UPGRADE_FAILED: 'apps/server/test/lands/land-updates-and-permit.test.ts',
  GOLDMINE_UPGRADE_IN_PROGRESS: 'apps/server/test/mines/gold-mines.test.ts',
  GOLDMINE_ERROR_LAND_MAX_SIZE: 'packages/game/test/mines.test.ts',
  NOT_VALID_WORKER_RARITY: 'apps/server/test/mines/gold-mines.test.ts',
  SLOT_ALREADY_USE: 'apps/server/test/mines/gold-mines.test.ts',
  NOT_VALID_WORKER: 'apps/server/test/mines/gold-mines.test.ts',
  WORKER_NOT_BELONG_USER: 'apps/server/test/mines/gold-mines.test.ts',
  WORKER_IS_SET: 'apps/server/test/mines/gold-mines.test.ts',
  SLOT_NOT_AVAILABLE: 'apps/server/test/mines/gold-mines.test.ts',
  CANT_RUN_THIS_OPERATION: { fault: 'a fault only: an exactly-once replay whose stored answer is missing (modules/vendor/service.ts, chain/orders.ts, chain/withdrawals.ts)' },
  ERROR_WALLET_SELECT_API: 'e2e/tests/land-ladder.test.ts',
  ITEM_NOT_EXIST_ON_BALANCE: 'apps/server/test/mines/gold-mines.test.ts',
  VOTES_NOT_VALID_VALUE: 'apps/server/test/staking/staking.test.ts',
  USER_WITHDRAW_HEXO_NO_BALANCE: 'apps/server/test/chain/chain-money.test.ts',
  VENDOR_NOT_ENOUGH_BALANCE: 'apps/server/test/staking/staking.test.ts',
  CSRF_TOKEN_MISMATCH: 'apps/server/test/auth/auth.test.ts',
  VALIDATION_ERROR: 'apps/server/test/auth/auth.test.ts',
  NOT_FOUND: 'apps/server/test/chain/chain-money.test.ts',
  TOO_MANY_REQUESTS: 'apps/server/test/auth/auth.test.ts',
  MAINTENANCE: 'apps/server/test/economy/dashboard.test.ts',
  DEMO_ONLY: { fault: 'an internal guard: outside demo mode the demo routes are not registered at all (404)' },
  GOLDMINE_MAX_LEVEL: 'apps/server/test/http/fuzz-findings.test.ts',
  LAND_MAX_SIZE: 'apps/server/test/http/fuzz-findings.test.ts',
  AMOUNT_TOO_LARGE: 'apps/server/test/http/fuzz-findings.test.ts',
  IDEMPOTENCY_KEY_REUSED: 'apps/server/test/chain/chain-money.test.ts',
  WALLET_LAST_OF_ACCOUNT: 'apps/server/test/staking/staking.test.ts',
  USER_NAME_TAKEN: 'apps/server/test/economy/account-chest.test.ts',
  NOT_VALID_AVATAR: 'apps/server/test/economy/account-chest.test.ts',
  TX_SUBMIT_FAILED: 'apps/server/test/chain/emulator-ledger.test.ts',
  TREASURY_INSUFFICIENT: 'apps/server/test/chain/chain-money.test.ts',
  SALE_ROUND_CLOSED: 'apps/server/test/chain/chain-money.test.ts',
  SALE_SOLD_OUT: 'apps/server/test/chain/chain-money.test.ts',
  NOT_READY: 'apps/server/test/ops/health-and-metrics.test.ts',
  FRENMINE_UPGRADE_IN_PROGRESS: 'packages/game/test/mines.test.ts',
  FRENMINE_MAX_LEVEL: 'apps/server/test/http/fuzz-findings.test.ts',
  FRENMINE_ERROR_LAND_MAX_SIZE: 'packages/game/test/mines.test.ts',
  PRICE_STALE: 'apps/server/test/economy/prices.test.ts',
  ERROR_WALLET_TX_VERSION_NOT_SUPPORTED: 'apps/web/src/chain/__tests__/solana-pay.test.ts',
  ERROR_WALLET_TX_TOO_LARGE: 'apps/web/src/chain/__tests__/solana-pay.test.ts',
  SOLANA_WALLET_REQUIRED: 'apps/server/test/chain/solana-orders.test.ts',
  VENDOR_WEEKLY_LIMIT: 'apps/server/test/lands/land-updates-and-permit.test.ts',
  FRENMINE_UPGRADE_FAILED: 'apps/web/src/features/land/__tests__/land-selected.test.tsx',
  QUEST_ALREADY_CLAIMED: 'apps/server/test/quests/quests.test.ts',
  QUEST_NOT_COMPLETE: 'apps/server/test/quests/quests.test.ts',
  QUEST_PERIOD_ENDED: 'apps/server/test/quests/quests.test.ts',
  OPERATOR_FORBIDDEN: 'apps/server/test/console/console-auth.test.ts',
  ACCOUNT_SUSPENDED: 'apps/server/test/console/console-actions.test.ts',
  APPROVAL_OWN_REQUEST: 'apps/server/test/console/console-actions.test.ts',
  APPROVAL_NOT_PENDING: 'apps/server/test/console/console-actions.test.ts',
  PAYMENT_ALREADY_RESOLVED: 'apps/server/test/console/console-actions.test.ts',
  OPERATOR_LAST_ADMIN: 'apps/server/test/console/console-actions.test.ts',
  IDEMPOTENCY_KEY_IN_USE: 'apps/server/test/http/idempotency-races.test.ts',
  PERMIT_NOT_EXIST_ON_BALANCE: 'apps/server/test/mines/gold-mines.test.ts',
  WALLET_SIGNATURE_NOT_VALID: 'apps/server/test/auth/auth.test.ts',
  WALLET_MESSAGE_NOT_VALID: 'apps/server/test/auth/auth.test.ts',
  // The Market's rules (issue 38, first slice): answered by the pure rules until its server exists.
  MARKET_PRICE_OUT_OF_BAND: 'packages/game/src/market/market.test.ts',
  MARKET_NO_REFERENCE_PRICE: 'packages/game/src/market/market.test.ts',
  MARKET_DAILY_CAP: 'packages/game/src/market/market.test.ts',
  MARKET_SELLER_NOT_ELIGIBLE: 'packages/game/src/market/market.test.ts',
  MARKET_ORDER_NOT_OPEN: 'packages/game/src/market/market.test.ts',
  MARKET_RATE_LIMIT: 'apps/server/test/market/market.test.ts',
  PUSH_ENDPOINT_NOT_ALLOWED: 'apps/server/test/push/push.test.ts',
};

describe('every error code is reached by a test', () => {
  it('lists every code of the catalogue, and nothing else', () => {
    expect(Object.keys(REACHED).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(Object.entries(REACHED).filter((e): e is [string, string] => typeof e[1] === 'string'))('%s is answered in %s', (code, file) => {
    const path = join(REPO_ROOT, file);
    expect(existsSync(path)).toBe(true);
    const text = readFileSync(path, 'utf8');
    const named = new RegExp(`\\b${code}\\b`).test(text) || text.includes(ERROR_MESSAGES[code as ErrorCode]);
    expect(named).toBe(true);
  });

  // OpenAPI lists each endpoint's codes (docs/http-contract.md §1); the server's tests fail on an
  // answer its endpoint does not list (apps/server/test/support/kingdom.ts). Here the other way round:
  const listed = new Set((Object.values(ENDPOINTS) as Endpoint[]).flatMap((e) => endpointErrorCodes(e)));
  it('every code an endpoint lists is in the catalogue', () => {
    expect([...listed].filter((c) => !isErrorCode(c))).toEqual([]);
  });
  it('every code a server test reaches over HTTP is listed on some endpoint (so OpenAPI publishes it)', () => {
    const server = Object.entries(REACHED).filter(([, where]) => typeof where === 'string' && where.startsWith('apps/server/test/')).map(([code]) => code);
    expect(server.filter((c) => !listed.has(c as ErrorCode))).toEqual([]);
  });
});
