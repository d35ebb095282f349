/**
 * NFT collections on the emulated chain, so `kingdom world import` runs against the
 * Blockfrost-compatible emulator exactly as on preprod (docs/operator-guide.md "Rehearsing on the
 * emulator"). A collection file is minted by real transactions: each asset with its CIP-25 (label
 * 721) metadata, paid to its holder, under a native-script policy of the emulator's faucet key (one
 * policy per role, so the policy ids are the emulator's own and stable for its database).
 *
 * The collection file (JSON):
 *
 * ```json
 * { "land": { "assets": [ { "name": "CardanoLand1", "holder": "addr_test1…", "721": { "name": "Cardano Land #1", … } },
 *                         { "nameHex": "ff fe…", "721": { … } } ] },
 *   "tool": { "assets": [ … ] } }
 * ```
 *
 * `name` is the asset name as UTF-8 text (≤ 32 bytes), or `nameHex` its bytes in hex (for names
 * that are not UTF-8); `holder` a testnet address (default: the faucet, i.e. still at the mint);
 * `721` the asset's CIP-25 metadata (strings ≤ 64 bytes, as on chain). Minting is idempotent:
 * assets the chain already has are skipped.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CML, mintingPolicyToId, scriptFromNative, type Script } from '@lucid-evolution/lucid';
import type { CardanoMoney } from '@kingdom/chain-providers';

/** Collection roles: the Land and Mining Tool collections. */
export type CollectionRole = 'land' | 'tool';

const metadataValue: z.ZodType<unknown> = z.lazy(() => z.union([
  z.string().refine((s) => Buffer.byteLength(s, 'utf8') <= 64, 'strings are at most 64 bytes on chain'),
  z.number().int(),
  z.array(metadataValue),
  z.record(z.string(), metadataValue),
]));

const assetSchema = z.object({
  name: z.string().min(1).refine((s) => Buffer.byteLength(s, 'utf8') <= 32, 'at most 32 bytes').optional(),
  nameHex: z.string().regex(/^(?:[0-9a-f]{2}){1,32}$/).optional(),
  holder: z.string().regex(/^addr_test1[02-9ac-hj-np-z]+$/).optional(),
  721: z.record(z.string(), metadataValue),
}).strict().refine((a) => (a.name === undefined) !== (a.nameHex === undefined), 'exactly one of name and nameHex');

/** The collection file's schema. */
export const collectionFileSchema = z.object({
  land: z.object({ assets: z.array(assetSchema).max(100_000) }).strict().optional(),
  tool: z.object({ assets: z.array(assetSchema).max(100_000) }).strict().optional(),
}).strict();

export type CollectionFile = z.infer<typeof collectionFileSchema>;

/** The native script (and its policy id) of a role: signed by the faucet key. */
export function collectionPolicy(faucetPrivateKey: string, role: CollectionRole): { script: Script; policyId: string } {
  const keyHash = CML.PrivateKey.from_bech32(faucetPrivateKey).to_public().hash().to_hex();
  const sig = { type: 'sig' as const, keyHash };
  // EXO/HEXO use the bare `sig` script; each collection wraps it differently, so the ids differ.
  const script = scriptFromNative(role === 'land' ? { type: 'any', scripts: [sig] } : { type: 'atLeast', required: 1, scripts: [sig] });
  return { script, policyId: mintingPolicyToId(script) };
}

/** Reads and checks a collection file. @throws Error naming the first invalid field */
export function readCollectionFile(file: string): CollectionFile {
  const parsed = collectionFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`collection file ${file}: ${i.path.join('.')}: ${i.message}`);
  }
  return parsed.data;
}

const nameHexOf = (a: { name?: string | undefined; nameHex?: string | undefined }) => a.nameHex ?? Buffer.from(a.name!, 'utf8').toString('hex');
/** The 721 key of an asset name: its UTF-8 text (CIP-25 v1), or `0x` + hex when it is not UTF-8. */
export function cip25Key(nameHex: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(nameHex, 'hex'));
  } catch {
    return '0x' + nameHex;
  }
}

/** Assets per minting transaction (metadata and outputs stay far below the 16 KiB limit). */
const PER_TX = 40;

/**
 * Mints the file's assets the chain does not have yet, each to its holder with its 721 metadata,
 * and produces a block after each transaction.
 * @param existing units (`policyId + nameHex`) already on chain
 * @param onProgress called after each transaction with the assets minted so far
 * @returns the policy ids and how many assets were minted now
 * @throws Error when `money` is not the emulator's or a transaction is refused
 */
export async function mintCollection(money: CardanoMoney, file: CollectionFile, existing: ReadonlySet<string>, onProgress?: (minted: number, total: number) => void): Promise<{ policies: Record<CollectionRole, string>; minted: number }> {
  const faucet = money.faucet;
  if (!faucet || !money.emulator) throw new Error('collections are minted on the emulated chain only');
  const policies = { land: collectionPolicy(faucet.privateKey, 'land'), tool: collectionPolicy(faucet.privateKey, 'tool') };
  const todo: Array<{ role: CollectionRole; nameHex: string; holder: string; md: Record<string, unknown> }> = [];
  for (const role of ['land', 'tool'] as const) {
    for (const a of file[role]?.assets ?? []) {
      const nameHex = nameHexOf(a);
      if (!existing.has(policies[role].policyId + nameHex)) todo.push({ role, nameHex, holder: a.holder ?? faucet.address, md: a[721] });
    }
  }
  let minted = 0;
  for (let i = 0; i < todo.length; i += PER_TX) {
    const chunk = todo.slice(i, i + PER_TX);
    await mintChunk(money, policies, chunk);
    minted += chunk.length;
    onProgress?.(minted, todo.length);
  }
  return { policies: { land: policies.land.policyId, tool: policies.tool.policyId }, minted };
}

async function mintChunk(money: CardanoMoney, policies: Record<CollectionRole, { script: Script; policyId: string }>,
  chunk: ReadonlyArray<{ role: CollectionRole; nameHex: string; holder: string; md: Record<string, unknown> }>): Promise<void> {
  const lucid = await money.lucid();
  lucid.selectWallet.fromPrivateKey(money.faucet!.privateKey);
  const mint: Record<CollectionRole, Record<string, bigint>> = { land: {}, tool: {} };
  const byHolder = new Map<string, Record<string, bigint>>();
  const md: Record<string, Record<string, unknown>> = {};
  const roles = new Set<CollectionRole>();
  for (const a of chunk) {
    const unit = policies[a.role].policyId + a.nameHex;
    mint[a.role][unit] = 1n;
    const held = byHolder.get(a.holder) ?? {};
    held[unit] = 1n;
    byHolder.set(a.holder, held);
    (md[policies[a.role].policyId] ??= {})[cip25Key(a.nameHex)] = a.md;
    roles.add(a.role);
  }
  let tx = lucid.newTx();
  // one mintAssets per policy (Lucid's rule)
  for (const role of roles) tx = tx.mintAssets(mint[role]).attach.MintingPolicy(policies[role].script);
  tx = tx.attachMetadata(721, { ...md, version: 1 } as never);
  for (const [holder, assets] of byHolder) tx = tx.pay.ToAddress(holder, assets);
  const signed = await (await tx.complete()).sign.withWallet().complete();
  await money.emulator!.submit(signed.toCBOR());
  await money.emulator!.produceBlocks(1);
}

/**
 * Changes an asset's on-chain metadata as a collection does (CIP-25: the latest mint's metadata
 * counts): mints one more with the new metadata to the faucet, then burns it.
 */
export async function remintWithMetadata(money: CardanoMoney, role: CollectionRole, nameHex: string, metadata: Record<string, unknown>): Promise<void> {
  const faucet = money.faucet;
  if (!faucet || !money.emulator) throw new Error('collections are minted on the emulated chain only');
  const policy = collectionPolicy(faucet.privateKey, role);
  const unit = policy.policyId + nameHex;
  for (const sign of [1n, -1n]) {
    const lucid = await money.lucid();
    lucid.selectWallet.fromPrivateKey(faucet.privateKey);
    let tx = lucid.newTx().mintAssets({ [unit]: sign }).attach.MintingPolicy(policy.script);
    if (sign > 0n) tx = tx.attachMetadata(721, { [policy.policyId]: { [cip25Key(nameHex)]: metadata }, version: 1 } as never).pay.ToAddress(faucet.address, { [unit]: 1n });
    const signed = await (await tx.complete()).sign.withWallet().complete();
    await money.emulator.submit(signed.toCBOR());
    await money.emulator.produceBlocks(1);
  }
}
