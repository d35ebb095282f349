/**
 * The session's active wallet as a server fact (docs/product.md §4 "Wallet disconnect alone",
 * "Reconnect"): sign-in makes the wallet of sign-in active; `POST /auth/wallet` makes another wallet
 * of the account active once its control is proved by the sign-in proof (a challenge from
 * `POST /auth/challenge`, signed by the wallet, or a hardware wallet's signed, never-sent
 * transaction); `POST /auth/wallet/disconnect` clears it (the session stays signed in). Withdrawals
 * ask for it (`ACTIVE_ADDRESS_NOT_MASTER_ADDRESS`, `NOT_SET_ACTIVE_ADDRESS`), and the user's
 * `connect_wallet` and `wallet_handle` are its, so what the page shows is what the server holds.
 *
 * @module
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import type { CardanoNetwork } from '../../auth/verify.ts';
import { validAddress, verifyWalletProof } from '../../auth/proof.ts';
import { nonceOf } from '../../auth/challenge.ts';
import { consumeChallenge } from '../../auth/challenge-store.ts';
import { route, sessionOf } from '../../http/routes.ts';
import { fail } from '../../errors.ts';
import { loadUser } from '../users/repository.ts';
import { walletOwner } from '../wallets/repository.ts';
import { setSessionActiveWallet } from './repository.ts';

/** The user of the request's session after a change of its active wallet. @throws ApiError USER_NOT_AUTH */
async function userOf(db: Database, request: FastifyRequest, tokenHash: string) {
  const user = await loadUser(db, tokenHash, request.now);
  if (!user) fail('USER_NOT_AUTH');
  return { user };
}

/** Registers `POST /auth/wallet` and `POST /auth/wallet/disconnect`. */
export async function activeWalletRoutes(app: FastifyInstance, network: CardanoNetwork): Promise<void> {
  const { db } = app.deps;

  route(app, ENDPOINTS.authWalletConnect, async (input) => {
    const session = sessionOf(input);
    const { chain, address, message, signature, key, tx } = input.body;
    if (!validAddress(chain, address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
    const owner = await walletOwner(db.orm, chain, address);
    if (!owner || owner.userId !== session.userId) fail('USER_WALLET_NOT_BELONG');
    // as at sign-in: a bad proof is never 401 (the player stays signed in)
    const nonce = nonceOf(message);
    if (!nonce) fail('WALLET_MESSAGE_NOT_VALID');
    if (!verifyWalletProof({ chain, address, message, signature, key, tx }, network)) fail('WALLET_SIGNATURE_NOT_VALID');
    await db.orm.transaction(async (t) => {
      if (!(await consumeChallenge(t, nonce, chain, address, message))) fail('WALLET_MESSAGE_NOT_VALID');
      if (!(await setSessionActiveWallet(t, session.tokenHash, owner.id))) fail('USER_NOT_AUTH');
    });
    return userOf(db, input.request, session.tokenHash);
  });

  route(app, ENDPOINTS.authWalletDisconnect, async (input) => {
    const session = sessionOf(input);
    if (!(await setSessionActiveWallet(db.orm, session.tokenHash, null))) fail('USER_NOT_AUTH');
    return userOf(db, input.request, session.tokenHash);
  });
}
