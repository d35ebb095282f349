/** Sign-in calls: `POST /auth/challenge` and `POST /auth/login` (logout is a session call: api/session-calls.ts). */
import { PATHS, type ChallengeResponse, type Chain, type LoginRequest, type LoginResponse } from '@kingdom/api';
import { apiPost } from '../../api/client.ts';

/** Asks for a single-use message to sign with the wallet of `address`. */
export function postChallenge(chain: Chain, address: string): Promise<ChallengeResponse> {
  return apiPost<ChallengeResponse>(PATHS.authChallenge, { chain, address });
}

/** Exchanges a signed challenge for a session token. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>(PATHS.authLogin, body);
}
