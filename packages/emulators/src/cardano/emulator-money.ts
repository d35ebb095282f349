/**
 * The emulated Cardano's chain money (docs/game-rules.md §8, docs/architecture.md §5.4): the shared
 * emulated ledger opened on its genesis, with its own keys kept in the database beside the chain
 * (`emu_chain_keys`: the faucet, the sale address, and the treasury unless the server gives one), so
 * every server process signs with the same keys. The genesis gives the treasury ADA, EXO and HEXO,
 * and the faucet the supply that funds demo wallets; EXO and HEXO are a native-script policy of the
 * faucet key. The server opens it through `openCardanoMoney` (`CARDANO_NETWORK=emulator`).
 */
import { sql } from 'drizzle-orm';
import { CML, Lucid, SLOT_CONFIG_NETWORK, fromText, mintingPolicyToId, scriptFromNative, type LucidEvolution } from '@lucid-evolution/lucid';
import type { CardanoMoney, GenesisOutput } from '@kingdom/chain-providers';
import { exec, type Orm } from '../db.ts';
import { EMULATOR_GENESIS_MS, EmulatorCardanoLedger } from './emulator-ledger.ts';

/** Genesis amounts of the emulator (base units / lovelace); tests make the treasury small. */
export interface EmulatorGenesisOptions {
  /** Treasury UTxOs: each holds `treasuryLovelace`, `treasuryExo`, `treasuryHexo`. */
  treasuryUtxos?: number;
  treasuryLovelace?: bigint;
  treasuryExo?: bigint;
  treasuryHexo?: bigint;
}

/** What {@link openEmulatorMoney} takes besides the database. */
export interface EmulatorMoneyOptions {
  /** The treasury key (bech32 `ed25519_sk…`) when the operator gives one (`TREASURY_KEY_FILE`); else the chain's own. */
  treasuryKey?: string;
  /** The key the chain's own treasury key starts as on a new chain (a demo's key from before it was kept with the chain). */
  initialTreasuryKey?: string;
  /** Where EXO orders pay (`SALE_ADDRESS`); else the address of the chain's own sale key. */
  saleAddress?: string;
  confirmations: number;
  watchStart: number | 'tip';
  genesis?: EmulatorGenesisOptions;
}

/** The enterprise address of a bech32 ed25519 private key on a testnet (network id 0). */
function testnetKeyAddress(privateKey: string): string {
  const sk = CML.PrivateKey.from_bech32(privateKey);
  return CML.EnterpriseAddress.new(0, CML.Credential.new_pub_key(sk.to_public().hash())).to_address().to_bech32();
}

/** The emulator's own key `name` (faucet, sale, treasury), made once in `emu_chain_keys`. */
async function emulatorKey(orm: Orm, name: string, initial = CML.PrivateKey.generate_ed25519().to_bech32()): Promise<string> {
  await exec(orm, sql`INSERT INTO emu_chain_keys (name, secret) VALUES (${name}, ${initial}) ON CONFLICT (name) DO NOTHING`);
  const [row] = await exec<{ secret: string }>(orm, sql`SELECT secret FROM emu_chain_keys WHERE name = ${name}`);
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
 * Opens the emulated Cardano's chain money (the chain is replayed from the database).
 * @throws Error when the stored log does not replay onto the genesis (a different treasury key)
 */
export async function openEmulatorMoney(orm: Orm, opts: EmulatorMoneyOptions): Promise<CardanoMoney> {
  const treasuryPrivate = opts.treasuryKey ?? await emulatorKey(orm, 'treasury', opts.initialTreasuryKey);
  const faucetPrivate = await emulatorKey(orm, 'faucet');
  const salePrivate = await emulatorKey(orm, 'sale');
  const treasury = { privateKey: treasuryPrivate, address: testnetKeyAddress(treasuryPrivate) };
  const faucet = { privateKey: faucetPrivate, address: testnetKeyAddress(faucetPrivate) };
  const units = emulatorUnits(faucetPrivate);
  const g = opts.genesis ?? {};
  const million = 1_000_000n;
  const genesis: GenesisOutput[] = [];
  for (let i = 0; i < (g.treasuryUtxos ?? 10); i++) {
    genesis.push({ address: treasury.address, assets: {
      lovelace: g.treasuryLovelace ?? 10_000n * million,
      [units.exo]: g.treasuryExo ?? 1_000_000n * million,
      [units.hexo]: g.treasuryHexo ?? 1_000_000n * million,
    } });
  }
  for (let i = 0; i < 20; i++) {
    genesis.push({ address: faucet.address, assets: { lovelace: 1_000_000n * million, [units.exo]: 1_000_000_000n * million, [units.hexo]: 1_000_000_000n * million } });
  }
  const emulator = await EmulatorCardanoLedger.open(orm, genesis);
  return {
    ledger: emulator, emulator, faucet, confirmations: opts.confirmations, watchStart: opts.watchStart, providerBudget: null, treasury, units, explorerTxUrl: null,
    saleAddress: opts.saleAddress ?? testnetKeyAddress(salePrivate),
    lucid: () => emulatorLucid(emulator),
    slotToUnixMs: (slot) => EMULATOR_GENESIS_MS + slot * 1000,
  };
}
