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
  ApiCallError, ENDPOINTS, createClient, type ApiResponse, type CallInput, type CallOptions, type CallOutput, type EndpointName, type FaucetRequest,
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

function bearerOf(token: string | undefined): CallOptions {
  return token === undefined ? {} : { bearer: token };
}
