/** docs/http-contract.md's endpoint table is the one tools/endpoint-table.ts prints from the descriptors. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CONTRACT_DOC, endpointList, endpointTable, withCurrentTable } from './endpoint-table.ts';

describe('endpoint table of docs/http-contract.md', () => {
  test('is up to date with packages/api/src/endpoints.ts (run npx tsx tools/endpoint-table.ts --write)', () => {
    const doc = readFileSync(CONTRACT_DOC, 'utf8');
    expect(doc).toBe(withCurrentTable(doc));
  });

  test('has one row per descriptor, each naming its operationId and path', () => {
    const table = endpointTable();
    const list = endpointList();
    expect(table.split('\n')).toHaveLength(list.length + 2);
    expect(list.length).toBeGreaterThan(50);
    for (const e of list) expect(table).toContain(`| \`/api${e.path}\` |`);
    expect(table).toMatch(/\| POST \| `\/api\/vendor\/purchase` \| bearer \| `vendorPurchase` \| .*Idempotency-Key/);
  });

  test('a document whose table lacks an endpoint is refused', () => {
    const doc = readFileSync(CONTRACT_DOC, 'utf8');
    const stale = doc.replace(/^\| POST \| `\/api\/vendor\/purchase`.*\n/m, '');
    expect(stale).not.toBe(doc);
    expect(withCurrentTable(stale)).not.toBe(stale);
  });
});
