/**
 * Builds the Kingdom server (Fastify): external plugins (cookie, helmet, rate limit, swagger), then
 * ours (CSRF, maintenance, error handler), then routes by area under `/api` (the one table
 * `ROUTE_MODULES` of `route-modules.ts`), and the built web app at `/` with history-mode fallback.
 * Tests build it in-process and use `app.inject`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { GameError } from '@kingdom/game';
import { API_PREFIX, ERROR_MESSAGES, OPENAPI_PATH, answersWith, errorStatus, openApiErrorResponses, type Endpoint } from '@kingdom/api';
import type { Config } from './config.ts';
import type { Database, Orm } from './db/client.ts';
import type { ChainProviders } from './chain/index.ts';
import { ApiError } from './errors.ts';
import { csrfPlugin } from './http/csrf.ts';
import { MaintenanceSwitch, openDuringMaintenance } from './http/maintenance.ts';
import { registerAuthHook } from './http/routes.ts';
import { ChainMoneyJobs } from './jobs/chain-money.ts';
import { SolanaWatcherJob } from './jobs/solana-watcher.ts';
import { JobLeases } from './db/leases.ts';
import { Lifecycle } from './observability/health.ts';
import { ROUTE_MODULES } from './route-modules.ts';
import { AppMetrics, registerMetrics } from './observability/metrics.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { REQUEST_ID_HEADER, requestIdGenerator } from './http/request-id.ts';
import { lingeringClientErrorHandler } from './http/client-error.ts';
import { API_BROTLI_OPTIONS, API_COMPRESS_ENCODINGS, API_COMPRESS_THRESHOLD_BYTES } from './http/json-body.ts';

/**
 * What the app needs from outside. `clock` returns the current game time (UTC); `advanceClock`
 * moves it forward by ms (demo mode's tick). Both are injected so tests control time.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  providers: ChainProviders;
  clock?: () => Date;
  /**
   * Re-reads the shared game time before a request reads `clock` (demo mode: the offset lives in
   * Postgres, so every process answers the same game day; docs/architecture.md §6). Default: nothing to refresh.
   */
  refreshClock?: () => Promise<void>;
  /**
   * The shared clock's offset (ms) that `clock` applies now, i.e. as `refreshClock` last read it
   * (demo mode). When given, hot reads declared `clock: 'in-query'` skip `refreshClock`: their one
   * statement reads the database's offset beside its rows, and only when it differs does the request
   * refresh and run again (`sessionRows`). Default null: no shared clock to compare.
   */
  clockOffset?: (() => number) | null;
  /**
   * True while the offset `clock` applies is known to be the shared one (demo mode: this process
   * hears the clock's change notifications and read it after the last one; `GameClock.current`):
   * routes declared `clock: 'notified'` then skip `refreshClock`. Default: never (they refresh).
   */
  clockCurrent?: () => boolean;
  advanceClock?: (ms: number, tx: Orm) => Promise<Date>;
  /** This process's job leases (docs/architecture.md §6); built on `db` when absent. */
  leases?: JobLeases;
  /** Asks the scheduler to attempt job `name` now (e.g. demo funding after a sign-in); default: nothing. */
  kickJob?: (name: string) => void;
  /** How often this process's scheduler runs job `name` (ms), undefined when it does not run it (the console's next runs); default: none. */
  jobEveryMs?: (name: string) => number | undefined;
  /** Chain money's jobs (watcher, treasury signer); built from `providers.money` when absent. */
  chainJobs?: ChainMoneyJobs;
  /** The Solana watcher (SOL payments of EXO orders, docs/game-rules.md §9); built from `providers.solanaChain` when absent. */
  solanaWatcher?: SolanaWatcherJob;
  /** Shutdown state (readiness answers 503 while draining); a new one when absent. */
  lifecycle?: Lifecycle;
  /**
   * Told of an error answer whose status and code the endpoint's descriptor does not list
   * (`answersWith` of `@kingdom/api`: so OpenAPI does not publish it). Default: a warning in the log;
   * the tests' harness collects them and fails.
   */
  undeclaredError?: (answer: UndeclaredError) => void;
}

/** An error answer an endpoint's descriptor does not list (see {@link AppDeps.undeclaredError}). */
export interface UndeclaredError {
  operationId: string;
  status: number;
  code: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<AppDeps>;
    /** Every route registered under `/api` (method + URL pattern, with its descriptor's operationId when it has one). */
    apiRoutes: Array<{ method: string; url: string; operationId: string | undefined }>;
  }
}

/** Builds the app (not listening). Close it with `app.close()`; the database is the caller's. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  const leases = deps.leases ?? new JobLeases(deps.db.orm);
  const full: Required<AppDeps> = {
    clock,
    refreshClock: async () => undefined,
    clockOffset: null,
    clockCurrent: () => false,
    advanceClock: async () => { throw new ApiError('DEMO_ONLY'); },
    kickJob: () => undefined,
    jobEveryMs: () => undefined,
    lifecycle: new Lifecycle(),
    undeclaredError: (answer) => app.log.warn(answer, 'an error answer its endpoint descriptor does not list (missing from OpenAPI)'),
    ...deps,
    leases,
    chainJobs: deps.chainJobs ?? new ChainMoneyJobs(deps.db, deps.providers.money, clock, {
      warn: (o, m) => app.log.warn(o, m), error: (o, m) => app.log.error(o, m), info: (o, m) => app.log.info(o, m),
    }, leases, deps.providers),
    solanaWatcher: deps.solanaWatcher ?? new SolanaWatcherJob(deps.db, deps.providers.solanaChain, clock, leases),
  };
  const { config } = full;
  const app = Fastify({
    // Base addresses in bech32 are 103 characters: longer than the default 100 a path parameter may have.
    routerOptions: { maxParamLength: 256 },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Only behind a configured proxy may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // Request lines only at debug: at info they would dominate the log and the hot path.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // Every log line of a request carries its id (`reqId`); a well-formed incoming x-request-id is kept.
    requestIdHeader: false,
    genReqId: requestIdGenerator(),
    // An unparsable request (a head over the limit: 431) is answered, then closed gracefully, so the
    // client reads why instead of a reset (http/client-error.ts).
    clientErrorHandler: lingeringClientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', full);
  const maintenance = new MaintenanceSwitch(full.db.orm, config.maintenance);
  app.decorate('maintenance', maintenance);
  app.decorate('lifecycle', full.lifecycle);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (config.ops.metrics) {
    registerMetrics(app, new AppMetrics({
      db: full.db, ledger: full.providers.money.ledger, readiness: { demo: config.demo, lifecycle: full.lifecycle }, priceMaxAgeSeconds: config.prices.maxAgeMs / 1000,
    }), config.ops.metricsToken);
  }
  app.addHook('onClose', async () => full.chainJobs.stop());
  app.addHook('onClose', async () => full.solanaWatcher.stop());
  app.decorate('apiRoutes', []);
  /** The descriptor of each registered operation, for the OpenAPI document's error answers. */
  const endpointsById = new Map<string, Endpoint>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cookies are parsed only where read (the CSRF check of unsafe methods, the csrf-cookie route: http/csrf.ts),
  // not by a hook on every request.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: the limits hold across every process sharing it (docs/architecture.md §6).
    store: databaseRateLimitStore(full.db, (err) => app.log.warn({ err }, 'rate-limit clean-up failed')),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, error: 'TOO_MANY_REQUESTS', message: ERROR_MESSAGES.TOO_MANY_REQUESTS }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kingdom API', version: '0.1.0', description: 'HTTP contract of the Kingdom server (docs/architecture.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Each operation's error answers, by status, from its descriptor (docs/http-contract.md §1).
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const ops of Object.values(openapiObject.paths ?? {})) {
        for (const op of Object.values(ops as Record<string, { operationId?: string; responses?: Record<string, unknown> }>)) {
          const e = op.operationId ? endpointsById.get(op.operationId) : undefined;
          if (e) op.responses = { ...op.responses, ...openApiErrorResponses(e) };
        }
      }
      return openapiObject;
    },
  });

  /** Sends an error answer, first telling `undeclaredError` when the route's descriptor does not list it. */
  const sendError = (request: FastifyRequest, reply: FastifyReply, status: number, body: { error: string; message: string; errors?: Record<string, string[]> }) => {
    const e = request.routeOptions.config.endpoint;
    if (e && !answersWith(e, status, body.error)) full.undeclaredError({ operationId: e.operationId, status, code: body.error });
    return reply.status(status).send(body);
  };

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      if (err.status >= 500 && err.code !== 'NOT_READY') request.log.error({ err }, 'request failed');
      return sendError(request, reply, err.status, { error: err.code, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err instanceof GameError) {
      if (errorStatus(err.code) >= 500) request.log.error({ err }, 'rule reported a fault');
      return sendError(request, reply, errorStatus(err.code), { error: err.code, message: ERROR_MESSAGES[err.code] });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue.params as { issue?: { keys?: string[] } })?.issue?.keys?.join(',') || '_';
        (errors[field] ??= []).push(issue.message ?? 'invalid');
      }
      return sendError(request, reply, 422, { error: 'VALIDATION_ERROR', message: ERROR_MESSAGES.VALIDATION_ERROR, errors });
    }
    if (err.statusCode === 429) {
      return sendError(request, reply, 429, { error: 'TOO_MANY_REQUESTS', message: ERROR_MESSAGES.TOO_MANY_REQUESTS });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      return sendError(request, reply, err.statusCode, { error: 'VALIDATION_ERROR', message: ERROR_MESSAGES.VALIDATION_ERROR });
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, 500, { error: 'UNHANDLED_ERROR', message: ERROR_MESSAGES.UNHANDLED_ERROR });
  });

  await app.register(async (api) => {
    api.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) {
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: r.url, operationId: r.config?.endpoint?.operationId });
      }
      if (r.config?.endpoint) endpointsById.set(r.config.endpoint.operationId, r.config.endpoint);
    });
    // API answers above 1 KB (lists, reports, the docs) compressed; the hot reads are smaller and go
    // out as they are. Brotli at a low quality: on the fly, speed matters more than the last bytes.
    // Cached answers (http/json-body.ts) carry their compressed forms, made once, by the same rules.
    await api.register(compress, {
      threshold: API_COMPRESS_THRESHOLD_BYTES,
      encodings: [...API_COMPRESS_ENCODINGS],
      brotliOptions: API_BROTLI_OPTIONS,
    });
    api.addHook('onRequest', (_request, reply, done) => {
      reply.headers(API_SECURITY_HEADERS);
      done();
    });
    registerAuthHook(api);
    await api.register(csrfPlugin);
    // Maintenance, switched at run time by the console for every server (http/maintenance.ts) or forced by MAINTENANCE.
    // Callback style with a synchronous answer from the cache: the hot path awaits no promise for it.
    const refused = (m: { on: boolean; message: string | null }): ApiError | undefined => {
      if (!m.on) return undefined;
      const err = new ApiError('MAINTENANCE');
      if (m.message) err.message = m.message;
      return err;
    };
    api.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith(API_PREFIX) && openDuringMaintenance(request.url.slice(API_PREFIX.length))) return done();
      const cached = maintenance.peek();
      if (cached) return done(refused(cached));
      maintenance.current().then((m) => done(refused(m)), (err: Error) => done(err));
    });
    // Route modules: the one table in route-modules.ts.
    for (const m of ROUTE_MODULES) if (!m.when || m.when(config)) await api.register(m.routes);
    api.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
    api.all('/*', { schema: { hide: true } }, async () => {
      throw new ApiError('NOT_FOUND');
    });
  }, { prefix: API_PREFIX });

  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    // helmet's headers (CSP and the rest) in the web app's own context: they guard documents, and on
    // every JSON response they halved the API's throughput.
    await app.register(async (web) => {
      await web.register(helmet, {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            // the browser asks only this server (prices included: the price job fetches them)
            connectSrc: ["'self'"],
          },
        },
      });
      // wildcard: files are looked up per request, so a rebuilt app is served without a restart.
      // preCompressed: the build writes .br and .gz beside each asset (apps/web/build/precompress.ts);
      // a browser that accepts them gets those bytes, no compression per request.
      await web.register(fastifyStatic, { root: path.resolve(webDist), wildcard: true, index: ['index.html'], preCompressed: true,
        // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
        setHeaders: (reply, file) => reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
      });
      // History mode: a GET of a page path that is not a file gets the SPA's index.html; a missing
      // file (a path with an extension, e.g. an old hashed asset) is a plain 404.
      web.setNotFoundHandler((request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        if (request.method === 'GET' && !pathname.startsWith(API_PREFIX) && !/\.[a-z0-9]+$/i.test(pathname)) {
          return reply.type('text/html; charset=utf-8').sendFile('index.html');
        }
        return reply.status(404).send({ error: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
      });
    });
  }
  return app;
}

export { API_COMPRESS_THRESHOLD_BYTES };

/**
 * Headers on every `/api` response: JSON is never sniffed as another type, never cached (it is
 * per-user), never framed or embedded by another origin.
 */
const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const;

