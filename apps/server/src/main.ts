/** Starts the Kingdom server: one process serving the web app and `/api` on `PORT`. */
import { loadConfig } from './config.ts';
import { createKingdom } from './server.ts';

const config = loadConfig();
const kingdom = await createKingdom(config, { schedule: true });
const shutdown = async (signal: string) => {
  kingdom.app.log.info({ signal }, 'shutting down');
  await kingdom.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
await kingdom.app.listen({ port: config.port, host: config.host });
kingdom.app.log.info(
  { db: kingdom.db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, demo: config.demo, web: config.webDist },
  `Kingdom is running on http://localhost:${config.port}`,
);
