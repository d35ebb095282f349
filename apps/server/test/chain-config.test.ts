/** Chain money's configuration on a real network (issue 11 item 4): Blockfrost, the treasury key file, units. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CML } from '@lucid-evolution/lucid';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { openCardanoMoney } from '../src/chain/cardano/money.ts';
import { BlockfrostCardanoLedger } from '../src/chain/cardano/blockfrost-ledger.ts';

const noDatabase = {} as Database; // real networks keep nothing of the chain in the database
const unit = 'ab'.repeat(28);

describe('chain money on preprod', () => {
  it('needs Blockfrost, the sale address and both units', async () => {
    const config = loadConfig({ CARDANO_NETWORK: 'preprod', BLOCKFROST_PROJECT_ID: 'preprodX', DATA_DIR: 'memory://' });
    await expect(openCardanoMoney(config, noDatabase)).rejects.toThrow(/SALE_ADDRESS, EXO_UNIT and HEXO_UNIT/);
  });

  it('refuses a TREASURY_KEY_FILE that does not exist', async () => {
    const config = loadConfig({ CARDANO_NETWORK: 'preprod', TREASURY_KEY_FILE: '/nonexistent/treasury.skey', DATA_DIR: 'memory://' });
    await expect(openCardanoMoney(config, noDatabase)).rejects.toThrow(/does not exist/);
  });

  it('signs with the key from TREASURY_KEY_FILE and watches through Blockfrost', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-key-'));
    const key = CML.PrivateKey.generate_ed25519();
    writeFileSync(path.join(dir, 'treasury.skey'), key.to_bech32() + '\n');
    const config = loadConfig({
      CARDANO_NETWORK: 'preprod', BLOCKFROST_PROJECT_ID: 'preprodX', TREASURY_KEY_FILE: path.join(dir, 'treasury.skey'), DATA_DIR: 'memory://',
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
