/**
 * Several wallets per account (docs/game-rules.md §5, docs/product.md §2 `/account/settings`): link with the same proof as
 * sign-in, unlink (not the last, not the one signed in with), set the Master Wallet (Cardano), re-sync.
 * Everything an account holds is the union of its wallets' holdings (`holdings.user_id`).
 */
import type { Chain, StakeLinkRequest, WalletLinkRequest } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import type { ChainProviders } from '../../chain/index.ts';
import type { SessionUser } from '../../auth/session.ts';
import { parseCardanoRewardAddress, verifyCardanoStakeSignature, type CardanoNetwork } from '../../auth/verify.ts';
import { validAddress, validRewardAddress, verifyWalletProof } from '../../auth/proof.ts';
import { nonceOf } from '../../auth/challenge.ts';
import { consumeChallenge } from '../../auth/challenge-store.ts';
import { fail } from '../../errors.ts';
import { syncWallet } from './sync.ts';
import { deleteWallet, insertStakeProof, insertWallet, lockWallets, setMaster, walletOwner } from './repository.ts';

/**
 * Links the wallet of `body` to the session's account, then syncs its holdings (a failed sync keeps
 * the link; the user can re-sync).
 * @throws ApiError ERROR_WALLET_NOT_MATCH (extension address differs), NOT_VALID_REQUEST_ADDRESS,
 *   WALLET_SIGNATURE_NOT_VALID (bad proof), WALLET_MESSAGE_NOT_VALID (challenge unknown, used or
 *   expired), USER_WALLET_ALREADY_ADDED (this account),
 *   ERROR_WALLET_ALREADY_LINKED (another account)
 */
export async function linkWallet(db: Database, providers: ChainProviders, network: CardanoNetwork, session: SessionUser, body: WalletLinkRequest, now: Date, handles?: { policyId: string }): Promise<void> {
  const { chain, address, message } = body;
  if (body.connected !== undefined && body.connected !== '' && body.connected !== address) fail('ERROR_WALLET_NOT_MATCH');
  if (!validAddress(chain, address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
  const owner = await walletOwner(db.orm, chain, address);
  if (owner) fail(owner.userId === session.userId ? 'USER_WALLET_ALREADY_ADDED' : 'ERROR_WALLET_ALREADY_LINKED');
  const nonce = nonceOf(message);
  if (!nonce) fail('WALLET_MESSAGE_NOT_VALID');
  if (!verifyWalletProof(body, network)) fail('WALLET_SIGNATURE_NOT_VALID');
  await db.orm.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, nonce, chain, address, message))) fail('WALLET_MESSAGE_NOT_VALID');
    if (!(await insertWallet(tx, session.userId, chain, address, now))) {
      const again = await walletOwner(tx, chain, address);
      fail(again?.userId === session.userId ? 'USER_WALLET_ALREADY_ADDED' : 'ERROR_WALLET_ALREADY_LINKED');
    }
  });
  try {
    await syncWallet(db, providers, chain, address, now, handles);
  } catch {
    // The link stands; holdings come with the next re-sync.
  }
}

/**
 * Links a wallet's stake key to the session's account (docs/game-rules.md §8.2; docs/game-rules.md §8 "Deposits"): the
 * wallet signed the challenge issued for its reward address with its stake key (CIP-30 `signData`,
 * CIP-8). From then on a deposit from any address carrying that stake credential (another address
 * of the same HD wallet) is credited to this account. Proving a key this account already proved
 * again is a no-op.
 * @throws ApiError NOT_VALID_REQUEST_ADDRESS (not a key reward address of this network),
 *   WALLET_SIGNATURE_NOT_VALID (bad signature), WALLET_MESSAGE_NOT_VALID (challenge unknown, used,
 *   expired or for another address),
 *   ERROR_WALLET_ALREADY_LINKED (another account proved this stake key)
 */
export async function linkStakeKey(db: Database, network: CardanoNetwork, session: SessionUser, body: StakeLinkRequest, now: Date): Promise<void> {
  const { address, message, signature, key } = body;
  if (!validRewardAddress(address, network)) fail('NOT_VALID_REQUEST_ADDRESS');
  const nonce = nonceOf(message);
  if (!nonce) fail('WALLET_MESSAGE_NOT_VALID');
  if (!verifyCardanoStakeSignature({ address, message, signature, key, network })) fail('WALLET_SIGNATURE_NOT_VALID');
  const credential = parseCardanoRewardAddress(address)!.stake.hash;
  await db.orm.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, nonce, 'cardano', address, message))) fail('WALLET_MESSAGE_NOT_VALID');
    if ((await insertStakeProof(tx, session.userId, credential, address, now)) !== session.userId) fail('ERROR_WALLET_ALREADY_LINKED');
  });
}

/**
 * Unlinks a wallet of the account: its holdings leave the account and its sessions end.
 * @throws ApiError USER_WALLET_NOT_BELONG (not this account's), WALLET_LAST_OF_ACCOUNT (the only one),
 *   NOT_SET_ACTIVE_ADDRESS (the wallet this session signed in with)
 */
export async function unlinkWallet(db: Database, session: SessionUser, chain: Chain, address: string): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const wallets = await lockWallets(tx, session.userId);
    const w = wallets.find((x) => x.chain === chain && x.address === address);
    if (!w) fail('USER_WALLET_NOT_BELONG');
    if (wallets.length <= 1) fail('WALLET_LAST_OF_ACCOUNT');
    if (w.id === session.walletId) fail('NOT_SET_ACTIVE_ADDRESS');
    await deleteWallet(tx, w.id, w.chain, w.address);
  });
}

/**
 * Sets the Master Wallet. @throws ApiError USER_WALLET_NOT_BELONG (no Cardano wallet of the account has
 * this address; a Solana wallet of the account answers NOT_VALID_REQUEST_ADDRESS: the master must be Cardano)
 */
export async function setMasterWallet(db: Database, session: SessionUser, address: string): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const wallets = await lockWallets(tx, session.userId);
    const w = wallets.find((x) => x.address === address);
    if (!w) fail('USER_WALLET_NOT_BELONG');
    if (w.chain !== 'cardano') fail('NOT_VALID_REQUEST_ADDRESS');
    await setMaster(tx, session.userId, w.id);
  });
}

/** Re-syncs one wallet of the account. @throws ApiError USER_WALLET_NOT_BELONG, ERROR_WALLET_API */
export async function resyncWallet(db: Database, providers: ChainProviders, session: SessionUser, chain: Chain, address: string, now: Date, handles?: { policyId: string }): Promise<void> {
  const owner = await walletOwner(db.orm, chain, address);
  if (!owner || owner.userId !== session.userId) fail('USER_WALLET_NOT_BELONG');
  try {
    await syncWallet(db, providers, chain, address, now, handles);
  } catch {
    fail('ERROR_WALLET_API');
  }
}
