/**
 * Starts the Kingdom server: one process serving the web app and `/api` on `PORT`.
 *
 * Graceful shutdown on SIGTERM / SIGINT (docs/architecture.md §6): readiness (`/api/health/ready`) answers 503 at
 * once, the server stops accepting connections, in-flight requests finish (up to
 * `SHUTDOWN_TIMEOUT_MS`, 10 s; then their connections are closed), background jobs stop and release
 * what they hold (`kingdom.close()`), the database closes, and the process exits 0. A second signal,
 * or a shutdown still stuck 5 s after the deadline, exits at once with 1.
 */
import { ConfigurationError, loadConfig } from './config.ts';
import { createKingdom } from './server.ts';
import { CollectionsChangedError } from './world-import/collections.ts';

const startedAt = performance.now();
/**
 * A configuration the server refuses (an invalid or missing variable, a real network without its
 * settings, other collections than recorded): one line, exit 1, no stack trace.
 */
function refuseToStart(err: unknown): never {
  process.stderr.write(`kingdom: not starting: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  refuseToStart(err);
}
const kingdom = await createKingdom(config, { schedule: true }).catch((err: unknown) => {
  if (err instanceof CollectionsChangedError || err instanceof ConfigurationError) refuseToStart(err);
  throw err;
});
const { app } = kingdom;

let shuttingDown = false;
const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
  if (shuttingDown) {
    app.log.warn({ signal }, 'second signal during shutdown: exiting now');
    process.exit(1);
  }
  shuttingDown = true;
  app.lifecycle.draining = true;
  app.log.info({ signal, timeoutMs: config.ops.shutdownTimeoutMs }, 'shutting down: finishing in-flight requests');
  // A keep-alive connection whose request finishes during the shutdown is closed once idle (Node's
  // server.close() closes only the connections idle at the moment it is called).
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    app.log.warn({ timeoutMs: config.ops.shutdownTimeoutMs }, 'in-flight requests did not finish in time: closing their connections');
    app.server.closeAllConnections();
  }, config.ops.shutdownTimeoutMs);
  const lastResort = setTimeout(() => {
    app.log.error('shutdown did not complete: exiting');
    process.exit(1);
  }, config.ops.shutdownTimeoutMs + 5_000);
  lastResort.unref();
  try {
    await kingdom.close();
    clearTimeout(deadline);
    clearInterval(reaper);
    app.log.info('shut down');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', (s) => void shutdown(s));
process.on('SIGTERM', (s) => void shutdown(s));

await app.listen({ port: config.port, host: config.host, backlog: config.ops.listenBacklog });
app.log.info(
  {
    db: kingdom.db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, demo: config.demo, web: config.webDist,
    backlog: config.ops.listenBacklog, startupMs: Math.round(performance.now() - startedAt),
  },
  `Kingdom is running on http://localhost:${config.port}`,
);
