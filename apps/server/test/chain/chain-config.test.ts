/** Chain money's configuration on a real network (docs/architecture.md §5.4): Blockfrost, the treasury key file, units. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CML } from '@lucid-evolution/lucid';
import { ConfigurationError, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { openCardanoMoney } from '../../src/chain/cardano/money.ts';
import { BlockfrostCardanoLedger } from '../../src/chain/cardano/blockfrost-ledger.ts';

const noDatabase = {} as Database; // real networks keep nothing of the chain in the database
const unit = 'ab'.repeat(28);

describe('chain money on preprod', () => {
  it('needs Blockfrost, the sale address and both units', async () => {
    const config = loadConfig({ CARDANO_NETWORK: 'preprod', BLOCKFROST_PROJECT_ID: 'preprodX', DATA_DIR: 'memory://', DEMO: 'true' });
    await expect(openCardanoMoney(config, noDatabase)).rejects.toThrow(/SALE_ADDRESS, EXO_UNIT and HEXO_UNIT/);
  });

  it('refuses a TREASURY_KEY_FILE that does not exist', async () => {
    const config = loadConfig({ CARDANO_NETWORK: 'preprod', TREASURY_KEY_FILE: '/nonexistent/treasury.skey', DATA_DIR: 'memory://', DEMO: 'true' });
    await expect(openCardanoMoney(config, noDatabase)).rejects.toThrow(/does not exist/);
  });

  it('signs with the key from TREASURY_KEY_FILE and watches through Blockfrost', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-key-'));
    const key = CML.PrivateKey.generate_ed25519();
    writeFileSync(path.join(dir, 'treasury.skey'), key.to_bech32() + '\n');
    const config = loadConfig({
      CARDANO_NETWORK: 'preprod', BLOCKFROST_PROJECT_ID: 'preprodX', TREASURY_KEY_FILE: path.join(dir, 'treasury.skey'), DATA_DIR: 'memory://', DEMO: 'true',
      SALE_ADDRESS: 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', EXO_UNIT: unit + '45584f', HEXO_UNIT: unit + '4845584f',
    });
    const money = await openCardanoMoney(config, noDatabase);
    expect(money.ledger).toBeInstanceOf(BlockfrostCardanoLedger);
    expect(money.ledger.networkId).toBe(0);
    expect(money.emulator).toBeNull();
    expect(money.faucet).toBeNull();
    const expected = CML.EnterpriseAddress.new(0, CML.Credential.new_pub_key(key.to_public().hash())).to_address().to_bech32();
    expect(money.treasury.address).toBe(expected);
    expect(money.units).toEqual({ exo: unit + '45584f', hexo: unit + '4845584f' });
    expect(money.explorerTxUrl).toBe('https://preprod.cardanoscan.io/transaction/{hash}');
    expect(money.confirmations).toBe(15);
  });
});

describe('BLOCKFROST_URL (docs/game-rules.md §8.2: a Blockfrost-compatible server instead of the public host)', () => {
  it('accepts an http(s) URL without its trailing slash, and empty as unset', () => {
    expect(loadConfig({ BLOCKFROST_URL: 'http://127.0.0.1:3100/api/v0/' }).blockfrostUrl).toBe('http://127.0.0.1:3100/api/v0');
    expect(loadConfig({ BLOCKFROST_URL: '' }).blockfrostUrl).toBeUndefined();
    expect(loadConfig({}).blockfrostUrl).toBeUndefined();
  });

  it('refuses what is not an http(s) URL, or is too long', () => {
    for (const bad of ['ftp://host/api/v0', 'not a url', `http://${'a'.repeat(500)}.com`]) {
      expect(() => loadConfig({ BLOCKFROST_URL: bad }), bad).toThrow(/BLOCKFROST_URL/);
    }
  });

  it('points the ledger and Lucid\'s provider at it', async () => {
    const urls: string[] = [];
    const fetchFn = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ height: 7, hash: 'cd'.repeat(32), slot: 140 }), { status: 200 });
    }) as unknown as typeof fetch;
    const ledger = new BlockfrostCardanoLedger('preprod', 'p', { baseUrl: 'http://127.0.0.1:9/api/v0', fetchFn });
    expect(await ledger.tip()).toMatchObject({ height: 7, slot: 140 });
    expect(urls).toEqual(['http://127.0.0.1:9/api/v0/blocks/latest']);
    expect((ledger.lucidProvider() as unknown as { url: string }).url).toBe('http://127.0.0.1:9/api/v0');
  });
});

describe('a real network is a launch unless DEMO=true is written (docs/operator-guide.md §1)', () => {
  const preprod = { CARDANO_NETWORK: 'preprod', DATA_DIR: 'memory://' } as const;
  const policies = { LAND_POLICY_ID: 'a1'.repeat(28), MINING_TOOL_POLICY_ID: 'b2'.repeat(28) };

  it('on PGlite with DEMO unset: not the demo, and the policies are required', () => {
    expect(() => loadConfig(preprod)).toThrow(/LAND_POLICY_ID and MINING_TOOL_POLICY_ID must be set on preprod/);
    expect(loadConfig({ ...preprod, ...policies }).demo).toBe(false);
    expect(loadConfig({ ...preprod, DEMO: 'true' }).demo).toBe(true);
    // the emulator keeps its demo default
    expect(loadConfig({ DATA_DIR: 'memory://' }).demo).toBe(true);
  });

  it('CHAIN_START_BLOCK: tip on a real network, 1 on the emulator, or a block height; anything else refused', () => {
    expect(loadConfig({ ...preprod, ...policies }).chainMoney.startBlock).toBe('tip');
    expect(loadConfig({ DATA_DIR: 'memory://' }).chainMoney.startBlock).toBe(1);
    expect(loadConfig({ ...preprod, ...policies, CHAIN_START_BLOCK: '2500000' }).chainMoney.startBlock).toBe(2_500_000);
    expect(loadConfig({ DATA_DIR: 'memory://', CHAIN_START_BLOCK: 'tip' }).chainMoney.startBlock).toBe('tip');
    for (const bad of ['0', '-5', 'first', '1.5']) expect(() => loadConfig({ ...preprod, ...policies, CHAIN_START_BLOCK: bad }), bad).toThrow(/CHAIN_START_BLOCK: must be tip or a block height/);
  });

  it('missing Blockfrost, sale or unit settings: a ConfigurationError naming them (main.ts prints it in one line)', async () => {
    const config = loadConfig({ ...preprod, ...policies, BLOCKFROST_PROJECT_ID: 'preprodX' });
    const err = await openCardanoMoney(config, noDatabase).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigurationError);
    expect(String(err)).toMatch(/not set: SALE_ADDRESS, EXO_UNIT, HEXO_UNIT/);
  });
});
