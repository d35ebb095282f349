import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@kingdom/api';
import { ROUTES } from '../routes.ts';
import { FRAME_ROUTES } from '../frame-routes.ts';

describe('the route table made from the descriptors at build time (virtual:kingdom-routes)', () => {
  it('has every descriptor\'s method and path, and nothing else', () => {
    const fromDescriptors = Object.fromEntries(Object.entries(ENDPOINTS).map(([name, e]) => [name, { method: e.method, path: e.path }]));
    expect(JSON.parse(JSON.stringify(ROUTES))).toEqual(fromDescriptors);
  });

  it('the frame\'s routes, each from its own module, are the same', () => {
    for (const [name, route] of Object.entries(FRAME_ROUTES)) expect(route, name).toEqual(ROUTES[name as keyof typeof ROUTES]);
  });
});
