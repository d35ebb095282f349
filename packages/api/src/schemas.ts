/**
 * Request and response schemas of every route (zod). The server validates with them and builds
 * OpenAPI from them; the web app types its calls with them. Amounts are strings of integer base
 * units (exact; see `@kingdom/game` tokens). Times are ISO-8601 UTC strings.
 */
import { z } from 'zod';
import { LAND_SIZES, BIOMES, TOKENS, MAX_WHOLE_TOKEN_DIGITS, HEX_NAME_MAX_LENGTH } from '@kingdom/game';

// ---- bounded inputs: every string has a maximum length and no NUL byte (Postgres text cannot hold
// one), every integer a range that fits its int4 column, every amount a maximum (MAX_AMOUNT). ----

/** A request string of at most `max` characters without NUL bytes. */
export function text(max: number, min = 0) {
  return z.string().min(min).max(max).refine((v) => !v.includes('\u0000'), 'must not contain NUL bytes');
}

/**
 * A land's hex name as requests give it (docs/game-rules.md §2), e.g. `E03N12`: 1–10 letters and digits (no
 * NUL, no `/`). Case and shape are checked by the land lookup: a well-formed request naming no land
 * answers LAND_NOT_AVAILABLE.
 */
export const hexName = z.string().min(1).max(HEX_NAME_MAX_LENGTH).regex(/^[A-Za-z0-9]+$/, 'letters and digits only');

/** The request header that carries the idempotency key of a request that spends. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The headers of an endpoint that spends exactly once per key (docs/architecture.md §8): an
 * `Idempotency-Key`, a UUID (either case) unique per account; a retry with the same key answers the
 * first answer again, the same key with another request IDEMPOTENCY_KEY_REUSED. The name is
 * lower-case as Node hands request headers over; other headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string({ error: 'a UUID is required' }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID is required')
    .describe('a UUID chosen by the client for this request; a retry sends the same one'),
});

/** Whole tokens as a digit string, at most 21 digits (MAX_AMOUNT in base units). */
export const wholeTokens = z.string().regex(new RegExp(`^\\d{1,${MAX_WHOLE_TOKEN_DIGITS}}$`), `a whole number of at most ${MAX_WHOLE_TOKEN_DIGITS} digits`);

/** Integer base units as a decimal string (e.g. `"1500000"` = 1.5 tokens). */
export const baseUnits = z.string().regex(/^-?\d+$/).describe('integer amount in base units (6 decimals)');

export const chain = z.enum(['cardano', 'solana']);
export type Chain = z.infer<typeof chain>;

/** Any `{error, message, errors?}` body of a non-2xx answer. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---- config / status ----
export const configResponse = z.object({
  demo: z.boolean(),
  maintenance: z.boolean(),
  maintenance_message: z.string().nullable().describe("while in maintenance, the operator's message to players (console, docs/operator-guide.md); else null"),
  maintenance_ends_at: z.string().nullable().describe('while in maintenance, when the operator said it ends (ISO 8601, UTC); a forecast: it ends when switched off'),
  mint_url: z.string(),
  price_service_url: z.string().describe('public ADA/USD price service; empty when disabled'),
  cardano_network: z.string(),
  solana_cluster: z.string(),
  links: z.object({ whitepaper: z.string(), social: z.string(), chat: z.string(), guidebook: z.string() }),
});
export type ConfigResponse = z.infer<typeof configResponse>;

// ---- auth ----
export const challengeRequest = z.strictObject({
  chain,
  address: text(200, 1),
});
/**
 * The unsigned transaction a hardware wallet signs instead of `signData` (the spec's HD flag;
 * docs/game-rules.md §8.2): the issued challenge `message` for a Cardano `address`, carried as CIP-20 metadata
 * (label 674), spending one of the address's UTxOs and naming its payment key as required signer,
 * with a validity interval already over — so it can never be submitted. The wallet signs it
 * (CIP-30 `signTx`), the app puts the witness set in and sends it as `tx` to `POST /auth/login`.
 */
export const challengeTxRequest = z.strictObject({
  chain: z.literal('cardano'),
  address: text(200, 1),
  message: text(2000, 1),
});
export const challengeTxResponse = z.object({ tx: z.string().describe('the unsigned transaction, CBOR hex') });
export type ChallengeTxResponse = z.infer<typeof challengeTxResponse>;
export const challengeResponse = z.object({
  message: z.string(),
  nonce: z.string(),
  expires_at: z.string(),
});
export type ChallengeResponse = z.infer<typeof challengeResponse>;

/**
 * Sign-in proof (docs/game-rules.md §10.1), the fields of {@link walletProof}; linking another wallet
 * sends the same proof. Cardano: `signature` = COSE_Sign1 hex and `key` = COSE_Key
 * hex from CIP-30 `signData`. Solana: `signature` = base58 ed25519 signature over the UTF-8 message.
 * Hardware wallets that cannot sign data send `tx` instead of `signature`: a transaction carrying
 * the message, signed and never submitted (Cardano: CBOR hex with CIP-20 metadata label 674;
 * Solana: base64 with a Memo instruction).
 */
export const walletProof = {
  chain,
  address: text(200, 1),
  message: text(2000, 1),
  signature: text(4000, 1).optional(),
  key: text(400).optional(),
  tx: text(32_000, 1).optional(),
};

export const loginRequest = z.strictObject({
  ...walletProof,
  wallet: text(40).optional().describe('wallet name, e.g. eternl or phantom'),
}).refine((b) => (b.signature === undefined) !== (b.tx === undefined), { message: 'send either signature or tx', path: ['signature'] });
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * Connects a wallet of the account to the signed-in session as its active wallet (docs/product.md §4
 * "Reconnect"): the same proof as sign-in (a challenge from `POST /auth/challenge`, signed, or the
 * hardware wallets' signed transaction), for a wallet linked to this account.
 */
export const walletConnectRequest = z.strictObject({
  ...walletProof,
}).refine((b) => (b.signature === undefined) !== (b.tx === undefined), { message: 'send either signature or tx', path: ['signature'] });
export type WalletConnectRequest = z.infer<typeof walletConnectRequest>;

export const user = z.object({
  user_name: z.string(),
  user_id: z.number().int(),
  user_avatar: z.string().nullable(),
  type: z.string(),
  land_owner: z.boolean(),
  is_cardano: z.boolean(),
  connect_wallet: z.string().describe("address of the session's active wallet (the wallet of sign-in until another is connected); empty after a wallet disconnect"),
  wallet_handle: z.string().nullable().describe("the ADA Handle (without '$') the session's active wallet holds, as its last sync saw it; null when none or no wallet is connected"),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({ token: z.string(), user, expires_at: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutResponse = z.object({ status: z.literal('success') });
export const userResponse = z.object({ user });

// ---- balances and prices ----
/** The spec's store balance without a source (docs/product.md §3): `GET user/balance/gems` answers SYSTEM_FEATURE_NOT_AVAILABLE. */
export const GEMS = 'gems';
/**
 * A balance's token. `gems` is the spec's fifth store balance (`gemsBalance`), which nothing in the
 * game grants or spends: it is accepted only to be answered 400 SYSTEM_FEATURE_NOT_AVAILABLE
 * (docs/product.md §3), not a bare validation error.
 */
export const tokenParam = z.object({
  token: z.enum([...TOKENS, GEMS]).describe('exo, hexo, food or rune; gems answers 400 SYSTEM_FEATURE_NOT_AVAILABLE (GEMS has no source: docs/product.md §3)'),
});
export const balanceResponse = z.object({ balance: baseUnits });
const priceFlags = z.object({ exo: z.boolean(), hexo: z.boolean(), ada_usd: z.boolean(), sol_usd: z.boolean() });
const priceTimes = z.object({ exo: z.string().nullable(), hexo: z.string().nullable(), ada_usd: z.string().nullable(), sol_usd: z.string().nullable() });
export const pricesResponse = z.object({
  exo: z.string().describe('ADA per EXO, 5 decimals'),
  hexo: z.string().describe('ADA per HEXO, 5 decimals'),
  ada_usd: z.string().nullable().describe('USD per ADA, 5 decimals (the fiat price); null when never priced'),
  sol_usd: z.string().nullable().describe('USD per SOL, 5 decimals; null when never priced'),
  stale: priceFlags.describe('true for a price its provider saw longer ago than the limit (PRICE_MAX_AGE_MINUTES): shown as stale, nothing is priced from it; operator-set and demo prices never go stale'),
  seen_at: priceTimes.describe('when each price was seen (ISO 8601 UTC); null when never priced or not known'),
});
export type PricesResponse = z.infer<typeof pricesResponse>;

// ---- notifications, inventory ----
export const countResponse = z.object({ count: z.number().int() });
export const item = z.object({
  key: z.string(),
  name: z.string(),
  amount: z.number().int(),
  is_craftable: z.boolean(),
});
export type Item = z.infer<typeof item>;
export const itemsResponse = z.object({ items: z.array(item) });

// ---- lands and mining tools ----
const boolQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const listQuery = z.strictObject({
  my: boolQuery.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: text(64).optional(),
});
export type ListQuery = z.input<typeof listQuery>;

export const land = z.object({
  id: z.number().int(),
  hex_name: z.string(),
  name: z.string(),
  size: z.enum(LAND_SIZES),
  size_label: z.enum(['S', 'M', 'L', 'XL']),
  biome: z.enum(BIOMES),
  q: z.number().int(),
  r: z.number().int(),
  policy_id: z.string().describe("the Land collection's hex policy id (docs/product.md §3: the Kingdom's own NFTs have hex policy-like identifiers; Cardano names kept)"),
  asset_name: z.string().describe("the land NFT's hex asset name"),
  goldmine_level: z.number().int().nullable(),
  frenmine_level: z.number().int().nullable(),
  workers: z.number().int(),
  owner: z.string().nullable().describe('holder address, or null when unminted/unknown'),
  has_update: z.boolean(),
});
export type Land = z.infer<typeof land>;
export const landsResponse = z.object({ lands: z.array(land), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type LandsResponse = z.infer<typeof landsResponse>;

export const miningTool = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  serial: z.number().int(),
  policy_id: z.string().describe("the Mining Tool collection's hex policy id (docs/product.md §3: the Kingdom's own NFTs have hex policy-like identifiers; Cardano names kept)"),
  asset_name: z.string().describe("the tool NFT's hex asset name"),
  daily_hexo: baseUnits,
  owner: z.string().nullable(),
});
export type MiningTool = z.infer<typeof miningTool>;
export const miningToolsResponse = z.object({ mtools: z.array(miningTool), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export type MiningToolsResponse = z.infer<typeof miningToolsResponse>;

export const totalLandsResponse = z.object({ total_lands: z.number().int() });

// ---- wallets ----
export const walletSyncResponse = z.object({ lands: z.number().int(), mtools: z.number().int(), synced_at: z.string() });

// ---- demo ----
export const faucetRequest = z.strictObject({
  address: text(200, 1),
  lands: z.number().int().min(0).max(100).default(0),
  tools: z.number().int().min(0).max(100).default(0),
  exo: wholeTokens.default('0').describe('whole tokens'),
  hexo: wholeTokens.default('0').describe('whole tokens'),
  food: wholeTokens.default('0').describe('whole tokens'),
  rune: wholeTokens.default('0').describe('whole tokens'),
  workers: z.number().int().min(0).max(50).default(0).describe('worker NFTs of a qualified Staking-Hub collection'),
  rarity: z.enum(['common', 'uncommon', 'rare', 'epic']).default('common'),
  items: z.record(text(40), z.number().int().min(0).max(1000)).default({}).describe('item key → count'),
  land: hexName.optional()
    .describe('mint this land (hex_name) to the address: LAND_SOLD_OUT when minted, LAND_NOT_AVAILABLE when no land'),
  nfts: z.record(z.string().min(1).max(64).regex(/^[a-z0-9-]+$/), z.number().int().min(1).max(50)).optional()
    .refine((r) => r === undefined || Object.keys(r).length <= 10, 'at most 10 projects')
    .describe('NFTs of named Staking-Hub projects: slug → count (NOT_FOUND when no such project on the chain)'),
  sol: z.string().regex(/^\d{1,7}(\.\d{1,9})?$/, 'SOL with at most 9 decimals').default('0')
    .describe('SOL airdropped to a Solana address on the local Solana cluster (SYSTEM_FEATURE_NOT_AVAILABLE elsewhere)'),
});
export type FaucetRequest = z.input<typeof faucetRequest>;
export const faucetResponse = z.object({
  address: z.string(),
  chain,
  lands: z.array(z.string()).describe('hex_names given'),
  tools: z.array(z.number().int()).describe('mining tool ids given'),
  workers: z.array(z.object({ collection_key: z.string().describe('Cardano policy id or Solana collection address'), asset_key: z.string().describe('Cardano asset name (hex) or Solana mint address'), collection: z.string() })).default([]),
  items: z.record(z.string(), z.number().int()).default({}),
  balances: z.record(z.string(), baseUnits).describe('amounts credited, base units'),
  sol: z.object({ lamports: baseUnits, signature: z.string() }).nullable().optional().describe('the SOL airdrop on the local Solana cluster'),
});
export type FaucetResponse = z.infer<typeof faucetResponse>;
