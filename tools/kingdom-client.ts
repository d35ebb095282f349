/**
 * The contract's typed client (`createClient` of `@kingdom/api`, docs/architecture.md §2.1) for one
 * server, as the bench, the e2e suite and the tools use it: calls named by endpoint (the CSRF cookie
 * jar, bearer tokens and errors are the client's), plus the demo faucet and a real Solana wallet
 * sign-in (ed25519 over the UTF-8 challenge message, base58 by `@scure/base`, the repo's one base58
 * library).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { base58 } from '@scure/base';
import {
  API_PREFIX, ApiCallError, ENDPOINTS, createClient, type ApiResponse, type Endpoint, type HttpMethod, type CallInput, type CallOptions, type CallOutput, type EndpointName, type FaucetRequest,
  type FaucetResponse, type KingdomApi, type User,
} from '@kingdom/api';

export { ApiCallError };

/** A Solana keypair: the address is the base58 ed25519 public key. */
export interface SolanaKeypair {
  address: string;
  /** base58 ed25519 signature of the UTF-8 bytes of `message`. */
  signMessage(message: string): string;
}

/** Generates a fresh Solana (ed25519) keypair with node:crypto. */
export function newSolanaKeypair(): SolanaKeypair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x) throw new Error('ed25519 public key export failed');
  const address = base58.encode(Uint8Array.from(Buffer.from(jwk.x, 'base64url')));
  const key: KeyObject = privateKey;
  return {
    address,
    signMessage: (message) => base58.encode(Uint8Array.from(sign(null, Buffer.from(message, 'utf8'), key))),
  };
}

/** Result of a sign-in. */
export interface SignIn {
  token: string;
  user: User;
  address: string;
}

/**
 * The typed client for one base URL (`http://127.0.0.1:PORT`), keeping the server's cookies: every
 * non-GET call first fetches `GET /api/sanctum/csrf-cookie` when no XSRF cookie is held. Calls time
 * out after 60 s.
 */
export class KingdomClient {
  readonly api: KingdomApi<typeof ENDPOINTS>;
  /** The URL of an endpoint with its params and query (for load generators). */
  readonly url: KingdomApi<typeof ENDPOINTS>['url'];

  constructor(readonly baseUrl: string) {
    this.api = createClient({ routes: ENDPOINTS, baseUrl, timeoutMs: 60_000 });
    this.url = (name, input) => this.api.url(name, input);
  }

  /**
   * Calls endpoint `name`; `token`: the bearer token.
   * @returns its 2xx answer
   * @throws ApiCallError for any other status (`code`: the server's error code)
   */
  call<N extends EndpointName>(name: N, input?: CallInput<N>, token?: string): Promise<CallOutput<N>> {
    return this.api.call(name, input, bearerOf(token));
  }

  /** Calls endpoint `name` and returns the answer whatever its status (`body`: parsed JSON, else text). */
  send<N extends EndpointName>(name: N, input?: CallInput<N>, token?: string): Promise<ApiResponse<CallOutput<N>>> {
    return this.api.send(name, input, bearerOf(token));
  }

  /**
   * @deprecated use {@link KingdomClient.call} (typed, by endpoint name). Sends `method path` (e.g.
   * `GET /api/lands?my=true`) as the endpoint whose descriptor matches it, through the same client.
   * @throws ApiCallError on a non-2xx status; Error when no descriptor matches
   */
  async json<T = unknown>(method: HttpMethod, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<T> {
    const { name, input } = resolvePath(method, path);
    const res = await this.api.send(name, { ...input, body: options.body, headers: options.headers } as never, bearerOf(options.token));
    if (!res.ok) throw new ApiCallError(res.status, res.body, `${method} ${path}`);
    return res.body as T;
  }

  /** @deprecated use {@link KingdomClient.send}. {@link KingdomClient.json}'s request, its answer as a `Response`. */
  async raw(method: HttpMethod, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const { name, input } = resolvePath(method, path);
    const res = await this.api.send(name, { ...input, body: options.body, headers: options.headers } as never, bearerOf(options.token));
    const empty = res.status === 204 || res.status === 304 || res.body === '';
    return new Response(empty ? null : typeof res.body === 'string' ? res.body : JSON.stringify(res.body), { status: res.status, headers: res.headers });
  }

  /** `GET /api/sanctum/csrf-cookie`; returns the XSRF token (the cookie's decoded value). */
  csrf(): Promise<string> {
    return this.api.csrf();
  }

  /** The held XSRF token, decoded as the browser-side clients do. */
  xsrfToken(): string | undefined {
    return this.api.csrfToken();
  }

  /**
   * Demo faucet (`demoFaucet`, demo mode only): gives `address` Land NFTs, mining tools, worker
   * NFTs, items and app balances (whole tokens as decimal strings).
   */
  faucet(address: string, grant: Omit<FaucetRequest, 'address'> = {}): Promise<FaucetResponse> {
    return this.call('demoFaucet', { body: { address, ...grant } });
  }

  /** Signs in with a Solana keypair through challenge → login; returns the bearer token. */
  async signInSolana(keypair: SolanaKeypair): Promise<SignIn> {
    const challenge = await this.call('authChallenge', { body: { chain: 'solana', address: keypair.address } });
    if (typeof challenge.message !== 'string' || challenge.message.length === 0) {
      throw new Error(`challenge without a message: ${JSON.stringify(challenge)}`);
    }
    const login = await this.call('authLogin', {
      body: { chain: 'solana', address: keypair.address, message: challenge.message, signature: keypair.signMessage(challenge.message) },
    });
    if (typeof login.token !== 'string' || login.token.length === 0) {
      throw new Error(`login without a token: ${JSON.stringify(login)}`);
    }
    return { token: login.token, user: login.user, address: keypair.address };
  }
}

/** The endpoint whose descriptor has `method` and a path pattern matching `path` (static paths first), with its params and query. */
function resolvePath(method: HttpMethod, path: string): { name: EndpointName; input: { params?: Record<string, string>; query?: Record<string, string> } } {
  const url = new URL(path, 'http://x');
  const rel = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  const query = url.search ? Object.fromEntries(url.searchParams) : undefined;
  const candidates = (Object.entries(ENDPOINTS) as Array<[EndpointName, Endpoint]>).filter(([, e]) => e.method === method);
  const exact = candidates.find(([, e]) => e.path === rel);
  if (exact) return { name: exact[0], input: { query } };
  for (const [name, e] of candidates) {
    const keys: string[] = [];
    const re = new RegExp(`^${e.path.replace(/:([A-Za-z_]+)/g, (_, k: string) => (keys.push(k), '([^/]+)'))}$`);
    const m = re.exec(rel);
    if (m) return { name, input: { params: Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)])), query } };
  }
  throw new Error(`no endpoint descriptor for ${method} ${path}`);
}

function bearerOf(token: string | undefined): CallOptions {
  return token === undefined ? {} : { bearer: token };
}
