/**
 * The outcome type every sign-in proof check answers (Cardano and Solana, message and transaction forms).
 * @module
 */

/** Outcome of a `check*SignIn`: `ok`, or the first reason it was refused. */
export type SignInCheck<Reason extends string> = { ok: true } | { ok: false; reason: Reason };
