/** Sign-in calls: `POST /auth/challenge` and `POST /auth/login` (logout is a session call: api/session-calls.ts). */
import type { ChallengeResponse, ChallengeTxResponse, Chain, LoginRequest, LoginResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';

/** Asks for a single-use message to sign with the wallet of `address`. */
export function postChallenge(chain: Chain, address: string): Promise<ChallengeResponse> {
  return call('authChallenge', { body: { chain, address } });
}

/** The unsigned transaction carrying a Cardano challenge, for a hardware wallet to sign (`signTx`). */
export function postChallengeTx(address: string, message: string): Promise<ChallengeTxResponse> {
  return call('authChallengeTx', { body: { chain: 'cardano', address, message } });
}

/** `GET /chain/info`: the Solana cluster a hardware wallet's sign-in transaction names (and its RPC for a blockhash). */
export function getChainInfo() {
  return call('chainInfo');
}

/** Exchanges a signed challenge for a session token. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return call('authLogin', { body });
}
