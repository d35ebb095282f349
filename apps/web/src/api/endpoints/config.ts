/** `GET /config`: demo and maintenance flags, external URLs. Public. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS, type ConfigResponse } from '@kingdom/api';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';

/** Fetches the app configuration. */
export function getConfig(): Promise<ConfigResponse> {
  return apiGet<ConfigResponse>(PATHS.config);
}

/** Query options of the configuration; it does not change while the app runs. */
export function configQueryOptions() {
  return queryOptions({ queryKey: queryKeys.config, queryFn: getConfig, staleTime: Infinity });
}

/** The app configuration (undefined while loading or when the server is unreachable). */
export function useConfig() {
  return useQuery(configQueryOptions());
}
