/**
 * The server calls push endpoints the browser gave it, so an endpoint must not let a player make the
 * server call its own network (SSRF; docs/product.md §10 "Push notifications"): https only, at most PUSH_ENDPOINT_MAX
 * characters, no credentials, and a host that is — and resolves to — public addresses only. The same
 * address check runs again on every connection the push job opens (`publicLookup`), so a name that
 * resolves elsewhere later (DNS rebinding) is refused too.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { PUSH_ENDPOINT_MAX } from '@kingdom/api';
import { fail } from '../../errors.ts';

/** Addresses the push job never calls: private, loopback, link-local, shared, multicast, reserved, documentation ranges. */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) BLOCKED.addSubnet(net, bits, 'ipv6');

/** True when `address` (an IP literal) is one the push job may call. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    if (/^::ffff:/i.test(address)) return false;
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

/** What the check allows besides public https endpoints: plain http to 127.0.0.1 (PUSH_TEST_LOCAL_ENDPOINTS, tests and local runs only). */
export interface EndpointPolicy {
  allowLocalTest: boolean;
}

/** True for an endpoint the test-only override lets through: `http://127.0.0.1:<port>/…`. */
export function isLocalTestEndpoint(url: URL, policy: EndpointPolicy): boolean {
  return policy.allowLocalTest && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => resolve(err ? [] : addresses.map((a) => a.address)));
  });
}

/**
 * Checks a subscription endpoint before it is stored.
 * @returns the endpoint, parsed
 * @throws ApiError PUSH_ENDPOINT_NOT_ALLOWED (not https, too long, credentials, a private or unresolvable host)
 */
export async function checkPushEndpoint(endpoint: string, policy: EndpointPolicy): Promise<URL> {
  const refuse = (why: string): never => fail('PUSH_ENDPOINT_NOT_ALLOWED', { endpoint: [why] });
  if (endpoint.length > PUSH_ENDPOINT_MAX) refuse('endpoint too long');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse('not a URL');
  }
  if (isLocalTestEndpoint(url, policy)) return url;
  if (url.protocol !== 'https:') refuse('not https');
  if (url.username || url.password) refuse('credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) refuse('a private address');
    return url;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) refuse('a local name');
  const addresses = await resolveAll(host);
  if (addresses.length === 0) refuse('the host does not resolve');
  if (!addresses.every(isPublicAddress)) refuse('the host resolves to a private address');
  return url;
}

/**
 * A `lookup` for outgoing push connections that refuses private addresses (the connection fails
 * with `EPUSHADDRESS`), so the address connected to is the address checked.
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const ok = list.filter((a) => isPublicAddress(a.address));
    if (ok.length === 0 || ok.length !== list.length) {
      const e = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), { code: 'EPUSHADDRESS' });
      return callback(e, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof ok) => void)(null, ok);
    callback(null, ok[0]!.address, ok[0]!.family);
  });
};
