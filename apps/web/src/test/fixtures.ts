/** Answers of the API for a signed-in test user, shaped as packages/api schemas say. */
import type { ConfigResponse, Land, Mine, MineKind, MiningTool, Notification, User, WorkerNft } from '@kingdom/api';
import { GOLDMINE_SLOTS, LAND_SIZE_INFO, MANAGER_SLOT, isSlotOpen } from '@kingdom/game';
import type { MockRoutes } from './mock-http.ts';

export const TEST_USER: User = {
  user_name: 'Aldric',
  user_id: 7,
  user_avatar: null,
  type: 'citizen',
  land_owner: true,
  is_cardano: true,
  connect_wallet: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6',
  wallet_handle: null,
};

export const TEST_CONFIG: ConfigResponse = {
  demo: true,
  maintenance: false,
  maintenance_message: null,
  maintenance_ends_at: null,
  mint_url: 'https://mint.example/lands',
  price_service_url: '',
  cardano_network: 'emulator',
  solana_cluster: 'devnet',
  links: {
    whitepaper: 'https://docs.example/whitepaper',
    social: 'https://social.example/kingdom',
    chat: 'https://chat.example/kingdom',
    guidebook: 'https://docs.example/guide',
  },
};

/** A land as the API answers it. */
export function land(id: number, hexName: string, over: Partial<Land> = {}): Land {
  return {
    id,
    hex_name: hexName,
    name: `Land ${hexName}`,
    size: 'SMALL',
    size_label: 'S',
    biome: 'forest',
    q: id,
    r: -id,
    policy_id: 'ab'.repeat(28),
    asset_name: hexName,
    goldmine_level: 1,
    frenmine_level: null,
    workers: 2,
    owner: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6',
    has_update: false,
    ...over,
  };
}

/** A mining tool as the API answers it. */
export function tool(id: number, over: Partial<MiningTool> = {}): MiningTool {
  return {
    id,
    key: 'alchemist_glove',
    name: 'Alchemist Glove',
    serial: id,
    policy_id: 'cd'.repeat(28),
    asset_name: `tool${id}`,
    daily_hexo: '100000000',
    owner: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6',
    ...over,
  };
}

/** The answers a signed-in user's pages need, with empty inventories. Override per test. */
export function signedInRoutes(over: MockRoutes = {}): MockRoutes {
  return {
    'GET /sanctum/csrf-cookie': { status: 204 },
    'GET /config': { body: TEST_CONFIG },
    'GET /dashboard/user': { body: { user: TEST_USER } },
    'GET /user/balance/exo': { body: { balance: '1234567890000' } },
    'GET /user/balance/hexo': { body: { balance: '2500000' } },
    'GET /user/balance/food': { body: { balance: '0' } },
    'GET /user/balance/rune': { body: { balance: '1000000000000000' } },
    'GET /currencies/prices': { body: { exo: '0.1234567', hexo: '0.00042' } },
    'GET /notifications/count': { body: { count: 3 } },
    'GET /chest': { body: { week: '2026-11-16', ends_at: '2026-11-23T00:00:00.000Z', seed_hash: 'ab'.repeat(32), state: 'openable', opened: null, next_week: { week: '2026-11-23', seed_hash: 'cd'.repeat(32) } } },
    'GET /inventory/items': { body: { items: [] } },
    'GET /inventory/count': { body: { count: 0 } },
    'GET /user/total_lands': { body: { total_lands: 0 } },
    'GET /mining_tool': { body: { mtools: [], total: 0, page: 1, per_page: 12 } },
    'GET /lands': { body: { lands: [], total: 0, page: 1, per_page: 12 } },
    'GET /auth/logout': { body: { status: 'success' } },
    // the server forgets the session's active wallet (docs/product.md §4): the user without a wallet
    'POST /auth/wallet/disconnect': { body: { user: { ...TEST_USER, connect_wallet: '', wallet_handle: null } } },
    'GET /notifications': { body: { notifications: [], total: 0, unread: 0, page: 1, per_page: 20 } },
    'GET /goldmine/mines': { body: { mines: [], now: TEST_NOW } },
    'GET /frenmine/mines': { body: { mines: [], now: TEST_NOW } },
    'GET /goldmine/worker-nfts': { body: { workers: [] } },
    'GET /mines/performance': (req) => ({ body: { mine: req.params.mine ?? 'goldmine', rows: [] } }),
    'GET /demo/clock': { body: { now: TEST_NOW, today: TEST_NOW.slice(0, 10), last_settled: '2025-03-09' } },
    'GET /lands/updates': { body: { any_update: false, lands: [] } },
    ...over,
  };
}

/** The server's game clock in the Gold Rush fixtures. */
export const TEST_NOW = '2025-03-10T09:00:00.000Z';

/** A mine of `kind` on `land` at `level`, slots shaped as the server answers; `workers` fills slots. */
export function mine(kind: MineKind, l: Land, level: number, over: Partial<Mine> & { workers?: Record<number, Partial<NonNullable<Mine['slots'][number]['worker']>>> } = {}): Mine {
  const { workers = {}, ...rest } = over;
  const numbers = kind === 'goldmine' ? [...GOLDMINE_SLOTS] : [1, 2, 3, 4, 5];
  const slots = numbers.map((slot) => {
    const w = workers[slot];
    return {
      slot,
      open: isSlotOpen(kind, level, slot),
      manager: kind === 'goldmine' && slot === MANAGER_SLOT,
      worker: w
        ? { kind: 'nft' as const, rarity: 'common' as const, collection_key: 'ee'.repeat(28), asset_key: `w${slot}`, name: `Worker ${slot}`, assigned_at: '2025-03-08T10:00:00.000Z', works_from: '2025-03-09', ...w }
        : null,
    };
  });
  const info = LAND_SIZE_INFO[l.size];
  return {
    mine: kind,
    land: l,
    level,
    cap: kind === 'goldmine' ? info.goldmineCap : info.frenmineCap,
    max_level: kind === 'goldmine' ? 10 : 5,
    open_slots: slots.filter((x) => x.open).length,
    slots,
    upgrade: null,
    ...rest,
  };
}

/** A worker NFT of the player. */
export function workerNft(name: string, over: Partial<WorkerNft> = {}): WorkerNft {
  return { collection_key: 'ff'.repeat(28), asset_key: name.toLowerCase().replace(/\W+/g, ''), name, collection: 'Kingdom Frens', chain: 'cardano', rarity: 'common', assigned: null, ...over };
}

/** A notification as the inbox answers it. */
export function notification(id: number, type: Notification['type'], data: Record<string, unknown>, over: Partial<Notification> = {}): Notification {
  return { id, type, data, read: false, created_at: '2025-03-10T00:00:00.000Z', ...over };
}
