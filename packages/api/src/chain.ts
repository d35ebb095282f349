/**
 * Contract of chain money (docs/game-rules.md §8; docs/product.md §2 deposit/withdrawal modals, `/tokensale`):
 * deposits of EXO/HEXO to the treasury, withdrawals to the Master Wallet, EXO bought with ADA (token
 * sale rounds and the vendor's EXO packs), and the demo chain's block control.
 *
 * Units: token amounts in requests are whole tokens (decimal strings); in answers, base units
 * (6 decimals) as decimal strings; ADA in lovelace (decimal strings). Transactions and witness sets
 * are CBOR as lowercase hex. Times are ISO 8601 UTC.
 */
import { z } from 'zod';
import { baseUnits, text, wholeTokens } from './schemas.ts';
import { openEnum } from './open-enum.ts';

/** The two on-chain tokens (Cardano native tokens, docs/game-rules.md §1). */
export const CHAIN_TOKENS = ['exo', 'hexo'] as const;
export type ChainToken = (typeof CHAIN_TOKENS)[number];
export const chainToken = z.enum(CHAIN_TOKENS);

const hex = (max: number) => z.string().min(2).max(max).regex(/^(?:[0-9a-fA-F]{2})+$/, 'hex bytes');
/** A transaction id: 32 bytes as 64 lowercase hex digits. */
export const txHash = z.string().regex(/^[0-9a-f]{64}$/, '64 hex digits');
/** A Cardano address as bech32 (`addr…` / `addr_test…`), as CIP-30 change addresses are converted to. */
export const cardanoAddress = z.string().min(20).max(200).regex(/^addr(_test)?1[02-9ac-hj-np-z]+$/, 'a bech32 Cardano address');
const lovelace = z.string().regex(/^\d+$/).describe('lovelace (1 ADA = 1,000,000 lovelace)');
const iso = z.string();

/** `GET /chain/info`: what the wallet modals need to know of the chain. */
export const chainInfoResponse = z.object({
  /** `emulator`, `preprod`, `preview` or `mainnet`. */
  network: z.string(),
  /** CIP-30 `getNetworkId()` the wallet must answer: 0 testnets and emulator, 1 mainnet. */
  network_id: z.union([z.literal(0), z.literal(1)]),
  /** Blocks a deposit needs before it is credited (docs/game-rules.md §8). */
  confirmations: z.number().int(),
  treasury_address: z.string(),
  sale_address: z.string(),
  tip: z.object({ height: z.number().int(), slot: z.number().int() }),
  /** Explorer URL of a transaction with `{hash}` to fill in; null on the emulator (no explorer). */
  explorer_tx_url: z.string().nullable(),
  /**
   * Solana (docs/game-rules.md §9): the cluster wallets must be on (`devnet` by default,
   * `SOLANA_CLUSTER`), its genesis hash (base58: a wallet on another cluster is refused), the JSON-RPC
   * URL the browser sends and reads transactions through (always the relative `/api/solana/rpc`: the
   * local cluster's endpoint in demo and tests, else the server's proxy to the real cluster's RPC), and
   * the sale address SOL payments go to. Null when Solana payments are off.
   */
  solana: z.object({
    cluster: z.enum(['devnet', 'testnet', 'mainnet-beta']),
    genesis_hash: z.string(),
    rpc_url: z.string(),
    sale_address: z.string(),
    explorer_tx_url: z.string().nullable(),
  }).nullable(),
});

/**
 * `POST /chain/tx/build`: the server builds the unsigned transaction (Lucid Evolution) from the
 * wallet's UTxOs; the wallet signs it (CIP-30 `signTx`) and `POST /chain/tx/submit` submits it.
 * `deposit`: pays `amount` whole tokens to the treasury with the account id in CIP-20 metadata.
 * `order`: pays an EXO order's lovelace to the sale address with the order id in metadata.
 */
export const buildTxRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('deposit'), token: chainToken, amount: wholeTokens, address: cardanoAddress }),
  z.strictObject({ kind: z.literal('order'), order_id: z.number().int().min(1).max(2_147_483_647), address: cardanoAddress }),
]);
export const buildTxResponse = z.object({ tx: z.string(), tx_hash: txHash, fee: lovelace });

/** `POST /chain/tx/submit`: the built transaction and the witness set the wallet's `signTx` returned. */
export const submitTxRequest = z.strictObject({ tx: hex(32_768), witness_set: hex(8_192) });
export const submitTxResponse = z.object({ tx_hash: txHash });

export const DEPOSIT_STATUSES = ['pending', 'credited', 'claimable', 'rolled_back'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** One deposit output seen by the chain watcher. */
export const deposit = z.object({
  tx_hash: txHash,
  output_index: z.number().int(),
  token: chainToken,
  amount: baseUnits,
  /** First input address of the transaction (the sender). */
  sender: z.string(),
  status: openEnum(DEPOSIT_STATUSES),
  /** Blocks on top of and including the deposit's block (0 while rolled back). */
  confirmations: z.number().int(),
  seen_at: iso,
  credited_at: iso.nullable(),
});
export const depositsResponse = z.object({
  confirmations_required: z.number().int(),
  /** The account's deposits from its linked wallets, newest first (at most 50). */
  deposits: z.array(deposit),
  /** Deposits naming this account in their metadata from a wallet it has not linked: link the sender to claim them. */
  claimable: z.array(deposit),
});

export const WITHDRAWAL_STATUSES = ['requested', 'submitted', 'confirmed', 'failed', 'expired'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** `POST /chain/withdrawals` (with an `Idempotency-Key` header): to the Master Wallet only. */
export const withdrawalRequest = z.strictObject({
  token: chainToken,
  amount: wholeTokens,
  /** Optional: where the client thinks the payout goes; must be the Master Wallet (WITHDRAW_CAN_ONLY_MASTER). */
  address: text(200, 1).optional(),
});
export const withdrawal = z.object({
  id: z.number().int(),
  token: chainToken,
  amount: baseUnits,
  address: z.string(),
  status: openEnum(WITHDRAWAL_STATUSES),
  tx_hash: txHash.nullable(),
  confirmations: z.number().int(),
  created_at: iso,
  /** Why a failed or expired payout was returned to the balance. */
  reason: z.string().nullable(),
});
export const withdrawalResponse = z.object({ withdrawal });
export const withdrawalsResponse = z.object({ withdrawals: z.array(withdrawal) });

export const ROUND_STATUSES = ['upcoming', 'open', 'sold_out', 'closed'] as const;
/** A token sale round (docs/game-rules.md §8 "Token sale"). */
export const saleRound = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Lovelace per whole EXO. */
  price_lovelace: lovelace,
  /** Lamports per whole EXO when the operator set a SOL price for the round; null = priced from the prices (EXO in ADA × ADA/SOL). */
  price_lamports: z.string().regex(/^\d+$/).nullable(),
  /** EXO for sale, base units. */
  cap: baseUnits,
  /** EXO sold or reserved by open orders, base units. */
  sold: baseUnits,
  starts_at: iso,
  ends_at: iso,
  status: openEnum(ROUND_STATUSES),
});
export const saleRoundsResponse = z.object({
  rounds: z.array(saleRound),
  sale_address: z.string(),
  /** The Solana sale address (base58) that SOL payments go to; null when Solana payments are off. */
  solana_sale_address: z.string().nullable(),
});

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'expired'] as const;
/** The chain an EXO order is paid on: ADA on Cardano (default) or SOL on Solana (docs/game-rules.md §9). */
export const PAY_CHAINS = ['cardano', 'solana'] as const;
export const payChain = z.enum(PAY_CHAINS);
/**
 * `POST /exo/orders` (with an `Idempotency-Key` header): EXO bought with ADA, from a sale round
 * (`round_id` + `amount` whole EXO) or as a vendor EXO pack (`pack`: an `exo_packs` catalogue key,
 * priced at the current EXO price).
 */
export const orderRequest = z.union([
  z.strictObject({ round_id: z.number().int().min(1).max(2_147_483_647), amount: wholeTokens, pay_chain: payChain.optional() }),
  z.strictObject({ pack: text(40, 1), pay_chain: payChain.optional() }),
]);

/**
 * A Solana Pay transfer request for an order paid in SOL (the Solana Pay spec's transfer request):
 * `url` is `solana:<recipient>?amount=<SOL>&reference=<base58>&label=…&message=…&memo=…`; any
 * wallet or client may pay it. The transfer must carry `reference` as a read-only account key and
 * may carry `memo` in a Memo-program instruction (program `MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr`).
 */
export const solanaPayRequest = z.object({
  url: z.string(),
  /** The sale address on Solana (base58). */
  recipient: z.string(),
  /** SOL as a decimal string (at most 9 decimals), equal to `lamports`. */
  amount: z.string(),
  lamports: z.string().regex(/^\d+$/),
  /** The order's reference public key (base58, 32 bytes). */
  reference: z.string(),
  label: z.string(),
  message: z.string(),
  memo: z.string(),
});
export const exoOrder = z.object({
  id: z.number().int(),
  source: z.enum(['round', 'pack']),
  round_id: z.number().int().nullable(),
  pack: z.string().nullable(),
  /** EXO credited when the payment confirms, base units. */
  exo: baseUnits,
  /** The chain the order is paid on. */
  pay_chain: payChain,
  /** ADA price of an order paid on Cardano; null for one paid in SOL. */
  lovelace: lovelace.nullable(),
  /** SOL price of an order paid on Solana (1 SOL = 10^9 lamports); null for one paid in ADA. */
  lamports: z.string().regex(/^\d+$/).nullable(),
  /** Where to pay: the Cardano sale address, or the Solana sale address (base58). */
  sale_address: z.string(),
  status: openEnum(ORDER_STATUSES),
  /** Cardano transaction hash (hex) or Solana transaction signature (base58) of the payment. */
  tx_hash: z.string().nullable(),
  /** Orders paid in SOL: the Solana Pay transfer request to pay; null for ADA orders. */
  solana_pay: solanaPayRequest.nullable(),
  /** Confirmations of the payment the watcher saw for this order (0 before it is in a block). */
  confirmations: z.number().int(),
  created_at: iso,
  expires_at: iso,
});
export const orderResponse = z.object({ order: exoOrder });
export const ordersResponse = z.object({ orders: z.array(exoOrder) });

/** `POST /demo/chain/blocks`: produce blocks on the emulator (demo mode), then run the watcher. */
export const blocksRequest = z.strictObject({ count: z.number().int().min(1).max(1000).default(1) });
export const blocksResponse = z.object({ height: z.number().int(), slot: z.number().int() });

/**
 * `POST /demo/solana/slots`: produce slots on the local Solana cluster (demo mode): a transaction is
 * confirmed once a slot is on top of its slot, finalized once `SOLANA_FINALITY_SLOTS` are.
 */
export const solanaSlotsRequest = z.strictObject({ count: z.number().int().min(1).max(10_000).default(1) });
export const solanaSlotsResponse = z.object({
  /** The current slot (new transactions land in it). */
  slot: z.number().int(),
  confirmed_slot: z.number().int(),
  finalized_slot: z.number().int(),
});

/** `GET /chain/wallet/:address`: what an address holds on chain (the demo wallet's balance). */
export const walletBalanceParams = z.strictObject({ address: cardanoAddress });
export const walletBalanceResponse = z.object({ lovelace, exo: baseUnits, hexo: baseUnits });

export type Deposit = z.infer<typeof deposit>;
export type Withdrawal = z.infer<typeof withdrawal>;
export type ExoOrder = z.infer<typeof exoOrder>;
export type OrderRequest = z.infer<typeof orderRequest>;
export type SaleRoundAnswer = z.infer<typeof saleRound>;
export type ChainInfo = z.infer<typeof chainInfoResponse>;
