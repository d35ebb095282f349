/** The server's import zones: `.oxlintrc.json` is up to date, oxlint refuses an import against them, and no two server folders import each other in a cycle. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SERVER_SRC, SERVER_ZONES, folderCycles, folderEdges, unzoned, withServerZoneOverrides, zoneOf, zoneOfFolder } from './server-zones.ts';
import type { Override } from './web-zones.ts';
import { REPO_ROOT } from './kingdom-server.ts';
import { lint, probeImport } from './lint-probe.ts';

describe('server import zones', () => {
  test('.oxlintrc.json has the generated override of every zone (run tools/server-zones.ts --write), and every folder is in a zone', () => {
    const rc = JSON.parse(readFileSync(join(REPO_ROOT, '.oxlintrc.json'), 'utf8')) as { overrides: Override[] };
    expect(rc).toEqual(withServerZoneOverrides(rc));
    expect(unzoned()).toEqual([]);
    expect(zoneOf('modules/lands/service.ts')?.name).toBe('modules');
    expect(zoneOf('cli/tick.ts')?.name).toBe('entry');
    expect(zoneOf('clock.ts')?.name).toBe('clock');
    expect(zoneOf('brand-new/x.ts')).toBeNull();
  });

  test('no folder of apps/server/src imports another in a cycle (modules counted per area)', () => {
    const edges = folderEdges();
    const cycles = folderCycles(edges);
    const why = cycles.map((c) => [...edges].filter(([k]) => c.some((a) => k.startsWith(`${a} →`)) && c.some((b) => k.endsWith(`→ ${b}`))).map(([k, v]) => `${k}: ${v.join('; ')}`).join('\n')).join('\n\n');
    expect(cycles, why).toEqual([]);
    // the scan sees the real imports: the mines build on the lands, the jobs on the ledger
    expect(edges.get('modules/mines → modules/lands')).toBeDefined();
    expect(edges.get('jobs → modules/ledger')).toBeDefined();
    // and a cycle when there is one
    expect(folderCycles(new Map([['a → b', []], ['b → c', []], ['c → a', []], ['c → d', []]]))).toEqual([['a', 'b', 'c']]);
  });

  test('each zone imports only the zones it may (the table and the code agree)', () => {
    const may = new Map(SERVER_ZONES.map((z) => [z.name, new Set([z.name, 'base', ...z.mayImport])]));
    const wrong = [...folderEdges()].filter(([k]) => {
      const [a, b] = k.split(' → ') as [string, string];
      const from = zoneOfFolder(a);
      const to = zoneOfFolder(b);
      return !(from && to && may.get(from.name)!.has(to.name));
    });
    // the one documented exception: the demo clock's routes run the tick (tools/server-zones.ts EXCEPTIONS)
    expect(wrong.filter(([k, files]) => !(k === 'modules/demo → jobs' && files.every((f) => f.startsWith('modules/demo/routes.ts')))).map(([k]) => k)).toEqual([]);
  });

  test.each([
    // lower layers never import upward
    ['chain', "import { x } from '../modules/demo/chain-faucet.ts';", true],
    ['chain/cardano', "import { x } from '../../jobs/chain-money.ts';", true],
    ['auth', "import { route } from '../http/routes.ts';", true],
    ['db', "import { x } from '../clock.ts';", true],
    ['db', "import { x } from '../auth/session.ts';", true],
    ['http', "import { x } from '../modules/ledger/ledger.ts';", true],
    ['world-import', "import { x } from '../jobs/prices.ts';", true],
    ['seed', "import { x } from '../server.ts';", true],
    // modules: not the jobs, the seed, observability or the entry files
    ['modules/mines', "import { x } from '../../jobs/prices.ts';", true],
    ['modules/mines', "import { x } from '../../seed/demo-world.ts';", true],
    ['modules/mines', "import { x } from '../../observability/health.ts';", true],
    ['modules/mines', "import { x } from '../../app.ts';", true],
    ['jobs', "import { x } from '../seed/demo-world.ts';", true],
    ['jobs', "import { x } from '../cli/tick.ts';", true],
    // the server never imports the web app
    ['modules/mines', "import { x } from '@kingdom/web';", true],
    // what the layers allow
    ['modules/mines', "import { x } from '../lands/service.ts';", false],
    ['modules/mines', "import { route } from '../../http/routes.ts';", false],
    ['modules/mines', "import { x } from '../../chain/network.ts';", false],
    ['jobs', "import { x } from '../modules/ledger/ledger.ts';", false],
    ['http', "import { x } from '../auth/session.ts';", false],
    ['chain/solana', "import { x } from '../../db/leases.ts';", false],
    ['auth', "import { x } from '../errors.ts';", false],
    ['db', "import { x } from '../config.ts';", false],
    ['cli', "import { x } from '../server.ts';", false],
  ])('in %s: %s → refused %s', (dir, line, refused) => {
    const r = probeImport(SERVER_SRC, dir, line);
    expect(r.refused, r.out).toBe(refused);
  });

  test.each([
    // the emulators never import the server (they take a drizzle database and implement the shared interfaces)
    ['emulators/src', "import { x } from '@kingdom/server';", true],
    ['emulators/src/cardano', "import { exec } from '../../../../apps/server/src/db/client.ts';", true],
    ['emulators/src', "import pg from 'pg';", true],
    ['emulators/src', "import type { CardanoLedger } from '@kingdom/chain-providers';", false],
    // the shared interfaces: types of the contract and the chain libraries, nothing of the server or the emulators
    ['chain-providers/src', "import { x } from '@kingdom/emulators';", true],
    ['chain-providers/src', "import { x } from '../../../apps/server/src/chain/provider.ts';", true],
    ['chain-providers/src', "import type { Chain } from '@kingdom/api';", false],
  ])('in packages/%s: %s → refused %s', (dir, line, refused) => {
    const r = probeImport(join(REPO_ROOT, 'packages'), dir, line);
    expect(r.refused, r.out).toBe(refused);
  });

  test('a cycle between two server files is refused (import/no-cycle)', () => {
    const a = join(SERVER_SRC, 'http', '__cycle_a__.ts');
    const b = join(SERVER_SRC, 'http', '__cycle_b__.ts');
    writeFileSync(a, "import { b } from './__cycle_b__.ts';\nexport const a = b;\n");
    writeFileSync(b, "import { a } from './__cycle_a__.ts';\nexport const b = 1;\nexport const c = a;\n");
    try {
      expect(lint(a).out).toContain('no-cycle');
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });

  test('the demo routes may import the jobs (the one exception); another demo file may not', () => {
    const routes = lint(join(SERVER_SRC, 'modules', 'demo', 'routes.ts'));
    expect(routes.out.includes('no-restricted-imports'), routes.out).toBe(false);
    const file = join(SERVER_SRC, 'modules', 'demo', '__zone_probe__.ts');
    writeFileSync(file, "import { x } from '../../jobs/prices.ts';\n");
    try {
      expect(lint(file).out).toContain('no-restricted-imports');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
