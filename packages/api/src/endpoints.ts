/**
 * Every endpoint of the Kingdom API (docs/http-contract.md §2), as descriptors
 * (`./contract.ts`). docs/product.md §7's calls keep their paths and answer fields exactly.
 */
import { z } from 'zod';
import { MINE_KINDS, MINE_RULES, type MineKind } from '@kingdom/game';
import { endpoint } from './contract.ts';
import {
  chainInfoResponse, buildTxRequest, buildTxResponse, submitTxRequest, submitTxResponse, depositsResponse,
  withdrawalRequest, withdrawalResponse, withdrawalsResponse, saleRoundsResponse, orderRequest, orderResponse,
  ordersResponse, blocksRequest, blocksResponse, walletBalanceParams, walletBalanceResponse, solanaSlotsRequest, solanaSlotsResponse,
} from './chain.ts';
import {
  configResponse, challengeRequest, challengeResponse, challengeTxRequest, challengeTxResponse, loginRequest, loginResponse, walletConnectRequest, logoutResponse, userResponse,
  tokenParam, balanceResponse, pricesResponse, countResponse, itemsResponse, listQuery, landsResponse,
  miningToolsResponse, totalLandsResponse, walletSyncResponse, faucetRequest, faucetResponse, idempotencyHeaders,
} from './schemas.ts';
import {
  minesResponse, workerNftsResponse, assignRequest, slotRequest, landRequest, performanceQuery, performanceResponse,
  reportParams, reportResponse, notificationsQuery, notificationsResponse, markReadRequest, landDetailResponse,
  tickRequest, clockResponse, okResponse, upgradeResponse, landParams, landUpdatesResponse, upgradeResultQuery, upgradeResultResponse, worldDaysQuery, worldDaysResponse,
} from './goldrush.ts';
import {
  vendorCatalogueResponse, purchaseRequest, purchaseResponse, ledgerQuery, ledgerResponse, ledgerCsvQuery,
  profileResponse, profileRequest, chestStatus, chestOpenRequest, chestOpenResponse, weekParam, chestWeekResponse,
} from './economy.ts';
import { valleyMapResponse, valleyMineResponse } from './valley.ts';
import {
  marketBooksResponse, marketBookParams, marketDepthResponse, marketOrderRequest, marketPlaceResponse, marketOrderParams, marketCancelResponse,
  marketOrdersResponse, marketTradesResponse,
} from './market.ts';
import { pushKeyResponse, pushSubscribeRequest, pushUpdateRequest, pushEndpointRequest, pushSubscriptionResponse, pushRemoveResponse } from './push.ts';
import { questsResponse, questParams, questClaimResponse, questTableResponse, achievementsResponse, hallOfFameQuery, hallOfFameResponse, hallOfFameMeResponse } from './quests.ts';
import { mintInfoResponse, mintRequest, mintResponse, mintsResponse, mintParams, mintTxRequest, mintSubmitRequest } from './mint.ts';
import { healthLiveResponse, healthReadyResponse } from './health.ts';
import {
  consoleMeResponse, consoleSearchQuery, consoleSearchResponse, playerParams, consolePlayerResponse, consoleLedgerQuery, consoleLedgerResponse,
  consoleLedgerCsvQuery, adjustmentRequest, moneyActionResponse, approvalsQuery, approvalsResponse, approvalParams, approvalDecisionRequest,
  approvalDecisionResponse, paymentsQuery, paymentsResponse, paymentParams, resolvePaymentRequest, resolvePaymentResponse, chestLockRequest,
  suspensionRequest, flagsResponse, playerMessageRequest, broadcastRequest, messageResponse, maintenanceState, maintenanceRequest,
  maintenanceResponse, operatorsResponse, operatorAddRequest, operatorRemoveRequest, operatorChangeResponse, auditQuery, auditResponse,
  economyQuery, economyResponse, economyCsvQuery, consoleOperationsResponse, suspiciousPairsQuery, suspiciousPairsResponse,
} from './console.ts';
import {
  walletsResponse, walletLinkRequest, stakeLinkRequest, walletRefRequest, walletMasterRequest, votesResponse, votesLockRequest, votesChangeRequest,
  leaderboardQuery, leaderboardResponse, projectParams, collectionResponse, marketResponse, activityQuery, activityResponse,
  stakingMineResponse, stakingReportParams, stakingReportResponse,
} from './staking.ts';

const assignErrors = ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER', 'SLOT_NOT_AVAILABLE', 'SLOT_ALREADY_USE', 'NOT_VALID_WORKER', 'WORKER_NOT_BELONG_USER', 'WORKER_IS_SET', 'NOT_VALID_WORKER_RARITY'] as const;

/** The four endpoints of one mine kind (docs/game-rules.md §3, §4): same shapes, one path prefix per kind. */
function mineEndpoints<K extends MineKind>(kind: K) {
  const tags = [kind];
  return {
    mines: endpoint({
      operationId: `${kind}Mines` as const, method: 'GET', path: `/${kind}/mines` as const, tags, auth: 'session',
      summary: `The player's ${kind}s with slots, workers and upgrades`, response: minesResponse, errors: [],
    }),
    assign: endpoint({
      operationId: `${kind}AssignWorker` as const, method: 'POST', path: `/${kind}/workers` as const, tags, auth: 'session',
      summary: `Sets a worker into a ${kind} slot`, body: assignRequest, response: okResponse, errors: assignErrors,
    }),
    remove: endpoint({
      operationId: `${kind}RemoveWorker` as const, method: 'POST', path: `/${kind}/workers/remove` as const, tags, auth: 'session',
      summary: `Removes the worker in a ${kind} slot`, body: slotRequest, response: okResponse,
      errors: ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER', 'SLOT_NOT_AVAILABLE'],
    }),
    upgrade: endpoint({
      operationId: `${kind}Upgrade` as const, method: 'POST', path: `/${kind}/upgrade` as const, tags, auth: 'session',
      summary: `Starts the next ${kind} upgrade (consumes the upgrade item)`, body: landRequest, response: upgradeResponse,
      errors: ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER', ...Object.values(MINE_RULES[kind].upgradeErrors), 'ITEM_NOT_EXIST_ON_BALANCE'],
    }),
  };
}

/** Mine endpoints by kind. */
export const MINE_ENDPOINTS = { goldmine: mineEndpoints('goldmine'), frenmine: mineEndpoints('frenmine') } as const;

/** Every endpoint, by operationId-like name. */
export const ENDPOINTS = {
  csrfCookie: endpoint({
    operationId: 'csrfCookie', method: 'GET', path: '/sanctum/csrf-cookie', tags: ['auth'], auth: 'public',
    summary: 'Sets the XSRF-TOKEN cookie (double submit)', response: null, errors: [],
  }),
  healthLive: endpoint({
    operationId: 'healthLive', method: 'GET', path: '/health/live', tags: ['health'], auth: 'public',
    summary: 'Liveness: the process is up (no database access)', response: healthLiveResponse, errors: [],
  }),
  healthReady: endpoint({
    operationId: 'healthReady', method: 'GET', path: '/health/ready', tags: ['health'], auth: 'public',
    summary: 'Readiness: database reachable, migrations applied, demo world present, not shutting down (else 503 NOT_READY)',
    response: healthReadyResponse, errors: ['NOT_READY'],
  }),
  config: endpoint({
    operationId: 'config', method: 'GET', path: '/config', tags: ['config'], auth: 'public',
    summary: 'Public configuration of this deployment', response: configResponse, errors: [],
  }),
  authChallenge: endpoint({
    operationId: 'authChallenge', method: 'POST', path: '/auth/challenge', tags: ['auth'], auth: 'public', rateLimit: 'auth',
    summary: 'Issues a sign-in challenge for chain + address', body: challengeRequest, response: challengeResponse,
    errors: ['NOT_VALID_REQUEST_ADDRESS', 'TOO_MANY_REQUESTS'],
  }),
  authChallengeTx: endpoint({
    operationId: 'authChallengeTx', method: 'POST', path: '/auth/challenge/tx', tags: ['auth'], auth: 'public', rateLimit: 'auth',
    summary: 'The unsigned, never-submittable transaction carrying an issued Cardano challenge, for hardware wallets (CIP-30 signTx)',
    body: challengeTxRequest, response: challengeTxResponse,
    errors: ['WALLET_MESSAGE_NOT_VALID', 'NOT_VALID_REQUEST_ADDRESS', 'ERROR_WALLET_NOT_ENOUGH_UTXO', 'TOO_MANY_REQUESTS'],
  }),
  authLogin: endpoint({
    operationId: 'authLogin', method: 'POST', path: '/auth/login', tags: ['auth'], auth: 'public', rateLimit: 'auth',
    summary: 'Signs in with a signed challenge; returns a bearer token', body: loginRequest, response: loginResponse,
    errors: ['WALLET_SIGNATURE_NOT_VALID', 'WALLET_MESSAGE_NOT_VALID', 'NOT_VALID_REQUEST_ADDRESS', 'TOO_MANY_REQUESTS'],
  }),
  authLogout: endpoint({
    operationId: 'authLogout', method: 'GET', path: '/auth/logout', tags: ['auth'], auth: 'session-in-query',
    summary: 'Revokes the bearer token', response: logoutResponse, errors: [],
  }),
  authWalletConnect: endpoint({
    operationId: 'authWalletConnect', method: 'POST', path: '/auth/wallet', tags: ['auth'], auth: 'session', rateLimit: 'auth',
    summary: "Makes a wallet of the account the session's active wallet, by a signed challenge (the sign-in proof); answers the user",
    body: walletConnectRequest, response: userResponse,
    errors: ['USER_NOT_AUTH', 'USER_WALLET_NOT_BELONG', 'WALLET_SIGNATURE_NOT_VALID', 'WALLET_MESSAGE_NOT_VALID', 'NOT_VALID_REQUEST_ADDRESS', 'TOO_MANY_REQUESTS'],
  }),
  authWalletDisconnect: endpoint({
    operationId: 'authWalletDisconnect', method: 'POST', path: '/auth/wallet/disconnect', tags: ['auth'], auth: 'session',
    summary: "Clears the session's active wallet (the session stays signed in); answers the user", response: userResponse, errors: [],
  }),
  dashboardUser: endpoint({
    operationId: 'dashboardUser', method: 'GET', path: '/dashboard/user', tags: ['user'], auth: 'session-in-query',
    summary: 'The signed-in user', response: userResponse, errors: [],
  }),
  totalLands: endpoint({
    operationId: 'totalLands', method: 'GET', path: '/user/total_lands', tags: ['user'], auth: 'session-in-query',
    summary: 'Number of lands the user holds', response: totalLandsResponse, errors: [],
  }),
  balance: endpoint({
    operationId: 'balance', method: 'GET', path: '/user/balance/:token', tags: ['balances'], auth: 'session-in-query',
    summary: 'One app balance (EXO, HEXO, FOOD or RUNE) in base units; GEMS has none (SYSTEM_FEATURE_NOT_AVAILABLE, docs/product.md §3)',
    params: tokenParam, response: balanceResponse, errors: ['SYSTEM_FEATURE_NOT_AVAILABLE'],
  }),
  prices: endpoint({
    operationId: 'prices', method: 'GET', path: '/currencies/prices', tags: ['prices'], auth: 'public',
    summary: 'EXO and HEXO prices in ADA, ADA and SOL in USD, and which are stale', response: pricesResponse, errors: [],
  }),
  notificationsCount: endpoint({
    operationId: 'notificationsCount', method: 'GET', path: '/notifications/count', tags: ['notifications'], auth: 'session-in-query',
    summary: 'Unread notifications', response: countResponse, errors: [],
  }),
  notifications: endpoint({
    operationId: 'notifications', method: 'GET', path: '/notifications', tags: ['notifications'], auth: 'session',
    summary: 'The inbox, newest first', query: notificationsQuery, response: notificationsResponse, errors: [],
  }),
  notificationsRead: endpoint({
    operationId: 'notificationsRead', method: 'POST', path: '/notifications/read', tags: ['notifications'], auth: 'session',
    summary: 'Marks notifications read (ids, or all)', body: markReadRequest, response: z.object({ updated: z.number().int() }), errors: [],
  }),
  inventoryItems: endpoint({
    operationId: 'inventoryItems', method: 'GET', path: '/inventory/items', tags: ['inventory'], auth: 'session-in-query',
    summary: 'Items in the app inventory', response: itemsResponse, errors: [],
  }),
  inventoryCount: endpoint({
    operationId: 'inventoryCount', method: 'GET', path: '/inventory/count', tags: ['inventory'], auth: 'session-in-query',
    summary: 'Number of items in the app inventory', response: countResponse, errors: [],
  }),
  lands: endpoint({
    operationId: 'lands', method: 'GET', path: '/lands', tags: ['lands'], auth: 'public',
    summary: "Lands: the user's (my=true, bearer token) or the whole collection", query: listQuery, response: landsResponse,
    errors: ['USER_NOT_AUTH'],
  }),
  land: endpoint({
    operationId: 'land', method: 'GET', path: '/lands/:hex_name', tags: ['lands'], auth: 'public',
    summary: 'A land with its owner and mines (public)', params: landParams, response: landDetailResponse, errors: ['LAND_NOT_AVAILABLE'],
  }),
  landExpand: endpoint({
    operationId: 'landExpand', method: 'POST', path: '/lands/:hex_name/expand', tags: ['lands'], auth: 'session',
    summary: 'Expands a land one size with an expansion permit', params: landParams, response: okResponse,
    errors: ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER', 'LAND_MAX_SIZE', 'PERMIT_NOT_EXIST_ON_BALANCE'],
  }),
  landUpdates: endpoint({
    operationId: 'landUpdates', method: 'GET', path: '/lands/updates', tags: ['lands'], auth: 'session',
    summary: "Whether any of the player's lands has has_update set (an upgrade or expansion finished or failed since the owner last opened it), and which",
    response: landUpdatesResponse, errors: [],
  }),
  landSeen: endpoint({
    operationId: 'landSeen', method: 'POST', path: '/lands/:hex_name/seen', tags: ['lands'], auth: 'session',
    summary: "Clears the land's has_update (the owner opened it; GET lands/:hex_name with the owner's bearer token does the same)",
    params: landParams, response: okResponse, errors: ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER'],
  }),
  landUpgradeResult: endpoint({
    operationId: 'landUpgradeResult', method: 'GET', path: '/lands/:hex_name/upgrade', tags: ['lands'], auth: 'session',
    summary: "The result of the latest upgrade of one of the land's mines; a failed one answers GOLDMINE_UPGRADE_FAILED (fren: FRENMINE_UPGRADE_FAILED)",
    params: landParams, query: upgradeResultQuery, response: upgradeResultResponse,
    errors: ['LAND_NOT_AVAILABLE', 'LAND_NOT_BELONG_TO_USER', 'GOLDMINE_UPGRADE_FAILED', 'FRENMINE_UPGRADE_FAILED'],
  }),
  miningTools: endpoint({
    operationId: 'miningTools', method: 'GET', path: '/mining_tool', tags: ['mining tools'], auth: 'public',
    summary: "Mining tools: the user's (my=true, bearer token) or the whole collection", query: listQuery, response: miningToolsResponse,
    errors: ['USER_NOT_AUTH'],
  }),
  walletSync: endpoint({
    operationId: 'walletSync', method: 'POST', path: '/wallets/sync', tags: ['wallets'], auth: 'session',
    summary: "Re-syncs the signed-in wallet's NFTs from the chain", response: walletSyncResponse, errors: ['ERROR_WALLET_API'],
  }),
  workerNfts: endpoint({
    operationId: 'workerNfts', method: 'GET', path: '/goldmine/worker-nfts', tags: ['goldmine'], auth: 'session',
    summary: "The player's worker NFTs with rarity and assignment", response: workerNftsResponse, errors: [],
  }),
  minePerformance: endpoint({
    operationId: 'minePerformance', method: 'GET', path: '/mines/performance', tags: ['goldmine', 'frenmine'], auth: 'session',
    summary: 'Per day and land: EXO mined, salary paid, workers, effectivity', query: performanceQuery, response: performanceResponse, errors: [],
  }),
  mineReport: endpoint({
    operationId: 'mineReport', method: 'GET', path: '/mines/:mine/reports/:day', tags: ['goldmine', 'frenmine'], auth: 'session',
    summary: 'A daily report: the rows of one day (empty before the day is settled or without workers)', params: reportParams, response: reportResponse, errors: [],
  }),
  worldDays: endpoint({
    operationId: 'worldDays', method: 'GET', path: '/world/days', tags: ['world'], auth: 'public',
    summary: "World totals of the latest settled days: EXO each pool paid, workers worked, players paid", query: worldDaysQuery, response: worldDaysResponse, errors: [],
  }),
  vendorCatalogue: endpoint({
    operationId: 'vendorCatalogue', method: 'GET', path: '/vendor/items', tags: ['vendor'], auth: 'public',
    summary: 'The vendor catalogue with prices (docs/game-rules.md §6)', response: vendorCatalogueResponse, errors: [],
  }),
  vendorPurchase: endpoint({
    operationId: 'vendorPurchase', method: 'POST', path: '/vendor/purchase', tags: ['vendor'], auth: 'session',
    summary: 'Buys a catalogue item; exactly once per Idempotency-Key header (a UUID)', headers: idempotencyHeaders, body: purchaseRequest, response: purchaseResponse,
    errors: ['VENDOR_NOT_ENOUGH_BALANCE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'NOT_FOUND', 'SYSTEM_FEATURE_NOT_AVAILABLE', 'AMOUNT_TOO_LARGE', 'VENDOR_WEEKLY_LIMIT'],
  }),
  marketBooks: endpoint({
    operationId: 'marketBooks', method: 'GET', path: '/market/books', tags: ['market'], auth: 'public',
    summary: 'Every Market book (good × EXO/HEXO): best bid and ask, last price, reference price (docs/game-rules.md §16)', response: marketBooksResponse, errors: [],
  }),
  marketBook: endpoint({
    operationId: 'marketBook', method: 'GET', path: '/market/books/:good/:token', tags: ['market'], auth: 'public',
    summary: "One book's depth: open orders summed per price level", params: marketBookParams, response: marketDepthResponse, errors: ['NOT_FOUND'],
  }),
  marketPlaceOrder: endpoint({
    operationId: 'marketPlaceOrder', method: 'POST', path: '/market/orders', tags: ['market'], auth: 'session',
    summary: 'Places a limit order, escrows it and matches it (price-time priority); exactly once per Idempotency-Key header (a UUID)',
    headers: idempotencyHeaders, body: marketOrderRequest, response: marketPlaceResponse,
    errors: ['NOT_FOUND', 'AMOUNT_TOO_LARGE', 'MARKET_SELLER_NOT_ELIGIBLE', 'MARKET_PRICE_OUT_OF_BAND', 'MARKET_NO_REFERENCE_PRICE', 'MARKET_DAILY_CAP',
      'VENDOR_NOT_ENOUGH_BALANCE', 'ITEM_NOT_EXIST_ON_BALANCE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'MARKET_RATE_LIMIT'],
  }),
  marketCancelOrder: endpoint({
    operationId: 'marketCancelOrder', method: 'POST', path: '/market/orders/:id/cancel', tags: ['market'], auth: 'session',
    summary: 'Cancels an open order of the player; its escrow returns', params: marketOrderParams, response: marketCancelResponse, errors: ['MARKET_ORDER_NOT_OPEN', 'MARKET_RATE_LIMIT'],
  }),
  marketMyOrders: endpoint({
    operationId: 'marketMyOrders', method: 'GET', path: '/market/orders', tags: ['market'], auth: 'session',
    summary: "The player's orders, newest first (expired ones are closed and refunded on this read)", response: marketOrdersResponse, errors: [],
  }),
  marketMyTrades: endpoint({
    operationId: 'marketMyTrades', method: 'GET', path: '/market/trades', tags: ['market'], auth: 'session',
    summary: "The player's trades, newest first", response: marketTradesResponse, errors: [],
  }),
  accountLedger: endpoint({
    operationId: 'accountLedger', method: 'GET', path: '/account/ledger', tags: ['account'], auth: 'session',
    summary: 'One token\'s balance history from the ledger, newest first, with a running balance', query: ledgerQuery, response: ledgerResponse, errors: [],
  }),
  accountLedgerCsv: endpoint({
    operationId: 'accountLedgerCsv', method: 'GET', path: '/account/ledger.csv', tags: ['account'], auth: 'session',
    summary: 'The whole history of one token as CSV (oldest first)', query: ledgerCsvQuery, response: z.string(), errors: [],
  }),
  accountProfile: endpoint({
    operationId: 'accountProfile', method: 'GET', path: '/account/profile', tags: ['account'], auth: 'session',
    summary: 'The profile: user name, avatar and the NFTs that may be the avatar', response: profileResponse, errors: [],
  }),
  accountProfileUpdate: endpoint({
    operationId: 'accountProfileUpdate', method: 'POST', path: '/account/profile', tags: ['account'], auth: 'session',
    summary: 'Changes the user name (3–24 characters, unique) and avatar', body: profileRequest, response: profileResponse,
    errors: ['USER_NAME_TAKEN', 'NOT_VALID_AVATAR'],
  }),
  chest: endpoint({
    operationId: 'chest', method: 'GET', path: '/chest', tags: ['chest'], auth: 'session',
    summary: "This week's chest: state, seed hash, the draw once opened", response: chestStatus, errors: [],
  }),
  chestOpen: endpoint({
    operationId: 'chestOpen', method: 'POST', path: '/chest/open', tags: ['chest'], auth: 'session',
    summary: "Opens this week's chest (once per week, land owners)", body: chestOpenRequest, response: chestOpenResponse,
    errors: ['CHEST_NOT_LAND_OWNER', 'CHEST_NOT_TIME_END', 'CHEST_END', 'CHEST_EXPLOIT'],
  }),
  quests: endpoint({
    operationId: 'quests', method: 'GET', path: '/quests', tags: ['quests'], auth: 'session',
    summary: "The player's quests of the current UTC day and week, with progress computed from the game's records", response: questsResponse, errors: [],
  }),
  questClaim: endpoint({
    operationId: 'questClaim', method: 'POST', path: '/quests/:id/claim', tags: ['quests'], auth: 'session',
    summary: "Claims a complete quest's reward once (Idempotency-Key header, a UUID); only within its period",
    headers: idempotencyHeaders, params: questParams, response: questClaimResponse,
    errors: ['NOT_FOUND', 'QUEST_ALREADY_CLAIMED', 'QUEST_NOT_COMPLETE', 'QUEST_PERIOD_ENDED', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'AMOUNT_TOO_LARGE'],
  }),
  pushKey: endpoint({
    operationId: 'pushKey', method: 'GET', path: '/push/key', tags: ['push'], auth: 'public',
    summary: "The server's VAPID public key (RFC 8292): the applicationServerKey of a device's push subscription", response: pushKeyResponse, errors: [],
  }),
  pushSubscribe: endpoint({
    operationId: 'pushSubscribe', method: 'POST', path: '/push/subscriptions', tags: ['push'], auth: 'session',
    summary: "Subscribes this device (its endpoint and RFC 8291 keys) to push notifications of the chosen topics; again: replaces its settings",
    body: pushSubscribeRequest, response: pushSubscriptionResponse, errors: ['PUSH_ENDPOINT_NOT_ALLOWED'],
  }),
  pushSubscription: endpoint({
    operationId: 'pushSubscription', method: 'GET', path: '/push/subscriptions/current', tags: ['push'], auth: 'session',
    summary: "This account's subscription of the device named by its endpoint, or null", query: pushEndpointRequest, response: pushSubscriptionResponse, errors: [],
  }),
  pushUpdate: endpoint({
    operationId: 'pushUpdate', method: 'POST', path: '/push/subscriptions/settings', tags: ['push'], auth: 'session',
    summary: "Changes a device's topics, quiet hours, time zone or language", body: pushUpdateRequest, response: pushSubscriptionResponse, errors: ['NOT_FOUND'],
  }),
  pushUnsubscribe: endpoint({
    operationId: 'pushUnsubscribe', method: 'POST', path: '/push/subscriptions/remove', tags: ['push'], auth: 'session',
    summary: "Removes this account's subscription of a device (its pending deliveries go with it)", body: pushEndpointRequest, response: pushRemoveResponse, errors: [],
  }),
  achievements: endpoint({
    operationId: 'achievements', method: 'GET', path: '/account/achievements', tags: ['quests'], auth: 'session',
    summary: "The player's achievements (milestones kept once earned), computed from the game's records", response: achievementsResponse, errors: [],
  }),
  hallOfFame: endpoint({
    operationId: 'hallOfFame', method: 'GET', path: '/hall-of-fame', tags: ['quests'], auth: 'public',
    summary: 'A weekly hall of fame (EXO mined or quests completed) of one chain\'s players, best first, paged', query: hallOfFameQuery, response: hallOfFameResponse,
    errors: ['NOT_FOUND'],
  }),
  hallOfFameMe: endpoint({
    operationId: 'hallOfFameMe', method: 'GET', path: '/hall-of-fame/me', tags: ['quests'], auth: 'session',
    summary: "The player's own rank on a weekly hall of fame", query: hallOfFameQuery, response: hallOfFameMeResponse, errors: ['NOT_FOUND'],
  }),
  questTable: endpoint({
    operationId: 'questTable', method: 'GET', path: '/quests/table', tags: ['quests'], auth: 'public',
    summary: 'The published quest table and draw rule: anyone can recompute every draw', response: questTableResponse, errors: [],
  }),
  chestWeek: endpoint({
    operationId: 'chestWeek', method: 'GET', path: '/chest/weeks/:week', tags: ['chest'], auth: 'public',
    summary: 'A week of chests: seed hash, the seed once the week ended, loot table and every draw (provably fair)', params: weekParam, response: chestWeekResponse,
    errors: ['NOT_FOUND'],
  }),
  valleyMap: endpoint({
    operationId: 'valleyMap', method: 'GET', path: '/valley/map', tags: ['valley'], auth: 'public',
    summary: 'The whole Valley map: columnar arrays, ETag (304 on If-None-Match), gzip', response: valleyMapResponse, errors: [],
  }),
  valleyMine: endpoint({
    operationId: 'valleyMine', method: 'GET', path: '/valley/mine', tags: ['valley'], auth: 'session',
    summary: "Ids of the signed-in player's lands (the map's 'mine' layer)", response: valleyMineResponse, errors: [],
  }),
  walletsList: endpoint({
    operationId: 'walletsList', method: 'GET', path: '/wallets', tags: ['wallets'], auth: 'session',
    summary: "The account's linked wallets", response: walletsResponse, errors: [],
  }),
  walletsLink: endpoint({
    operationId: 'walletsLink', method: 'POST', path: '/wallets/link', tags: ['wallets'], auth: 'session', rateLimit: 'auth',
    summary: 'Links another wallet with a signed challenge (same proof as sign-in)', body: walletLinkRequest, response: walletsResponse,
    errors: ['USER_WALLET_ALREADY_ADDED', 'ERROR_WALLET_ALREADY_LINKED', 'NOT_VALID_REQUEST_ADDRESS', 'ERROR_WALLET_NOT_MATCH', 'WALLET_SIGNATURE_NOT_VALID', 'WALLET_MESSAGE_NOT_VALID', 'TOO_MANY_REQUESTS'],
  }),
  walletsLinkStake: endpoint({
    operationId: 'walletsLinkStake', method: 'POST', path: '/wallets/stake', tags: ['wallets'], auth: 'session', rateLimit: 'auth',
    summary: "Links a wallet's stake key (CIP-30 signData with the reward address): deposits from any address of that wallet are credited to this account",
    body: stakeLinkRequest, response: walletsResponse,
    errors: ['WALLET_SIGNATURE_NOT_VALID', 'WALLET_MESSAGE_NOT_VALID', 'ERROR_WALLET_ALREADY_LINKED', 'NOT_VALID_REQUEST_ADDRESS', 'TOO_MANY_REQUESTS'],
  }),
  walletsUnlink: endpoint({
    operationId: 'walletsUnlink', method: 'POST', path: '/wallets/unlink', tags: ['wallets'], auth: 'session',
    summary: 'Unlinks a wallet (not the last, not the one signed in with); its holdings leave the account', body: walletRefRequest, response: walletsResponse,
    errors: ['USER_WALLET_NOT_BELONG', 'NOT_SET_ACTIVE_ADDRESS', 'WALLET_LAST_OF_ACCOUNT'],
  }),
  walletsSetMaster: endpoint({
    operationId: 'walletsSetMaster', method: 'POST', path: '/wallets/master', tags: ['wallets'], auth: 'session',
    summary: 'Sets the Master Wallet (a Cardano wallet of the account)', body: walletMasterRequest, response: walletsResponse,
    errors: ['USER_WALLET_NOT_BELONG', 'NOT_VALID_REQUEST_ADDRESS'],
  }),
  walletsResync: endpoint({
    operationId: 'walletsResync', method: 'POST', path: '/wallets/resync', tags: ['wallets'], auth: 'session',
    summary: "Re-syncs one of the account's wallets from the chain", body: walletRefRequest, response: walletsResponse,
    errors: ['USER_WALLET_NOT_BELONG', 'ERROR_WALLET_API'],
  }),
  votesGet: endpoint({
    operationId: 'votesGet', method: 'GET', path: '/staking/votes', tags: ['staking'], auth: 'session',
    summary: "The player's vote points: locked, allocated, free and allocations", response: votesResponse, errors: [],
  }),
  votesLock: endpoint({
    operationId: 'votesLock', method: 'POST', path: '/staking/votes/lock', tags: ['staking'], auth: 'session',
    summary: 'Locks whole EXO from the app balance as vote points (1 EXO = 1 point)', body: votesLockRequest, response: votesResponse,
    errors: ['VOTES_NOT_VALID_VALUE', 'VENDOR_NOT_ENOUGH_BALANCE'],
  }),
  votesUnlock: endpoint({
    operationId: 'votesUnlock', method: 'POST', path: '/staking/votes/unlock', tags: ['staking'], auth: 'session',
    summary: 'Unlocks free vote points back to EXO', body: votesLockRequest, response: votesResponse, errors: ['VOTES_NOT_VALID_VALUE'],
  }),
  votesAdd: endpoint({
    operationId: 'votesAdd', method: 'POST', path: '/staking/votes/add', tags: ['staking'], auth: 'session',
    summary: 'Allocates free points to a project (a whole number from 1 to the free points)', body: votesChangeRequest, response: votesResponse,
    errors: ['VOTES_NOT_VALID_VALUE', 'NOT_FOUND'],
  }),
  votesRemove: endpoint({
    operationId: 'votesRemove', method: 'POST', path: '/staking/votes/remove', tags: ['staking'], auth: 'session',
    summary: "Takes points back from a project (they become free)", body: votesChangeRequest, response: votesResponse,
    errors: ['VOTES_NOT_VALID_VALUE', 'NOT_FOUND'],
  }),
  stakingLeaderboard: endpoint({
    operationId: 'stakingLeaderboard', method: 'GET', path: '/staking/leaderboard', tags: ['staking'], auth: 'public',
    summary: "One chain's projects ranked by votes, with league, reward per NFT and qualification", query: leaderboardQuery, response: leaderboardResponse, errors: [],
  }),
  stakingCollection: endpoint({
    operationId: 'stakingCollection', method: 'GET', path: '/staking/collections/:project', tags: ['staking'], auth: 'public',
    summary: 'A project: numbers and votes at each snapshot (project null for an unknown slug)', params: projectParams, response: collectionResponse, errors: [],
  }),
  stakingMarket: endpoint({
    operationId: 'stakingMarket', method: 'GET', path: '/staking/market', tags: ['staking'], auth: 'public',
    summary: 'Qualified collections ranked by daily reward per NFT', response: marketResponse, errors: [],
  }),
  stakingActivity: endpoint({
    operationId: 'stakingActivity', method: 'GET', path: '/staking/activity', tags: ['staking'], auth: 'public',
    summary: 'Votes added and removed, and snapshots, newest first', query: activityQuery, response: activityResponse, errors: [],
  }),
  stakingMine: endpoint({
    operationId: 'stakingMine', method: 'GET', path: '/staking/mine', tags: ['staking'], auth: 'session',
    summary: "The player's stakeable NFTs by collection over all linked wallets", response: stakingMineResponse, errors: [],
  }),
  stakingReport: endpoint({
    operationId: 'stakingReport', method: 'GET', path: '/staking/reports/:day', tags: ['staking'], auth: 'session',
    summary: 'The staking daily report of one day (empty before it is settled)', params: stakingReportParams, response: stakingReportResponse, errors: [],
  }),
  chainInfo: endpoint({
    operationId: 'chainInfo', method: 'GET', path: '/chain/info', tags: ['chain'], auth: 'public',
    summary: 'The Cardano network, treasury and sale addresses, confirmations required and the tip', response: chainInfoResponse, errors: [],
  }),
  chainWalletBalance: endpoint({
    operationId: 'chainWalletBalance', method: 'GET', path: '/chain/wallet/:address', tags: ['chain'], auth: 'public', rateLimit: 120,
    summary: 'Lovelace, EXO and HEXO an address holds on chain', params: walletBalanceParams, response: walletBalanceResponse,
    errors: ['ERROR_WALLET_WRONG_NETWORK'],
  }),
  chainBuildTx: endpoint({
    operationId: 'chainBuildTx', method: 'POST', path: '/chain/tx/build', tags: ['chain'], auth: 'session', rateLimit: 60,
    summary: 'Builds an unsigned deposit or EXO-order payment from the wallet address\'s UTxOs (CIP-20 metadata names the account or order)',
    body: buildTxRequest, response: buildTxResponse,
    errors: ['ERROR_WALLET_NOT_ENOUGH_UTXO', 'ERROR_WALLET_NOT_ENOUGH_BALANCE', 'ERROR_WALLET_WRONG_NETWORK', 'USER_WALLET_NOT_BELONG', 'NOT_FOUND', 'AMOUNT_TOO_LARGE', 'SALE_ROUND_CLOSED'],
  }),
  chainSubmitTx: endpoint({
    operationId: 'chainSubmitTx', method: 'POST', path: '/chain/tx/submit', tags: ['chain'], auth: 'session', rateLimit: 60,
    summary: 'Adds the wallet\'s witness set (CIP-30 signTx) to a built transaction and submits it', body: submitTxRequest, response: submitTxResponse,
    errors: ['TX_SUBMIT_FAILED'],
  }),
  chainDeposits: endpoint({
    operationId: 'chainDeposits', method: 'GET', path: '/chain/deposits', tags: ['chain'], auth: 'session',
    summary: "The account's deposits with their confirmations, and deposits it can claim by linking the sender", response: depositsResponse, errors: [],
  }),
  chainWithdrawalCreate: endpoint({
    operationId: 'chainWithdrawalCreate', method: 'POST', path: '/chain/withdrawals', tags: ['chain'], auth: 'session',
    summary: 'Withdraws EXO or HEXO to the Master Wallet (docs/game-rules.md §8); exactly once per Idempotency-Key header',
    headers: idempotencyHeaders,
    body: withdrawalRequest, response: withdrawalResponse,
    errors: ['CANT_GET_MASTER_WALLET', 'NOT_SET_ACTIVE_ADDRESS', 'ACTIVE_ADDRESS_NOT_MASTER_ADDRESS', 'WITHDRAW_CAN_ONLY_MASTER', 'PENDING_TRANSACTION', 'USER_WITHDRAW_HEXO_NO_BALANCE',
      'ERROR_WALLET_WRONG_NETWORK', 'TREASURY_INSUFFICIENT', 'AMOUNT_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'NOT_SET_ACTIVE_ADDRESS'],
  }),
  chainWithdrawals: endpoint({
    operationId: 'chainWithdrawals', method: 'GET', path: '/chain/withdrawals', tags: ['chain'], auth: 'session',
    summary: "The account's withdrawals, newest first", response: withdrawalsResponse, errors: [],
  }),
  saleRounds: endpoint({
    operationId: 'saleRounds', method: 'GET', path: '/tokensale/rounds', tags: ['chain'], auth: 'public',
    summary: 'Token sale rounds: price in lovelace per EXO, cap, sold and window', response: saleRoundsResponse, errors: [],
  }),
  exoOrderCreate: endpoint({
    operationId: 'exoOrderCreate', method: 'POST', path: '/exo/orders', tags: ['chain'], auth: 'session', rateLimit: 30,
    summary: 'Orders EXO paid in ADA (a sale round or a vendor EXO pack); exactly once per Idempotency-Key header',
    headers: idempotencyHeaders,
    body: orderRequest, response: orderResponse,
    errors: ['SALE_ROUND_CLOSED', 'SALE_SOLD_OUT', 'NOT_FOUND', 'PENDING_TRANSACTION', 'AMOUNT_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'SYSTEM_FEATURE_NOT_AVAILABLE',
      'PRICE_STALE', 'SOLANA_WALLET_REQUIRED'],
  }),
  exoOrders: endpoint({
    operationId: 'exoOrders', method: 'GET', path: '/exo/orders', tags: ['chain'], auth: 'session',
    summary: "The account's EXO orders, newest first", response: ordersResponse, errors: [],
  }),
  mintInfo: endpoint({
    operationId: 'mintInfo', method: 'GET', path: '/mint/info', tags: ['mint'], auth: 'public',
    summary: 'The in-app land mint: open or closed, the price in lovelace, the reservation time and the free lands (docs/game-rules.md §2)',
    response: mintInfoResponse, errors: [],
  }),
  mintCreate: endpoint({
    operationId: 'mintCreate', method: 'POST', path: '/mint', tags: ['mint'], auth: 'session', rateLimit: 30,
    summary: 'Reserves a land to mint: a named cell or "Any" with coordinates settings; exactly once per Idempotency-Key header',
    headers: idempotencyHeaders, body: mintRequest, response: mintResponse,
    errors: ['PENDING_TRANSACTION', 'LAND_SOLD_OUT', 'LAND_NOT_AVAILABLE', 'MINT_REMOVE_COORS', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
  }),
  mints: endpoint({
    operationId: 'mints', method: 'GET', path: '/mint', tags: ['mint'], auth: 'session',
    summary: "The account's mints with their status, newest first", response: mintsResponse, errors: [],
  }),
  mintTx: endpoint({
    operationId: 'mintTx', method: 'POST', path: '/mint/:id/tx', tags: ['mint'], auth: 'session', rateLimit: 60,
    summary: 'Builds the unsigned mint transaction of a reserved mint from the wallet address\'s UTxOs (the wallet signs it with CIP-30 signTx)',
    params: mintParams, body: mintTxRequest, response: buildTxResponse,
    errors: ['NOT_FOUND', 'PENDING_TRANSACTION', 'LAND_NOT_AVAILABLE', 'ERROR_WALLET_WRONG_NETWORK', 'USER_WALLET_NOT_BELONG', 'ERROR_WALLET_NOT_ENOUGH_UTXO', 'ERROR_WALLET_NOT_ENOUGH_BALANCE'],
  }),
  mintSubmit: endpoint({
    operationId: 'mintSubmit', method: 'POST', path: '/mint/:id/submit', tags: ['mint'], auth: 'session', rateLimit: 60,
    summary: "Adds the wallet's witness set and the Land policy's signature to the built mint transaction and submits it",
    params: mintParams, body: mintSubmitRequest, response: mintResponse, errors: ['NOT_FOUND', 'LAND_NOT_AVAILABLE', 'PENDING_TRANSACTION', 'TX_SUBMIT_FAILED'],
  }),
  mintCancel: endpoint({
    operationId: 'mintCancel', method: 'POST', path: '/mint/:id/cancel', tags: ['mint'], auth: 'session', rateLimit: 30,
    summary: 'Gives a reserved (not yet paid) mint up: its land returns at once', params: mintParams, response: mintResponse, errors: ['NOT_FOUND', 'PENDING_TRANSACTION'],
  }),
  demoBlocks: endpoint({
    operationId: 'demoBlocks', method: 'POST', path: '/demo/chain/blocks', tags: ['demo'], auth: 'demo', rateLimit: 120,
    summary: 'Produces blocks on the emulated chain, then runs the chain watcher', body: blocksRequest, response: blocksResponse, errors: ['SYSTEM_FEATURE_NOT_AVAILABLE'],
  }),
  demoSolanaSlots: endpoint({
    operationId: 'demoSolanaSlots', method: 'POST', path: '/demo/solana/slots', tags: ['demo'], auth: 'demo', rateLimit: 120,
    summary: 'Produces slots on the local Solana cluster (confirming and finalizing its transactions)', body: solanaSlotsRequest, response: solanaSlotsResponse, errors: ['SYSTEM_FEATURE_NOT_AVAILABLE'],
  }),
  demoFaucet: endpoint({
    operationId: 'demoFaucet', method: 'POST', path: '/demo/faucet', tags: ['demo'], auth: 'demo', rateLimit: 60,
    summary: 'Demo faucet: gives an address lands, tools, workers, items and balances (whole tokens)', body: faucetRequest, response: faucetResponse,
    errors: ['NOT_VALID_REQUEST_ADDRESS', 'SYSTEM_FEATURE_NOT_AVAILABLE', 'AMOUNT_TOO_LARGE', 'LAND_SOLD_OUT', 'LAND_NOT_AVAILABLE', 'NOT_FOUND'],
  }),
  demoClock: endpoint({
    operationId: 'demoClock', method: 'GET', path: '/demo/clock', tags: ['demo'], auth: 'demo',
    summary: 'The game clock and the last settled day', response: clockResponse, errors: [],
  }),
  demoTick: endpoint({
    operationId: 'demoTick', method: 'POST', path: '/demo/tick', tags: ['demo'], auth: 'demo', rateLimit: 30,
    summary: 'Advances the game clock by whole days and settles the days that ended', body: tickRequest, response: clockResponse, errors: [],
  }),
  // ---- the operator console (docs/http-contract.md §4): auth 'operator' with the weakest role allowed ----
  consoleMe: endpoint({
    operationId: 'consoleMe', method: 'GET', path: '/console/me', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: "The signed-in operator: wallet, role and the two-person limit", response: consoleMeResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleSearch: endpoint({
    operationId: 'consoleSearch', method: 'GET', path: '/console/search', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'Finds players in one box: user id, address, stake address, $handle or name, Cardano tx hash, Solana signature, order id, land hex name',
    query: consoleSearchQuery, response: consoleSearchResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consolePlayer: endpoint({
    operationId: 'consolePlayer', method: 'GET', path: '/console/players/:user_id', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: "A player's page: wallets, stake keys, balances, lands, mines, items, orders, deposits, withdrawals, quests, inbox, sign-ins, flags, audit",
    params: playerParams, response: consolePlayerResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND'],
  }),
  consolePlayerLedger: endpoint({
    operationId: 'consolePlayerLedger', method: 'GET', path: '/console/players/:user_id/ledger', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: "A player's ledger with filters (asset, reason, days), newest first", params: playerParams, query: consoleLedgerQuery,
    response: consoleLedgerResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND'],
  }),
  consolePlayerLedgerCsv: endpoint({
    operationId: 'consolePlayerLedgerCsv', method: 'GET', path: '/console/players/:user_id/ledger.csv', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: "A player's ledger with the same filters as CSV, oldest first", params: playerParams, query: consoleLedgerCsvQuery,
    response: z.string(), errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND'],
  }),
  consoleAdjustment: endpoint({
    operationId: 'consoleAdjustment', method: 'POST', path: '/console/players/:user_id/adjustments', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'Credits or debits a token (ledger operator_adjustment); above the two-person limit it waits for a second admin',
    params: playerParams, body: adjustmentRequest, response: moneyActionResponse,
    errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'VENDOR_NOT_ENOUGH_BALANCE', 'AMOUNT_TOO_LARGE'],
  }),
  consoleApprovals: endpoint({
    operationId: 'consoleApprovals', method: 'GET', path: '/console/approvals', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'Money moves above the two-person limit: pending first, then newest', query: approvalsQuery, response: approvalsResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleApprovalApprove: endpoint({
    operationId: 'consoleApprovalApprove', method: 'POST', path: '/console/approvals/:id/approve', tags: ['console'], auth: 'operator', role: 'admin',
    summary: "Approves another admin's pending money move and applies it", params: approvalParams, body: approvalDecisionRequest,
    response: approvalDecisionResponse,
    errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'APPROVAL_OWN_REQUEST', 'APPROVAL_NOT_PENDING', 'VENDOR_NOT_ENOUGH_BALANCE', 'PAYMENT_ALREADY_RESOLVED'],
  }),
  consoleApprovalReject: endpoint({
    operationId: 'consoleApprovalReject', method: 'POST', path: '/console/approvals/:id/reject', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'Rejects a pending money move (nothing is applied)', params: approvalParams, body: approvalDecisionRequest,
    response: approvalDecisionResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'APPROVAL_NOT_PENDING'],
  }),
  consolePayments: endpoint({
    operationId: 'consolePayments', method: 'GET', path: '/console/payments', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'Payments the watchers could not credit (ADA and SOL), unmatched or resolved', query: paymentsQuery, response: paymentsResponse,
    errors: ['OPERATOR_FORBIDDEN'],
  }),
  consolePaymentResolve: endpoint({
    operationId: 'consolePaymentResolve', method: 'POST', path: '/console/payments/:id/resolve', tags: ['console'], auth: 'operator', role: 'support',
    summary: 'Resolves an unmatched payment once: credits an account (ledger payment_resolved) or records its refund transaction',
    params: paymentParams, body: resolvePaymentRequest, response: resolvePaymentResponse,
    errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'PAYMENT_ALREADY_RESOLVED', 'AMOUNT_TOO_LARGE'],
  }),
  consoleChestLock: endpoint({
    operationId: 'consoleChestLock', method: 'POST', path: '/console/players/:user_id/chest', tags: ['console'], auth: 'operator', role: 'support',
    summary: "Locks or unlocks a player's weekly chest (locked: CHEST_EXPLOIT)", params: playerParams, body: chestLockRequest,
    response: flagsResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND'],
  }),
  consoleSuspension: endpoint({
    operationId: 'consoleSuspension', method: 'POST', path: '/console/players/:user_id/suspension', tags: ['console'], auth: 'operator', role: 'support',
    summary: 'Suspends or unsuspends a player (suspended: reads answered, writes ACCOUNT_SUSPENDED)', params: playerParams, body: suspensionRequest,
    response: flagsResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND'],
  }),
  consolePlayerMessage: endpoint({
    operationId: 'consolePlayerMessage', method: 'POST', path: '/console/players/:user_id/messages', tags: ['console'], auth: 'operator', role: 'support',
    summary: "Sends one player an inbox message (notification operator_message; SYSTEM_FEATURE_NOT_AVAILABLE while a server of an older release runs)", params: playerParams, body: playerMessageRequest,
    response: messageResponse, errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'SYSTEM_FEATURE_NOT_AVAILABLE'],
  }),
  consoleBroadcast: endpoint({
    operationId: 'consoleBroadcast', method: 'POST', path: '/console/broadcasts', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'Sends an inbox message to every player, to the players of a chain, or to the land owners (SYSTEM_FEATURE_NOT_AVAILABLE while a server of an older release runs)', body: broadcastRequest,
    response: messageResponse, errors: ['OPERATOR_FORBIDDEN', 'SYSTEM_FEATURE_NOT_AVAILABLE'],
  }),
  consoleMaintenanceState: endpoint({
    operationId: 'consoleMaintenanceState', method: 'GET', path: '/console/maintenance', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'Maintenance as every server sees it', response: maintenanceState, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleMaintenance: endpoint({
    operationId: 'consoleMaintenance', method: 'POST', path: '/console/maintenance', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'Switches maintenance on (message, end time) or off for every server at once, without a restart', body: maintenanceRequest,
    response: maintenanceResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleOperators: endpoint({
    operationId: 'consoleOperators', method: 'GET', path: '/console/operators', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'The operators and their roles', response: operatorsResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleOperatorAdd: endpoint({
    operationId: 'consoleOperatorAdd', method: 'POST', path: '/console/operators', tags: ['console'], auth: 'operator', role: 'admin',
    summary: "Adds an operator (a wallet address and a role) or changes an operator's role", body: operatorAddRequest, response: operatorChangeResponse,
    errors: ['OPERATOR_FORBIDDEN', 'OPERATOR_LAST_ADMIN', 'NOT_VALID_REQUEST_ADDRESS'],
  }),
  consoleOperatorRemove: endpoint({
    operationId: 'consoleOperatorRemove', method: 'POST', path: '/console/operators/remove', tags: ['console'], auth: 'operator', role: 'admin',
    summary: 'Removes an operator (never the last admin)', body: operatorRemoveRequest, response: operatorChangeResponse,
    errors: ['OPERATOR_FORBIDDEN', 'NOT_FOUND', 'OPERATOR_LAST_ADMIN'],
  }),
  consoleAudit: endpoint({
    operationId: 'consoleAudit', method: 'GET', path: '/console/audit', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'The audit log (operator_actions), newest first, with filters', query: auditQuery, response: auditResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleEconomy: endpoint({
    operationId: 'consoleEconomy', method: 'GET', path: '/console/economy', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'The economy per day and chain: pools, tokens created and burned by reason, revenue, royalties, deposits, withdrawals, treasuries, active players, retention',
    query: economyQuery, response: economyResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleEconomyCsv: endpoint({
    operationId: 'consoleEconomyCsv', method: 'GET', path: '/console/economy.csv', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'The economy dashboard as CSV', query: economyCsvQuery, response: z.string(), errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleSuspiciousPairs: endpoint({
    operationId: 'consoleSuspiciousPairs', method: 'GET', path: '/console/market/suspicious-pairs', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: 'Pairs of accounts that trade with each other repeatedly at prices off the 7-day median (the rule in docs/operator-guide.md)',
    query: suspiciousPairsQuery, response: suspiciousPairsResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  consoleOperations: endpoint({
    operationId: 'consoleOperations', method: 'GET', path: '/console/operations', tags: ['console'], auth: 'operator', role: 'viewer',
    summary: "Operations: jobs, the tick's progress, watcher lag, price ages, world imports, server processes, database size and migration",
    response: consoleOperationsResponse, errors: ['OPERATOR_FORBIDDEN'],
  }),
  ...Object.fromEntries(MINE_KINDS.flatMap((k) => Object.values(MINE_ENDPOINTS[k]).map((e) => [e.operationId, e]))) as {
    [K in MineKind as `${K}Mines`]: (typeof MINE_ENDPOINTS)[K]['mines'] } & { [K in MineKind as `${K}AssignWorker`]: (typeof MINE_ENDPOINTS)[K]['assign'] }
    & { [K in MineKind as `${K}RemoveWorker`]: (typeof MINE_ENDPOINTS)[K]['remove'] } & { [K in MineKind as `${K}Upgrade`]: (typeof MINE_ENDPOINTS)[K]['upgrade'] },
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
