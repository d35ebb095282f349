/**
 * The baseline of the API bench: a bare Fastify 5 server (no logger, no plugins) with one route,
 * `GET /bare` → `{ok: true}`, on 127.0.0.1:$PORT. Prints `ready` when listening.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set');
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port });
process.stdout.write('ready\n');
const close = (): void => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
