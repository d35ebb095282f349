/**
 * The wallet handle (docs/product.md §3 persisted session state): the ADA Handle a Cardano wallet holds. A
 * handle is an asset under the Handle policy (`HANDLE_POLICY_ID`, mainnet's by default) held at the
 * wallet's address; its asset name is the handle's UTF-8 text (`$kingdom` → `6b696e67646f6d`), or,
 * for CIP-68 handles, that text behind the user-token label `000de140` (CIP-67 label 222). Other
 * CIP-67 labels under the policy (reference tokens `000643b0`, …) are not handles a wallet shows.
 *
 * A wallet holding several handles shows one, chosen deterministically: the shortest, then the first
 * in code-point order (`$ab` before `$abc`, `$ab` before `$ac`). The chosen handle is cached on the
 * wallet's row (`wallets.handle`) by each wallet sync (sign-in, `POST wallet/sync`), from the same
 * provider answer the holdings come from: no extra request.
 */
import { sql } from 'drizzle-orm';
import type { Chain } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { emulatorMint } from '@kingdom/emulators';
import type { ChainAsset } from '../../chain/index.ts';

/** CIP-67 label 222 (user token) as it prefixes a CIP-68 asset name. */
const CIP68_USER_LABEL = '000de140';
/** Characters of a handle (lowercase letters, digits, `-`, `_`, `.`; `@` for sub-handles), 1–28 long (Handle's rules with room). */
const HANDLE_TEXT = /^[a-z0-9_.@-]{1,28}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A handle's text from an asset name under the Handle policy, or null for one that is not a wallet's handle. */
export function handleOfAssetName(assetNameHex: string): string | null {
  let hex = assetNameHex.toLowerCase();
  if (hex.startsWith(CIP68_USER_LABEL)) hex = hex.slice(CIP68_USER_LABEL.length);
  else if (hex.startsWith('00')) return null; // another CIP-67 label (a handle's text never starts with NUL)
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]+$/.test(hex)) return null;
  let text: string;
  try {
    text = utf8.decode(Buffer.from(hex, 'hex'));
  } catch {
    return null;
  }
  return HANDLE_TEXT.test(text) ? text : null;
}

/**
 * The handle to show for a wallet holding `assets` (without `$`), or null when it holds none under
 * `policyId`. Several: the shortest, then the first in code-point order.
 */
export function chooseHandle(assets: readonly ChainAsset[], policyId: string): string | null {
  let best: string | null = null;
  for (const a of assets) {
    if (a.collectionKey !== policyId || a.quantity <= 0n) continue;
    const h = handleOfAssetName(a.assetKey);
    if (h === null) continue;
    if (best === null || h.length < best.length || (h.length === best.length && h < best)) best = h;
  }
  return best;
}

/**
 * Caches `handle` on the wallet's row (inside the sync's transaction). The handle column is written
 * only when it changed — the kept dashboard answers (topic `users`) are dropped only then — while
 * `handle_checked_at` records every look.
 */
export async function storeHandle(tx: Orm, chain: Chain, address: string, handle: string | null, now: Date): Promise<void> {
  const [row] = await exec<{ handle: string | null }>(tx, sql`SELECT handle FROM wallets WHERE chain = ${chain} AND address = ${address}`);
  if (!row) return;
  if (row.handle !== handle) await exec(tx, sql`UPDATE wallets SET handle = ${handle}, handle_checked_at = ${now} WHERE chain = ${chain} AND address = ${address}`);
  else await exec(tx, sql`UPDATE wallets SET handle_checked_at = ${now} WHERE chain = ${chain} AND address = ${address}`);
}

/**
 * Demo (emulator only): gives a Cardano wallet a handle when it holds none under `policyId` —
 * `demo_` and six characters of its address — so demo players see the wallet handle as on mainnet.
 */
export async function giveDemoHandle(orm: Orm, policyId: string, address: string): Promise<void> {
  const [held] = await exec<{ n: number }>(orm, sql`
    SELECT count(*)::int AS n FROM emu_assets WHERE chain = 'cardano' AND address = ${address} AND collection_key = ${policyId}`);
  if (held!.n > 0) return;
  const name = `demo_${address.slice(-6).toLowerCase().replace(/[^a-z0-9]/g, '0')}`;
  await emulatorMint(orm, 'cardano', address, policyId, Buffer.from(name, 'utf8').toString('hex'), 1n);
}
