/**
 * The routes the app frame calls on every page (user, config, counts, CSRF cookie, logout, demo
 * clock): a module of their own, so the first page carries these few rather than the whole table
 * of `./routes.ts` (which spreads them in and is checked against the descriptors).
 */
import type { ENDPOINTS } from '@kingdom/api';
import type { RouteOf } from './routes.ts';

export const FRAME_ROUTES = {
  csrfCookie: { method: 'GET', path: '/sanctum/csrf-cookie' },
  config: { method: 'GET', path: '/config' },
  authLogout: { method: 'GET', path: '/auth/logout' },
  dashboardUser: { method: 'GET', path: '/dashboard/user' },
  notificationsCount: { method: 'GET', path: '/notifications/count' },
  demoClock: { method: 'GET', path: '/demo/clock' },
  landUpdates: { method: 'GET', path: '/lands/updates' },
  notifications: { method: 'GET', path: '/notifications' },
} as const satisfies { [N in keyof typeof ENDPOINTS]?: RouteOf<N> };

