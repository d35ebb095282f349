/**
 * Chain money's wiring (docs/game-rules.md §8): the Cardano ledger (emulator or Blockfrost), the treasury
 * signer's key and address, the sale address, the EXO/HEXO units, the confirmations required, and
 * a Lucid Evolution instance per use.
 *
 * The treasury key (bech32 `ed25519_sk…`) is read from `TREASURY_KEY_FILE`; without it, on a real
 * network it is generated into `DATA_DIR/treasury.skey` (file mode 0600) on first start, and on the
 * emulator it is the chain's own (in `emu_chain_keys`, shared by every server process). The
 * emulator's chain money (its genesis, faucet, units and Lucid) is `@kingdom/emulators`'
 * `openEmulatorMoney`; this file gives it the configuration's keys and addresses.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CML, Lucid, slotToUnixTime } from '@lucid-evolution/lucid';
import { ConfigurationError, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CardanoLedger, CardanoMoney } from '@kingdom/chain-providers';
import { openEmulatorMoney, type EmulatorGenesisOptions } from '@kingdom/emulators';
import { BlockfrostCardanoLedger } from './blockfrost-ledger.ts';
import { BLOCKFROST_BUDGET, SharedRateBudget } from '../rate-budget.ts';

export type { CardanoMoney, KeyPair } from '@kingdom/chain-providers';
export type { EmulatorGenesisOptions } from '@kingdom/emulators';

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
  // The emulator's treasury key: TREASURY_KEY_FILE's when set, else the chain's own (first created
  // from an existing DATA_DIR/treasury.skey, the demo's key before docs/architecture.md §6).
  const file = treasuryKeyFile(config);
  const legacy = !config.chainMoney.treasuryKeyFile && file && existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  return openEmulatorMoney(db.orm, {
    treasuryKey: config.chainMoney.treasuryKeyFile ? treasuryKey(config) : undefined, initialTreasuryKey: legacy,
    saleAddress: config.chainMoney.saleAddress, confirmations, watchStart, genesis: opts,
  });
}
