import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { memoizedRouteMatching } from '../../../build/memoized-route-matching.ts';
import { inSeparateTasks } from '../../api/in-tasks.ts';
import { lazyLoaded, usePageLoading } from '../lazy-page.ts';

describe('start-up work spread over tasks (api/in-tasks.ts)', () => {
  it('runs the steps in order, none at once, each in a task of its own', async () => {
    const seen: string[] = [];
    const done = inSeparateTasks([
      () => {
        seen.push('first');
        // queued by the first step: runs before the second step if that one is a later task
        setTimeout(() => seen.push('timer queued by first'), 0);
        void Promise.resolve().then(() => seen.push('microtask of first'));
      },
      () => seen.push('second'),
    ]);
    expect(seen).toEqual([]);
    await done;
    expect(seen).toEqual(['first', 'microtask of first', 'timer queued by first', 'second']);
  });

  it('goes on after a step that throws, and reports it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: number[] = [];
    await inSeparateTasks([
      () => seen.push(1),
      () => {
        throw new Error('boom');
      },
      () => seen.push(3),
    ]);
    expect(seen).toEqual([1, 3]);
    expect(error).toHaveBeenCalledWith(new Error('boom'));
  });
});

function Progress() {
  return <p data-testid="progress">{usePageLoading() ? 'loading' : 'idle'}</p>;
}

/** A lazily loaded component whose code arrives when the test says so. */
function deferredPage() {
  let arrive!: () => void;
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <p>page</p> });
  });
  return { Page: lazyLoaded(() => arrived, { showsProgress: true }), arrive };
}

describe('the frame progress bar counts renders waiting for code (app/lazy-page.ts)', () => {
  it('shows while a render waits for the page, and goes when it is here', async () => {
    const { Page, arrive } = deferredPage();
    render(
      <>
        <Progress />
        <Suspense fallback={<p>waiting</p>}>
          <Page />
        </Suspense>
      </>,
    );
    expect(await screen.findByText('loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('page')).toBeTruthy();
    expect(screen.getByTestId('progress').textContent).toBe('idle');
  });

  it('stays idle for code fetched ahead of any render (the first page, app/start.ts)', async () => {
    const { Page, arrive } = deferredPage();
    render(<Progress />);
    const preloaded = Page.preload();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByTestId('progress').textContent).toBe('idle');
    await act(async () => {
      arrive();
      await preloaded;
    });
    expect(screen.getByTestId('progress').textContent).toBe('idle');
  });
});

describe("react-router's route matching, memoized (build/memoized-route-matching.ts)", () => {
  const transform = memoizedRouteMatching().transform as (code: string, id: string) => { code: string } | undefined;
  const id = '/x/node_modules/react-router/dist/production/chunk-TEST.mjs';
  const library = [
    'let flattened = 0, compiled = 0;',
    'function flattenAndRankRoutes(routes) {',
    '  flattened++;',
    '  return routes.map((r) => ({ path: r.path }));',
    '}',
    'function compilePath(path, caseSensitive = false, end = true) {',
    '  compiled++;',
    '  return [new RegExp("^" + path + (end ? "$" : ""), caseSensitive ? void 0 : "i"), []];',
    '}',
    'return { flattenAndRankRoutes, compilePath, counts: () => [flattened, compiled] };',
  ].join('\n');

  it('flattens a route table once and compiles a path once per (path, case, end)', () => {
    const out = transform(library, id);
    expect(out).toBeDefined();
    const lib = new Function(out!.code)() as {
      flattenAndRankRoutes(r: object[]): unknown;
      compilePath(p: string, c?: boolean, e?: boolean): [RegExp, unknown[]];
      counts(): [number, number];
    };
    const table = [{ path: '/a' }, { path: '/b' }];
    const first = lib.flattenAndRankRoutes(table);
    expect(lib.flattenAndRankRoutes(table)).toBe(first);
    expect(lib.flattenAndRankRoutes([{ path: '/a' }])).not.toBe(first);
    const [matcher] = lib.compilePath('/a');
    expect(lib.compilePath('/a')[0]).toBe(matcher);
    expect(lib.compilePath('/a', false, false)[0]).not.toBe(matcher);
    expect(lib.compilePath('/a', true)[0].flags).toBe('');
    expect(matcher.test('/A')).toBe(true);
    expect(lib.counts()).toEqual([2, 3]);
  });

  it('leaves other modules alone and fails the build when react-router renamed a function', () => {
    expect(transform(library, '/x/node_modules/react/index.js')).toBeUndefined();
    expect(() => transform(library.replace('function compilePath(', 'function compileRoutePath('), id)).toThrow(/compilePath/);
  });
});
