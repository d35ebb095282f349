/**
 * The local Solana cluster as the server sees it (docs/architecture.md §5.4): the controls a real
 * cluster lacks, used by the demo (airdrops, slot production) and the tests. Implemented by
 * `@kingdom/emulators`' `LocalSolanaCluster`; the server holds it as `providers.solanaChain.local`.
 */
import type { KeyPairSigner, RpcTransport } from '@solana/kit';

/** The cluster's tip: the current slot and the newest confirmed and finalized slots. */
export interface SlotTip {
  /** The current slot: transactions accepted now land in it (processed). */
  slot: number;
  confirmedSlot: number;
  finalizedSlot: number;
}

/** The local cluster's controls (one replica per process of a chain kept in Postgres). */
export interface LocalSolana {
  /** An `@solana/kit` RPC transport over the cluster's JSON-RPC handler (no HTTP): `createSolanaRpcFromTransport(local.transport)`. */
  readonly transport: RpcTransport;
  /** The cluster's genesis hash (base58). */
  readonly genesisHash: string;
  /** Slots on top of a transaction's slot before it is finalized. */
  readonly finalitySlots: number;
  /** A named ed25519 keypair of the cluster (made once, the same in every process): `sale`, `faucet`, a demo wallet's name. */
  keypair(name: string): Promise<KeyPairSigner>;
  /** Answers one parsed JSON-RPC request or batch (`POST /api/solana/rpc`). Never throws. */
  handle(request: unknown): Promise<unknown>;
  /**
   * Sends a signed wire transaction; it lands in the current slot.
   * @returns its signature
   * @throws Error (a JSON-RPC error with its code) when it is refused
   */
  send(wire: Uint8Array, opts?: { skipPreflight?: boolean; blockTimeMs?: number }): Promise<string>;
  /** Sends several signed wire transactions under one write: each one's signature, or the error that refused it. */
  sendMany(wires: readonly Uint8Array[], opts?: { skipPreflight?: boolean; blockTimeMs?: number }): Promise<Array<string | Error>>;
  /**
   * Sends `amount` lamports from the cluster's faucet to `to`.
   * @returns the transfer's signature
   * @throws Error (JSON-RPC -32602) when `to` is not an address or the amount is 0 or too large
   */
  airdrop(to: string, amount: bigint): Promise<string>;
  /** Produces `n` slots. */
  produceSlots(n: number): Promise<SlotTip>;
  /** Rolls back the `n` newest slots (tests). */
  rollback(n: number): Promise<SlotTip>;
  /** The tip now. */
  tip(): Promise<SlotTip>;
}
