/**
 * Chain money's wiring (docs/game-rules.md §8): the Cardano ledger (emulator or Blockfrost), the treasury
 * signer's key and address, the sale address, the EXO/HEXO units, the confirmations required, and
 * a Lucid Evolution instance per use.
 *
 * The treasury key (bech32 `ed25519_sk…`) is read from `TREASURY_KEY_FILE`; without it, on a real
 * network it is generated into `DATA_DIR/treasury.skey` (file mode 0600) on first start, and on the
 * emulator it is the chain's own (in `emu_chain_keys`, shared by every server process). On the
 * emulator the genesis gives the treasury ADA, EXO and HEXO, and the emulator's faucet (its key in
 * `emu_chain_keys`) the supply that funds demo wallets.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CML, Lucid, SLOT_CONFIG_NETWORK, fromText, slotToUnixTime, mintingPolicyToId, scriptFromNative, type LucidEvolution } from '@lucid-evolution/lucid';
import { ConfigurationError, type Config } from '../../config.ts';
import { exec, type Database } from '../../db/client.ts';
import type { CardanoLedger, CardanoMoney, GenesisOutput } from '@kingdom/chain-providers';
import { EMULATOR_GENESIS_MS, EmulatorCardanoLedger } from '@kingdom/emulators';
import { BlockfrostCardanoLedger } from './blockfrost-ledger.ts';
import { BLOCKFROST_BUDGET, SharedRateBudget } from '../rate-budget.ts';

export type { CardanoMoney, KeyPair } from '@kingdom/chain-providers';

/** Genesis amounts of the emulator (base units / lovelace); tests make the treasury small. */
export interface EmulatorGenesisOptions {
  /** Treasury UTxOs: each holds `treasuryLovelace`, `treasuryExo`, `treasuryHexo`. */
  treasuryUtxos?: number;
  treasuryLovelace?: bigint;
  treasuryExo?: bigint;
  treasuryHexo?: bigint;
}

const EXPLORERS: Record<string, string> = {
  mainnet: 'https://cardanoscan.io/transaction/{hash}',
  preprod: 'https://preprod.cardanoscan.io/transaction/{hash}',
  preview: 'https://preview.cardanoscan.io/transaction/{hash}',
};

/** True when bech32 `address` is of the ledger's network (`addr1…` mainnet, `addr_test1…` otherwise). */
export function isOnNetwork(money: Pick<CardanoMoney, 'ledger'>, address: string): boolean {
  return address.startsWith(money.ledger.networkId === 1 ? 'addr1' : 'addr_test1');
}

/** The enterprise address of a bech32 ed25519 private key on `networkId`. */
export function keyAddress(privateKey: string, networkId: 0 | 1): string {
  const sk = CML.PrivateKey.from_bech32(privateKey);
  const credential = CML.Credential.new_pub_key(sk.to_public().hash());
  return CML.EnterpriseAddress.new(networkId, credential).to_address().to_bech32();
}

function newPrivateKey(): string {
  return CML.PrivateKey.generate_ed25519().to_bech32();
}

/**
 * The treasury key on a real network: read from `TREASURY_KEY_FILE`, or generated into
 * `DATA_DIR/treasury.skey` (mode 0600) on first start, or kept in memory for `memory://`.
 */
function treasuryKey(config: Config): string {
  const file = treasuryKeyFile(config);
  if (!file) return newPrivateKey();
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (config.chainMoney.treasuryKeyFile) throw new ConfigurationError(`TREASURY_KEY_FILE ${file} does not exist`);
  mkdirSync(path.dirname(file), { recursive: true });
  const key = newPrivateKey();
  writeFileSync(file, key + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

function treasuryKeyFile(config: Config): string | null {
  return config.chainMoney.treasuryKeyFile ?? (config.dataDir === 'memory://' ? null : path.join(config.dataDir, 'treasury.skey'));
}

/**
 * The emulator's treasury key: `TREASURY_KEY_FILE` when set; otherwise the emulated chain's own,
 * kept in the database beside it so every server process signs with the same key (first created
 * from an existing `DATA_DIR/treasury.skey`, the demo's key before docs/architecture.md §6).
 */
async function emulatorTreasuryKey(config: Config, db: Database): Promise<string> {
  if (config.chainMoney.treasuryKeyFile) return treasuryKey(config);
  const file = treasuryKeyFile(config);
  const legacy = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  return emulatorKey(db, 'treasury', legacy ?? undefined);
}

/** The emulator's own keys (faucet, sale), kept in the database with its chain. */
async function emulatorKey(db: Database, name: string, initial = newPrivateKey()): Promise<string> {
  await exec(db.orm, sql`INSERT INTO emu_chain_keys (name, secret) VALUES (${name}, ${initial}) ON CONFLICT (name) DO NOTHING`);
  const [row] = await exec<{ secret: string }>(db.orm, sql`SELECT secret FROM emu_chain_keys WHERE name = ${name}`);
  return row!.secret;
}

/** Units of the emulator's EXO and HEXO: a native-script policy of the faucet key. */
function emulatorUnits(faucetKey: string): { exo: string; hexo: string } {
  const keyHash = CML.PrivateKey.from_bech32(faucetKey).to_public().hash().to_hex();
  const policy = mintingPolicyToId(scriptFromNative({ type: 'sig', keyHash }));
  return { exo: policy + fromText('EXO'), hexo: policy + fromText('HEXO') };
}

/** A Lucid instance on the emulator, with slots mapped from the emulator's fixed genesis time. */
async function emulatorLucid(emulator: EmulatorCardanoLedger): Promise<LucidEvolution> {
  const lucid = await Lucid(emulator.lucidProvider(), 'Custom');
  // Lucid maps slot 0 to the emulator's *current* time; ours starts at a fixed genesis.
  SLOT_CONFIG_NETWORK.Custom = { zeroTime: EMULATOR_GENESIS_MS, zeroSlot: 0, slotLength: 1000 };
  return lucid;
}

/**
 * Opens chain money for `config` (the emulator is replayed from the database).
 * @throws ConfigurationError when a real network lacks BLOCKFROST_PROJECT_ID, SALE_ADDRESS, EXO_UNIT or HEXO_UNIT,
 *   or TREASURY_KEY_FILE names a missing file
 */
export async function openCardanoMoney(config: Config, db: Database, opts: EmulatorGenesisOptions = {}): Promise<CardanoMoney> {
  const confirmations = config.chainMoney.confirmations;
  const watchStart = config.chainMoney.startBlock;
  if (config.cardanoNetwork !== 'emulator') {
    const treasuryPrivate = treasuryKey(config);
    const cm = config.chainMoney;
    const missing = [!config.blockfrostProjectId && 'BLOCKFROST_PROJECT_ID', !cm.saleAddress && 'SALE_ADDRESS', !cm.exoUnit && 'EXO_UNIT', !cm.hexoUnit && 'HEXO_UNIT'].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigurationError(`CARDANO_NETWORK=${config.cardanoNetwork} needs BLOCKFROST_PROJECT_ID, SALE_ADDRESS, EXO_UNIT and HEXO_UNIT; not set: ${missing.join(', ')} (docs/operator-guide.md §1)`);
    }
    // One budget for the plan, shared by every server of this database (docs/operator-guide.md §7.3).
    const providerBudget = new SharedRateBudget(db.orm, BLOCKFROST_BUDGET, config.blockfrostBudget.ratePerSecond, config.blockfrostBudget.burst);
    const ledger: CardanoLedger = new BlockfrostCardanoLedger(config.cardanoNetwork, config.blockfrostProjectId!, { baseUrl: config.blockfrostUrl, budget: providerBudget });
    const networkId = config.cardanoNetwork === 'mainnet' ? 1 : 0;
    const lucidNetwork = ({ mainnet: 'Mainnet', preprod: 'Preprod', preview: 'Preview' } as const)[config.cardanoNetwork];
    return {
      ledger, emulator: null, faucet: null, confirmations, watchStart, providerBudget,
      treasury: { privateKey: treasuryPrivate, address: keyAddress(treasuryPrivate, networkId) },
      saleAddress: cm.saleAddress!, units: { exo: cm.exoUnit!, hexo: cm.hexoUnit! },
      explorerTxUrl: EXPLORERS[config.cardanoNetwork] ?? null,
      lucid: () => Lucid(ledger.lucidProvider(), lucidNetwork),
      slotToUnixMs: (slot) => slotToUnixTime(lucidNetwork, slot),
    };
  }
  const treasuryPrivate = await emulatorTreasuryKey(config, db);
  const faucetPrivate = await emulatorKey(db, 'faucet');
  const salePrivate = await emulatorKey(db, 'sale');
  const treasury = { privateKey: treasuryPrivate, address: keyAddress(treasuryPrivate, 0) };
  const faucet = { privateKey: faucetPrivate, address: keyAddress(faucetPrivate, 0) };
  const units = emulatorUnits(faucetPrivate);
  const million = 1_000_000n;
  const genesis: GenesisOutput[] = [];
  for (let i = 0; i < (opts.treasuryUtxos ?? 10); i++) {
    genesis.push({ address: treasury.address, assets: {
      lovelace: opts.treasuryLovelace ?? 10_000n * million,
      [units.exo]: opts.treasuryExo ?? 1_000_000n * million,
      [units.hexo]: opts.treasuryHexo ?? 1_000_000n * million,
    } });
  }
  for (let i = 0; i < 20; i++) {
    genesis.push({ address: faucet.address, assets: { lovelace: 1_000_000n * million, [units.exo]: 1_000_000_000n * million, [units.hexo]: 1_000_000_000n * million } });
  }
  const emulator = await EmulatorCardanoLedger.open(db.orm, genesis);
  return {
    ledger: emulator, emulator, faucet, confirmations, watchStart, providerBudget: null, treasury, units, explorerTxUrl: null,
    saleAddress: config.chainMoney.saleAddress ?? keyAddress(salePrivate, 0),
    lucid: () => emulatorLucid(emulator),
    slotToUnixMs: (slot) => EMULATOR_GENESIS_MS + slot * 1000,
  };
}
