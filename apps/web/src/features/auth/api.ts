/** Sign-in calls: `POST /auth/challenge` and `POST /auth/login` (logout is a session call: api/session-calls.ts). */
import type { ChallengeResponse, Chain, LoginRequest, LoginResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';

/** Asks for a single-use message to sign with the wallet of `address`. */
export function postChallenge(chain: Chain, address: string): Promise<ChallengeResponse> {
  return call('authChallenge', { body: { chain, address } });
}

/** Exchanges a signed challenge for a session token. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return call('authLogin', { body });
}
