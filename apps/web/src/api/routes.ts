/**
 * Method and path of every endpoint descriptor of `@kingdom/api` (`ENDPOINTS`), as plain data made
 * from the descriptors when the bundle is built (`virtual:kingdom-routes`, build/kingdom-routes.ts):
 * the descriptors carry zod schemas, and importing them at run time would put zod and every schema
 * on the first page (≈ 31 KB gzip). No path is written here.
 */
export { ROUTES } from 'virtual:kingdom-routes';
export type { RouteOf } from '@kingdom/api';
