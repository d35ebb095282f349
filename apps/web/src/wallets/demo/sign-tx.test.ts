// @vitest-environment node
import * as CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { describe, expect, it } from 'vitest';
import { createDemoCardanoWallet } from './index.ts';
import type { TxSummary } from './sign-tx.ts';
import { memoryStorage } from '../../test/memory-storage.ts';

/** An unsigned transaction built by EMURGO's serialization lib (an independent implementation) paying `to`. */
function unsignedTx(to: string, fee: number): string {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex('ab'.repeat(32)), 1));
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex('cd'.repeat(32)), 0));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(CSL.Address.from_bech32(to), CSL.Value.new(CSL.BigNum.from_str('2500000'))));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str(String(fee)));
  const aux = CSL.AuxiliaryData.new();
  const meta = CSL.GeneralTransactionMetadata.new();
  meta.insert(CSL.BigNum.from_str('674'), CSL.encode_json_str_to_metadatum(JSON.stringify({ msg: ['kingdom account 7'] }), CSL.MetadataJsonSchema.NoConversions));
  aux.set_metadata(meta);
  return CSL.Transaction.new(body, CSL.TransactionWitnessSet.new(), aux).to_hex();
}

async function demoWallet(answer: boolean) {
  const asked: TxSummary[] = [];
  const api = await createDemoCardanoWallet(memoryStorage(), { confirmSign: async (s) => (asked.push(s), answer) }).enable();
  const address = CSL.Address.from_hex((await api.getChangeAddress())).to_bech32();
  return { api, address, asked };
}

/** Checks `witnessHex` signs transaction `txHex` with the key of `address`, as the ledger would. */
function verifies(txHex: string, witnessHex: string, address: string): boolean {
  const hash = CSL.FixedTransaction.from_hex(txHex).transaction_hash();
  const vkeys = CSL.TransactionWitnessSet.from_hex(witnessHex).vkeys();
  if (!vkeys || vkeys.len() !== 1) return false;
  const w = vkeys.get(0);
  const key = w.vkey().public_key();
  const keyHash = CSL.EnterpriseAddress.from_address(CSL.Address.from_bech32(address))!.payment_cred().to_keyhash()!.to_hex();
  return key.hash().to_hex() === keyHash && key.verify(hash.to_bytes(), w.signature());
}

describe('demo Cardano wallet signTx', () => {
  it('returns a vkey witness of the transaction id that verifies with the wallet key', async () => {
    const { api, address, asked } = await demoWallet(true);
    const tx = unsignedTx(address, 170_000);
    const witness = await api.signTx(tx, false);
    expect(witness).toMatch(/^a1/); // a map of one entry: {0: [...]}
    expect(verifies(tx, witness, address)).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.txHash).toBe(CSL.FixedTransaction.from_hex(tx).transaction_hash().to_hex());
    expect(asked[0]!.fee).toBe(170_000n);
    // another transaction's id does not verify with this witness
    expect(verifies(unsignedTx(address, 170_001), witness, address)).toBe(false);
    // the witness set and the body assemble into a transaction CSL reads
    const signed = CSL.Transaction.new(CSL.Transaction.from_hex(tx).body(), CSL.TransactionWitnessSet.from_hex(witness), CSL.Transaction.from_hex(tx).auxiliary_data());
    expect(signed.witness_set().vkeys()?.len()).toBe(1);
  });

  it('hashes the body bytes as sent, also when they are not canonical CBOR and use tag 258 sets', async () => {
    const { api, address } = await demoWallet(true);
    const tx = unsignedTx(address, 170_000);
    // Re-encode by hand: inputs as a tag-258 set, the fee as an 8-byte integer (valid, not canonical).
    const parsed = CSL.Transaction.from_hex(tx);
    const inputsHex = parsed.body().inputs().to_hex();
    // CSL writes the inputs as a tag-258 set already (Conway); make sure of it
    const setInputs = inputsHex.startsWith('d90102') ? inputsHex : 'd90102' + inputsHex;
    const outputsHex = parsed.body().outputs().to_hex();
    const bodyHex = 'a3' + '00' + setInputs + '01' + outputsHex + '02' + '1b' + (170_000).toString(16).padStart(16, '0');
    const handTx = '84' + bodyHex + 'a0' + 'f5' + 'f6';
    expect(CSL.FixedTransaction.from_hex(handTx).transaction_hash().to_hex()).not.toBe(CSL.FixedTransaction.from_hex(tx).transaction_hash().to_hex());
    const witness = await api.signTx(handTx, true);
    expect(verifies(handTx, witness, address)).toBe(true);
  });

  it('rejects like a CIP-30 wallet: declined (code 2) and not a transaction (code -1)', async () => {
    const { api, address } = await demoWallet(false);
    await expect(api.signTx(unsignedTx(address, 200_000), false)).rejects.toEqual({ code: 2, info: 'user declined' });
    await expect(api.signTx('zz', false)).rejects.toMatchObject({ code: -1 });
    await expect(api.signTx('a0', false)).rejects.toMatchObject({ code: -1 });
  });
});
