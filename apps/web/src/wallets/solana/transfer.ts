/**
 * The Solana Pay transfer of an order, built with `@solana/kit` (docs/product.md §7: "sets the fee payer and
 * recent block hash … versioned transactions are used only if the wallet supports them"):
 *
 * - a System Program transfer of `lamports` from the payer to the recipient, with the order's
 *   `reference` appended to that instruction as a read-only, non-signer account (Solana Pay's
 *   reference key: how the watcher finds the payment, docs/game-rules.md §9);
 * - a Memo instruction carrying the order's memo, addressed to the SPL Memo program
 *   `MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr` by name (the program Solana Pay wallets and the
 *   local cluster run; `@solana-program/memo`'s default is a newer one);
 * - fee payer = the payer, lifetime = the cluster's recent blockhash, version `0` or `legacy`.
 *
 * Loaded only when a Solana payment starts (or a Solana hardware wallet signs in), never with `/login`.
 *
 * @module
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  getTransactionSize,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getAddMemoInstruction } from '@solana-program/memo';
import { SOLANA_MAX_TX_BYTES, SOLANA_PAY_MEMO_PROGRAM } from '@kingdom/game';
import type { SolanaTxVersion } from '../types.ts';

/** The SPL Memo program Solana Pay uses (v2), named explicitly in every memo instruction. */
export const MEMO_PROGRAM = SOLANA_PAY_MEMO_PROGRAM;

/** The largest transaction the Solana network accepts, in bytes on the wire (docs/product.md §9). */
export const SOLANA_TX_SIZE_LIMIT = SOLANA_MAX_TX_BYTES;

/** What the transfer pays: the order's Solana Pay request (`solana_pay` of `POST /exo/orders`). */
export interface SolanaPayTransfer {
  /** The sale address, base58. */
  recipient: string;
  /** Lamports to pay (1 SOL = 10^9 lamports), a decimal integer string. */
  lamports: string;
  /** The order's reference public key, base58 (32 bytes). */
  reference: string;
  /** UTF-8 memo text; empty: no memo instruction. */
  memo: string;
}

/** A built, unsigned transaction. */
export interface BuiltSolanaTx {
  /** Wire format (signature slots zeroed), what Wallet Standard's transaction features take. */
  bytes: Uint8Array;
  /** The same, base64 (what `simulateTransaction` takes). */
  base64: string;
  /** Size on the wire, bytes (compare with {@link SOLANA_TX_SIZE_LIMIT}). */
  size: number;
  version: SolanaTxVersion;
  /** Signatures the transaction needs (the fee payer's: 1). */
  signatures: number;
}

/**
 * Compiles instructions into an unsigned transaction paid by `feePayer`.
 *
 * @param feePayer base58 address of the fee payer (signs first).
 * @param recentBlockhash base58 blockhash from the cluster (`getLatestBlockhash`).
 * @param lastValidBlockHeight the height after which the blockhash expires (part of the lifetime).
 * @throws Error (from `@solana/kit`) when an address or the blockhash is not base58 of 32 bytes.
 */
export function compileUnsigned(
  instructions: readonly Instruction[],
  opts: { feePayer: string; recentBlockhash: string; lastValidBlockHeight: bigint; version: SolanaTxVersion },
): BuiltSolanaTx {
  const message = pipe(
    createTransactionMessage({ version: opts.version }),
    (m) => setTransactionMessageFeePayer(address(opts.feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(opts.recentBlockhash), lastValidBlockHeight: opts.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tx = compileTransaction(message);
  const bytes = Uint8Array.from(getTransactionEncoder().encode(tx));
  return { bytes, base64: getBase64EncodedWireTransaction(tx), size: getTransactionSize(tx), version: opts.version, signatures: Object.keys(tx.signatures).length };
}

/**
 * The order's payment: transfer (+ reference key) and memo, paid by `payer`.
 *
 * @param payer the player's address, base58: source of the lamports and fee payer.
 * @param request the order's Solana Pay request.
 * @param recentBlockhash / lastValidBlockHeight the cluster's latest blockhash.
 * @param version `0` only when the wallet lists it in `supportedTransactionVersions`, else `legacy`.
 * @throws Error when an address is not base58 of 32 bytes or `lamports` is not a u64.
 */
export function buildSolanaPayTransfer(
  payer: string,
  request: SolanaPayTransfer,
  opts: { recentBlockhash: string; lastValidBlockHeight: bigint; version: SolanaTxVersion },
): BuiltSolanaTx {
  const amount = BigInt(request.lamports);
  if (amount <= 0n || amount >= 1n << 64n) throw new Error('lamports out of range');
  const transfer = getTransferSolInstruction({ source: createNoopSigner(address(payer)), destination: address(request.recipient), amount });
  const withReference: Instruction = {
    ...transfer,
    accounts: [...transfer.accounts, { address: address(request.reference), role: AccountRole.READONLY }],
  };
  const instructions: Instruction[] = [withReference];
  if (request.memo) instructions.push(getAddMemoInstruction({ memo: request.memo }, { programAddress: address(MEMO_PROGRAM) }));
  return compileUnsigned(instructions, { feePayer: payer, ...opts });
}

/**
 * The never-sent sign-in transaction of a Solana hardware wallet: one Memo instruction whose data
 * is the UTF-8 challenge, fee payer = the address, a recent blockhash (what the server's sign-in
 * check reads: fee payer first, the memo's data equal to the challenge, the payer's signature).
 * Legacy: every wallet and Ledger's Solana app sign those.
 */
export function buildSignInMemoTransaction(payer: string, challenge: string, opts: { recentBlockhash: string; lastValidBlockHeight: bigint }): BuiltSolanaTx {
  const memo = getAddMemoInstruction({ memo: challenge }, { programAddress: address(MEMO_PROGRAM) });
  return compileUnsigned([memo], { feePayer: payer, ...opts, version: 'legacy' });
}

/** The version to build for a wallet feature: `0` when listed, else `legacy`; null when it lists neither. */
export function versionFor(versions: readonly SolanaTxVersion[]): SolanaTxVersion | null {
  if (versions.includes(0)) return 0;
  return versions.includes('legacy') ? 'legacy' : null;
}
