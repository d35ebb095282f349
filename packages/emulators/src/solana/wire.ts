/**
 * Solana wire transactions as the local cluster and its JSON-RPC read them (docs/architecture.md §5):
 * the decoder, the JSON-RPC error a refusal carries, and how long a blockhash lives. Both
 * `local-cluster.ts` and `rpc.ts` build on this file, so neither imports the other's values.
 */
import {
  getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, getTransactionEncoder, type Transaction,
} from '@solana/kit';

/** Slots a blockhash stays valid after its slot (a validator's 150 blocks). */
export const MAX_BLOCKHASH_AGE_SLOTS = 150;

/** A JSON-RPC error (Solana's codes) a cluster operation refused with. */
export class SolanaRpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'SolanaRpcError';
  }
}

const b58 = getBase58Decoder();
const txDecoder = getTransactionDecoder();
const txEncoder = getTransactionEncoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** A decoded wire transaction: what the replica needs of it. */
export interface DecodedTransaction {
  tx: Transaction;
  signature: string;
  version: 'legacy' | 0;
  blockhash: string;
  staticAccounts: string[];
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
  instructions: Array<{ programAddressIndex: number; accountIndices: number[]; data: Uint8Array }>;
  lookups: Array<{ lookupTableAddress: string; writableIndexes: number[]; readonlyIndexes: number[] }>;
}

/**
 * Decodes a wire transaction (kit's codecs).
 * @throws SolanaRpcError -32602 when it is not one (or has trailing bytes)
 */
export function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  let tx: Transaction;
  let message: ReturnType<typeof messageDecoder.decode>;
  try {
    tx = txDecoder.decode(wire);
    if (txEncoder.encode(tx).length !== wire.length) throw new Error('trailing bytes');
    message = messageDecoder.decode(tx.messageBytes);
  } catch (err) {
    throw new SolanaRpcError(-32602, `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (message.version !== 'legacy' && message.version !== 0) throw new SolanaRpcError(-32602, `unsupported transaction version ${String(message.version)}`);
  const first = Object.values(tx.signatures)[0];
  const signature = b58.decode(first ?? new Uint8Array(64));
  return {
    tx, signature, version: message.version, blockhash: message.lifetimeToken,
    staticAccounts: message.staticAccounts.map(String),
    header: message.header,
    instructions: (message.instructions ?? []).map((i) => ({ programAddressIndex: i.programAddressIndex, accountIndices: [...(i.accountIndices ?? [])], data: new Uint8Array(i.data ?? new Uint8Array()) })),
    lookups: 'addressTableLookups' in message && message.addressTableLookups
      ? message.addressTableLookups.map((l) => ({ lookupTableAddress: String(l.lookupTableAddress), writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] }))
      : [],
  };
}
