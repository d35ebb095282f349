/**
 * The alert rules and dashboard that ship (docs/operator-guide.md §3.1): `ops/prometheus/alerts.yml`
 * passes `promtool check rules` and its unit tests (`ops/prometheus/alerts.test.yml`); every Kingdom
 * metric a rule or a dashboard panel (`ops/grafana/kingdom.json`) names is exported by `/metrics` of a
 * running server; and a real Prometheus scrapes that server and answers a Kingdom metric.
 *
 * promtool and prometheus come from Debian's `prometheus` package (`.ci/run` installs it). Missing
 * with `CI` set, the suite fails; missing elsewhere, it is skipped with a notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { ProcessRegistry } from '../../src/db/processes.ts';
import { observeJobRun } from '../../src/observability/metrics.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RULES = join(ROOT, 'ops/prometheus/alerts.yml');
const RULE_TESTS = join(ROOT, 'ops/prometheus/alerts.test.yml');
const DASHBOARD = join(ROOT, 'ops/grafana/kingdom.json');

/** Whether `tool` is on the PATH. */
function has(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).status === 0;
}

/**
 * The gate of this suite (the pattern of tools/postgres-suites.ts): true when promtool and prometheus
 * are installed; with `CI` set and one missing, throws (the file fails instead of skipping); else a
 * notice and false.
 */
function requirePrometheus(): boolean {
  const missing = ['promtool', 'prometheus'].filter((t) => !has(t));
  if (missing.length === 0) return true;
  const message = `The alert rules suite needs ${missing.join(' and ')}, and none was found. Install Debian's \`prometheus\` package (\`apt-get install prometheus\`: it brings both).`;
  const ci = process.env.CI?.trim().toLowerCase();
  if (ci && ci !== '0' && ci !== 'false') throw new Error(`${message} (CI is set, so this suite fails instead of skipping.)`);
  console.warn(`[skipped] ${message}`);
  return false;
}

/** Kingdom metric names (`kingdom_…`) in a PromQL text. */
function metricNames(promql: string): string[] {
  return [...promql.matchAll(/\bkingdom_[a-z0-9_]+/g)].map((m) => m[0]);
}

/** Every PromQL expression of the rules and the dashboard. */
function shippedExpressions(): Array<{ where: string; expr: string }> {
  const rules = [...readFileSync(RULES, 'utf8').matchAll(/^\s*- alert: (\S+)\n\s*expr: (\|\n(?:\s{10,}.*\n)+|.*\n)/gm)]
    .map((m) => ({ where: `alerts.yml ${m[1]!}`, expr: m[2]! }));
  const dash = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
  const panels = dash.panels.flatMap((p) => p.targets.map((t) => ({ where: `kingdom.json "${p.title}"`, expr: t.expr })));
  return [...rules, ...panels];
}

/** Names exported by an exposition text, with a histogram's `_bucket`, `_count` and `_sum` series. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(m[1]!);
    if (m[2] === 'histogram' || m[2] === 'summary') for (const s of ['_bucket', '_count', '_sum']) names.add(m[1]! + s);
  }
  return names;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.runIf(requirePrometheus())('shipped alert rules and dashboard', () => {
  let k: TestKingdom;
  let base: string;
  let registry: ProcessRegistry;
  beforeAll(async () => {
    k = await createTestKingdom();
    // what the data-dependent series need: a settled day, a lease, a provider price, a job run of each outcome, a live process
    await exec(k.db.orm, sql`INSERT INTO game_days (day, settled_at) VALUES ('2026-10-31', now()) ON CONFLICT DO NOTHING`);
    await exec(k.db.orm, sql`INSERT INTO job_leases (name, holder, acquired_at, expires_at) VALUES ('tick', 'test:1:aa', now(), now() + interval '1 minute') ON CONFLICT DO NOTHING`);
    await exec(k.db.orm, sql`UPDATE currency_prices SET seen_at = now() - interval '5 minutes', source = 'coingecko' WHERE token = 'ada'`);
    observeJobRun('tick', 0.2, true);
    observeJobRun('tick', 0.1, false);
    registry = new ProcessRegistry(k.db, 'test:1:aa', '0.1.0+test', 2);
    await registry.start();
    base = await k.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await registry?.stop();
    await k?.close();
  });

  // promtool reads the shipped files and Prometheus scrapes /metrics over HTTP: neither depends on the
  // database, so they run in the PGlite project only (server-pg repeated them identically); the
  // /metrics series, which come from the database, are checked on both.
  it.skipIf(TEST_DB === 'postgres')('promtool checks the rules and passes their unit tests', () => {
    const check = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const test = spawnSync('promtool', ['test', 'rules', RULE_TESTS], { encoding: 'utf8', cwd: join(ROOT, 'ops/prometheus') });
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toContain('SUCCESS');
  });

  it('every Kingdom metric a rule or a panel names is exported by /metrics', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const exported = exportedNames(text);
    const shipped = shippedExpressions();
    expect(shipped.filter((s) => s.where.startsWith('alerts.yml')).length).toBe(8);
    const missing = shipped.flatMap((s) => metricNames(s.expr).filter((n) => !exported.has(n)).map((n) => `${n} (${s.where})`));
    expect(missing).toEqual([]);
    // and each is a series now, not only a declared name, for the cluster-wide gauges the rules read
    for (const name of ['kingdom_game_last_settled_day_seconds', 'kingdom_chain_watcher_lag_blocks', 'kingdom_price_age_seconds', 'kingdom_price_max_age_seconds', 'kingdom_ready', 'kingdom_server_processes']) {
      expect(text, name).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\S+$`, 'm'));
    }
    expect(text).toMatch(/^kingdom_server_processes\{release="0\.1\.0\+test",level="2"\} 1$/m);
    expect(text).toMatch(/^kingdom_ready 1$/m);
  });

  it.skipIf(TEST_DB === 'postgres')('a real Prometheus scrapes the server and answers a Kingdom metric', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kingdom-prometheus-'));
    const port = await freePort();
    const target = new URL(base).host;
    writeFileSync(join(dir, 'prometheus.yml'), [
      'global:', '  scrape_interval: 1s', '  evaluation_interval: 1s',
      'rule_files:', `  - ${RULES}`,
      'scrape_configs:', '  - job_name: kingdom', '    static_configs:', `      - targets: ['${target}']`, '',
    ].join('\n'));
    let prom: ChildProcess | undefined;
    let log = '';
    try {
      prom = spawn('prometheus', [
        `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn',
      ], { stdio: ['ignore', 'pipe', 'pipe'] });
      prom.stdout?.on('data', (b: Buffer) => (log += b.toString()));
      prom.stderr?.on('data', (b: Buffer) => (log += b.toString()));
      const api = `http://127.0.0.1:${port}/api/v1`;
      const deadline = Date.now() + 60_000;
      let result: Array<{ metric: Record<string, string>; value: [number, string] }> = [];
      while (Date.now() < deadline && result.length === 0) {
        await new Promise((r) => setTimeout(r, 500));
        if (prom.exitCode !== null) throw new Error(`prometheus exited ${String(prom.exitCode)}: ${log}`);
        const res = await fetch(`${api}/query?query=${encodeURIComponent('kingdom_game_days_settled_total')}`).catch(() => null);
        if (!res?.ok) continue;
        result = ((await res.json()) as { data: { result: typeof result } }).data.result;
      }
      expect(result, log).toHaveLength(1);
      expect(result[0]!.metric).toMatchObject({ job: 'kingdom', instance: target });
      expect(Number(result[0]!.value[1])).toBeGreaterThanOrEqual(1);
      // the shipped rules loaded: the kingdom group with its 8 alerts
      const rules = (await (await fetch(`${api}/rules`)).json()) as { data: { groups: Array<{ name: string; rules: unknown[] }> } };
      expect(rules.data.groups.find((g) => g.name === 'kingdom')?.rules).toHaveLength(8);
    } finally {
      prom?.kill('SIGTERM');
      if (prom && prom.exitCode === null) await new Promise((r) => prom!.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
