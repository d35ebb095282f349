/** Sign-in and sign-out calls: `POST /auth/challenge`, `POST /auth/login`, `GET /auth/logout`. */
import { PATHS, type ChallengeResponse, type Chain, type LoginRequest, type LoginResponse } from '@kingdom/api';
import { apiGet, apiPost } from '../client.ts';

/** Asks for a single-use message to sign with the wallet of `address`. */
export function postChallenge(chain: Chain, address: string): Promise<ChallengeResponse> {
  return apiPost<ChallengeResponse>(PATHS.authChallenge, { chain, address });
}

/** Exchanges a signed challenge for a session token. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>(PATHS.authLogin, body);
}

/** Revokes the current token on the server. */
export function getLogout(): Promise<{ status: string }> {
  return apiGet<{ status: string }>(PATHS.authLogout);
}
