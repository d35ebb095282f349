/**
 * Sign-in signature checks for both chains (docs/http-contract.md §2): the public
 * entry point, one file per job behind it:
 * - `cardano-address.ts` — Cardano address and stake-credential parsing (CSL) and the address
 *   checks every Cardano proof form shares;
 * - `cardano-data-signature.ts` — the CIP-30 `signData` (COSE_Sign1) proofs of a payment or stake key;
 * - `solana-message.ts` — the Solana `signMessage` proof and Solana address format;
 * - `verify-tx.ts` — the signed-transaction forms (hardware wallets);
 * - `sign-in-check.ts` — the outcome type they share.
 *
 * @module
 */
export {
  cardanoAddressFromHex, cardanoPaymentKeyHash, cardanoRewardAddress, isCardanoAddress, parseCardanoAddress, parseCardanoRewardAddress,
  type CardanoAddressInfo, type CardanoCredential, type CardanoNetwork, type CardanoRewardAddressInfo,
} from './cardano-address.ts';
export {
  checkCardanoSignIn, checkCardanoStakeSignature, verifyCardanoSignIn, verifyCardanoStakeSignature,
  type CardanoSignInFailure, type CardanoSignInInput,
} from './cardano-data-signature.ts';
export { checkSolanaSignIn, isSolanaAddress, verifySolanaSignIn, type SolanaSignInFailure, type SolanaSignInInput } from './solana-message.ts';
export type { SignInCheck } from './sign-in-check.ts';
