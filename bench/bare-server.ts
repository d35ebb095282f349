/**
 * The baselines of the API bench: a bare Fastify 5 server (no logger, no plugins) on
 * 127.0.0.1:$PORT with `GET /bare` → `{ok: true}` and, when `DATABASE_URL` is set, the database
 * floor `GET /db` → one prepared primary-key `SELECT` through the same driver and pool size as the
 * Kingdom server (`pg`, 20 connections). Prints `ready` when listening.
 */
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set');
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 }) : null;
if (pool) {
  pool.on('error', () => undefined);
  app.get('/db', async () => {
    const r = await pool.query({ name: 'floor', text: 'SELECT id, name FROM users WHERE id = $1', values: [1] });
    return { user: r.rows[0] ?? null };
  });
}
await app.listen({ host: '127.0.0.1', port });
process.stdout.write('ready\n');
const close = (): void => {
  Promise.all([app.close(), pool?.end()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
