import { describe, expect, it } from 'vitest';
import { nextPathAfterSignIn } from '../next-path.ts';

describe('where a sign-in goes on to', () => {
  it('the page that asked for it, when it is a path of this site', () => {
    expect(nextPathAfterSignIn('?next=%2Fconsole')).toBe('/console');
    expect(nextPathAfterSignIn('?next=/console/search?q=E03N12')).toBe('/console/search?q=E03N12');
  });
  it('the dashboard otherwise: no next, another site, a scheme, a backslash', () => {
    for (const search of ['', '?next=', '?next=https://evil.example', '?next=//evil.example/x', '?next=/\\evil.example', '?next=javascript:alert(1)', '?next=/a b']) {
      expect(nextPathAfterSignIn(search)).toBe('/dashboard/overview');
    }
  });
});
