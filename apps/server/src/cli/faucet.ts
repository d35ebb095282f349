/**
 * `faucet <cardano bech32 | solana base58 address> [--lands N] [--tools N] [--exo N] [--hexo N]
 * [--food N] [--rune N] [--workers N [--rarity common|uncommon|rare|epic]] [--items key=N,key=N]
 * [--land HEX_NAME] [--nfts project=N,project=N] [--sol N]` (demo mode): token amounts in whole tokens;
 * `--land` mints that land; `--nfts` gives NFTs of Staking-Hub projects (slugs); `--sol` airdrops SOL
 * (≤ 9 decimals) to a Solana address on the local Solana cluster.
 */
import { parseArgs } from 'node:util';
import type { FaucetResponse } from '@kingdom/api';
import { lamportsOfSol, solAmount } from '@kingdom/game';
import { openKingdomDatabase } from '../server.ts';
import { runFaucet, type FaucetRarity } from '../modules/demo/faucet.ts';
import { demoConfig, viaServer, whole } from './shared.ts';

export const FAUCET_USAGE = 'npm run kingdom -- faucet <address> [--lands N] [--tools N] [--exo N] [--hexo N] [--food N] [--rune N]\n' +
  '                              [--workers N] [--rarity common|uncommon|rare|epic] [--items key=N,...] [--land E03N12] [--nfts project=N,...] [--sol N]';

function parseItems(v: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (v ?? '').split(',').filter(Boolean)) {
    const m = /^([a-z0-9_]+)=(\d+)$/.exec(part.trim());
    if (!m) throw new Error(`--items wants key=N,key=N (got "${part}")`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** `--nfts spacebudz=3,degods-sol=2`: project slug → count. */
function parseNfts(v: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of v.split(',').filter(Boolean)) {
    const m = /^([a-z0-9-]+)=(\d+)$/.exec(part.trim());
    if (!m) throw new Error(`--nfts wants project=N,project=N (got "${part}")`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** Runs `faucet`. */
export async function faucet(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args, allowPositionals: true,
    options: {
      lands: { type: 'string' }, tools: { type: 'string' }, exo: { type: 'string' }, hexo: { type: 'string' }, food: { type: 'string' },
      rune: { type: 'string' }, workers: { type: 'string' }, rarity: { type: 'string' }, items: { type: 'string' }, land: { type: 'string' }, nfts: { type: 'string' }, sol: { type: 'string' },
    },
  });
  const address = positionals[0];
  if (!address) throw new Error(`usage: ${FAUCET_USAGE}`);
  const rarity = (values.rarity ?? 'common') as FaucetRarity;
  if (!['common', 'uncommon', 'rare', 'epic'].includes(rarity)) throw new Error('--rarity must be common, uncommon, rare or epic');
  const body = {
    address, lands: Number(whole(values.lands, 'lands')), tools: Number(whole(values.tools, 'tools')),
    exo: whole(values.exo, 'exo'), hexo: whole(values.hexo, 'hexo'), food: whole(values.food, 'food'), rune: whole(values.rune, 'rune'),
    workers: Number(whole(values.workers, 'workers')), rarity, items: parseItems(values.items),
    ...(values.land ? { land: values.land } : {}),
    ...(values.nfts ? { nfts: parseNfts(values.nfts) } : {}),
    sol: values.sol ?? '0',
  };
  const solLamports = body.sol === '0' ? 0n : lamportsOfSol(body.sol);
  if (solLamports === null) throw new Error('--sol wants SOL with at most 9 decimals (e.g. 2.5)');
  const config = demoConfig();
  let result: FaucetResponse | null = await viaServer(config.port, 'demoFaucet', { body });
  if (!result) {
    const { db, providers } = await openKingdomDatabase(config);
    try {
      result = await runFaucet(db, providers, {
        address, lands: body.lands, tools: body.tools, workers: body.workers, rarity, items: body.items, ...(body.land ? { land: body.land } : {}),
        ...(body.nfts ? { nfts: body.nfts } : {}), sol: solLamports,
        balances: { exo: BigInt(body.exo), hexo: BigInt(body.hexo), food: BigInt(body.food), rune: BigInt(body.rune) },
      }, new Date());
    } finally {
      await db.close();
    }
  }
  console.log(`Gave ${result.address} (${result.chain}):`);
  console.log(`  lands: ${result.lands.length ? result.lands.join(', ') : 'none'}`);
  console.log(`  mining tools: ${result.tools.length ? result.tools.map((t) => `#${t}`).join(', ') : 'none'}`);
  if (result.workers.length) console.log(`  workers: ${result.workers.length} × ${result.workers[0]!.collection} (${rarity})`);
  for (const [key, n] of Object.entries(result.items)) console.log(`  ${key}: +${n}`);
  for (const [token, amount] of Object.entries(result.balances)) console.log(`  ${token.toUpperCase()}: +${BigInt(amount) / 1_000_000n}`);
  if (result.sol) console.log(`  SOL: +${solAmount(BigInt(result.sol.lamports))} (airdrop ${result.sol.signature})`);
}

