/**
 * A small HTTP client for the Kingdom API as docs/architecture.md draws its contract, for the bench and the
 * e2e suite: the XSRF double-submit cookie, the demo faucet and a real Solana wallet sign-in
 * (ed25519 over the UTF-8 challenge message, base58 by `@scure/base`, the repo's one base58 library).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { base58 } from '@scure/base';
import type { FaucetRequest } from '@kingdom/api';

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

/** A non-2xx answer of the API. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} → HTTP ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

/** Result of a sign-in. */
export interface SignIn {
  token: string;
  user: Record<string, unknown>;
  address: string;
}

/** Options of a request. */
export interface RequestOptions {
  body?: unknown;
  /** Bearer token. */
  token?: string;
  /** Send the XSRF header and cookie (default: true for non-GET). */
  xsrf?: boolean;
  /** More request headers (e.g. `idempotency-key`). */
  headers?: Record<string, string>;
}

/**
 * Cookie-keeping API client for one base URL (`http://127.0.0.1:PORT`).
 * Every non-GET request first fetches `GET /api/sanctum/csrf-cookie` when no XSRF cookie is held.
 */
export class KingdomClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** `GET /api/sanctum/csrf-cookie`; returns the XSRF token (the cookie's decoded value). */
  async csrf(): Promise<string> {
    const res = await this.raw('GET', '/api/sanctum/csrf-cookie', {});
    await res.arrayBuffer();
    if (!res.ok) throw new ApiError(res.status, null, 'GET /api/sanctum/csrf-cookie');
    const token = this.xsrfToken();
    if (!token) throw new Error('GET /api/sanctum/csrf-cookie set no XSRF-TOKEN cookie');
    return token;
  }

  /** The held XSRF token, decoded as the browser-side clients do. */
  xsrfToken(): string | undefined {
    const raw = this.cookies.get('XSRF-TOKEN');
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  /** Sends a request and returns the raw response (cookies are recorded). */
  async raw(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const wantXsrf = options.xsrf ?? method !== 'GET';
    if (wantXsrf) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.csrf();
      const token = this.xsrfToken();
      if (token) headers['x-xsrf-token'] = token;
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(60_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  /** Sends a JSON request; returns the parsed body, throws {@link ApiError} on a non-2xx status. */
  async json<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, options);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // keep the text
    }
    if (!res.ok) throw new ApiError(res.status, body, `${method} ${path}`);
    return body as T;
  }

  /**
   * Demo faucet (`POST /api/demo/faucet`, demo mode only): gives `address` Land NFTs, mining
   * tools, worker NFTs, items and app balances (whole tokens as decimal strings).
   */
  async faucet(
    address: string,
    grant: Omit<FaucetRequest, 'address'> = {},
  ): Promise<unknown> {
    return await this.json('POST', '/api/demo/faucet', { body: { address, ...grant } });
  }

  /** Signs in with a Solana keypair through challenge → login; returns the bearer token. */
  async signInSolana(keypair: SolanaKeypair): Promise<SignIn> {
    const challenge = await this.json<{ message: string; nonce: string }>('POST', '/api/auth/challenge', {
      body: { chain: 'solana', address: keypair.address },
    });
    if (typeof challenge.message !== 'string' || challenge.message.length === 0) {
      throw new Error(`challenge without a message: ${JSON.stringify(challenge)}`);
    }
    const login = await this.json<{ token: string; user: Record<string, unknown> }>('POST', '/api/auth/login', {
      body: {
        chain: 'solana',
        address: keypair.address,
        message: challenge.message,
        signature: keypair.signMessage(challenge.message),
      },
    });
    if (typeof login.token !== 'string' || login.token.length === 0) {
      throw new Error(`login without a token: ${JSON.stringify(login)}`);
    }
    return { token: login.token, user: login.user, address: keypair.address };
  }
}
