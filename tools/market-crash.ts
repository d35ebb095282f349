/**
 * A process that places Market buy orders (`modules/market/service.ts`, `placeOrder`: each one matched
 * in one transaction under the book's lock) and nothing else, for the Market's crash test
 * (`tools/market-crash.test.ts`), which kills it with SIGKILL while it matches.
 *
 *   tsx tools/market-crash.ts --url postgres://… --buyers 11,12,13 --orders 30 --quantity 7 --price 900000 --concurrency 3
 *
 * Prints `ready` once the database is open, then `placed <order id> <trades>` per order it placed
 * (orders go round the buyers, `concurrency` at once), then `done`.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { placeOrder } from '../apps/server/src/modules/market/service.ts';

const { values } = parseArgs({ options: {
  url: { type: 'string' }, buyers: { type: 'string' }, orders: { type: 'string' }, quantity: { type: 'string' }, price: { type: 'string' }, concurrency: { type: 'string' },
} });
const buyers = values.buyers!.split(',').map(Number);
const orders = Number(values.orders);
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '', poolSize: Number(values.concurrency) + 1 });
try {
  console.log('ready');
  let next = 0;
  const worker = async () => {
    while (next < orders) {
      const i = next++;
      const r = await placeOrder(db, buyers[i % buyers.length]!, randomUUID(),
        { good: 'food', token: 'hexo', side: 'buy', quantity: Number(values.quantity), price: values.price! }, new Date());
      console.log(`placed ${r.order.id} ${r.trades.length}`);
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  console.log('done');
} finally {
  await db.close();
}
