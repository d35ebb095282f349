/**
 * docs/operator-guide.md §1 has a row for every environment variable the server reads: the variables
 * are the keys of the zod schema in `apps/server/src/config.ts` (read from its source, so a new
 * variable without a row fails here; add it to the table).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './kingdom-server.ts';

/** Names of the variables declared in `config.ts`'s environment schema, in order. */
export function configVariables(source = readFileSync(join(REPO_ROOT, 'apps', 'server', 'src', 'config.ts'), 'utf8')): string[] {
  const start = source.indexOf('z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('config.ts: the environment schema (z.object({ … });) was not found');
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** Variables named in backticks in the first column of the guide's configuration table (§1). */
export function documentedVariables(doc = readFileSync(join(REPO_ROOT, 'docs', 'operator-guide.md'), 'utf8')): Set<string> {
  const section = doc.slice(doc.indexOf('## 1. Configuration'), doc.indexOf('\n## 2.'));
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (first) for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
}

describe('docs/operator-guide.md §1', () => {
  test('documents every variable of apps/server/src/config.ts', () => {
    const vars = configVariables();
    expect(vars).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SETTLE_LANES']));
    const documented = documentedVariables();
    expect(vars.filter((v) => !documented.has(v))).toEqual([]);
  });

  test('a variable missing from the table is found', () => {
    const source = 'const envSchema = z.object({\n  PORT: z.coerce.number(),\n  NEW_THING: z.string(),\n});\n';
    expect(configVariables(source)).toEqual(['PORT', 'NEW_THING']);
    const doc = '## 1. Configuration\n| variable | default | meaning |\n|---|---|---|\n| `PORT` | `8080` | port |\n\n## 2. Next\n';
    expect(configVariables(source).filter((v) => !documentedVariables(doc).has(v))).toEqual(['NEW_THING']);
  });
});
