/**
 * `call(name, input)`: a call typed by its endpoint descriptor, with the method and path from the
 * whole route table (api/routes.ts). Imported by features (lazily loaded chunks), so the table is
 * not part of the first page.
 */
import type { EndpointName, EndpointOutput, ENDPOINTS } from '@kingdom/api';
import { callRoute, type CallInput, type RequestOptions } from './client.ts';
import { ROUTES } from './routes.ts';

/** Calls the endpoint `name` (see `callRoute`). */
export function call<N extends EndpointName>(name: N, input?: CallInput<N>, options: Omit<RequestOptions, 'params'> = {}): Promise<EndpointOutput<(typeof ENDPOINTS)[N]>> {
  return callRoute(name, ROUTES[name], input, options);
}
