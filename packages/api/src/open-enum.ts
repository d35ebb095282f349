/**
 * Open enums: how an answer carries a value set the database can grow (docs/architecture.md §8
 * "Rolling upgrades"). During a rolling upgrade a server of the release before shares the database
 * with this one: when the newer release writes a value the older does not know (a new notification
 * type, a new order status), the older server's answer must still go out — a closed `z.enum` in its
 * response schema would refuse it and answer 500. So answers declare such fields with
 * {@link openEnum}: the known values documented (OpenAPI lists them), any other string accepted and
 * passed through, and readers (the web app) show an unknown value generically.
 *
 * Requests keep closed enums: a server validates what it is asked against what it knows.
 */
import { z } from 'zod';

/**
 * A response field whose known values are `values` and which also accepts any other string (a value
 * a newer release added). Its TypeScript type is `string`: a reader must handle values it does not know.
 * @param values the values this release knows (documented in OpenAPI)
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T): z.ZodUnion<[z.ZodEnum<{ [K in T[number]]: K }>, z.ZodString]> {
  return z.union([z.enum(values), z.string()]);
}
