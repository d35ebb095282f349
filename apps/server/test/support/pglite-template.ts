/**
 * Setup file of the server suite's PGlite run: lets {@link withPgliteTemplate} open a test kingdom's
 * in-memory PGlite from the run's template (`tools/vitest-pglite-template.ts`: an empty database with
 * every migration applied) instead of running initdb and the migrations again. Only an in-memory
 * `new PGlite()` made inside `withPgliteTemplate` is affected; every other PGlite (a test's own, a
 * data folder) is made as written.
 */
import { readFileSync } from 'node:fs';
import { inject, vi } from 'vitest';

const state = globalThis as { __kingdomPgliteTemplate?: Blob | undefined };

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const mod = await importOriginal<typeof import('@electric-sql/pglite')>();
  class PGlite extends mod.PGlite {
    constructor(...args: ConstructorParameters<typeof mod.PGlite>) {
      const template = state.__kingdomPgliteTemplate;
      if (template && args.length === 0) super({ loadDataDir: template });
      else super(...args);
    }
  }
  return { ...mod, PGlite };
});

let template: Blob | null | undefined;

/** Runs `open` (which makes one in-memory PGlite) with the run's template loaded in it, when there is one. */
export async function withPgliteTemplate<T>(open: () => Promise<T>): Promise<T> {
  if (template === undefined) {
    const file = inject('pgliteTemplate');
    template = file ? new Blob([readFileSync(file)]) : null;
  }
  state.__kingdomPgliteTemplate = template ?? undefined;
  try {
    return await open();
  } finally {
    state.__kingdomPgliteTemplate = undefined;
  }
}
