/** Web Push endpoints (docs/product.md §10, "Push notifications"): the VAPID key, a device's subscribe, settings, unsubscribe. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { fail } from '../../errors.ts';
import { checkPushEndpoint } from './endpoint-check.ts';
import { vapidKeys, type VapidKeys } from './vapid.ts';
import { removeSubscription, subscriptionOf, updateSubscription, upsertSubscription } from './repository.ts';

/** Registers the push endpoints. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => (keys ??= vapidKeys(db.orm, { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject: config.push.vapidSubject })
    .catch((err: unknown) => { keys = null; throw err; }));
  const policy = { allowLocalTest: config.push.allowLocalTestEndpoints };
  route(app, ENDPOINTS.pushKey, async () => ({ public_key: (await vapid()).publicKey }));
  route(app, ENDPOINTS.pushSubscribe, async (input) => {
    const { endpoint, keys: k, ...settings } = input.body;
    if (settings.quiet_start === null !== (settings.quiet_end === null)) fail('VALIDATION_ERROR', { quiet_end: ['give both quiet hours or neither'] });
    await checkPushEndpoint(endpoint, policy);
    return { subscription: await upsertSubscription(db.orm, sessionOf(input).userId, endpoint, k, { ...settings, topics: [...new Set(settings.topics)] }, new Date()) };
  });
  route(app, ENDPOINTS.pushSubscription, async (input) => ({ subscription: await subscriptionOf(db.orm, sessionOf(input).userId, input.query.endpoint) }));
  route(app, ENDPOINTS.pushUpdate, async (input) => {
    const { endpoint, ...settings } = input.body;
    if ((settings.quiet_start === undefined) !== (settings.quiet_end === undefined) || (settings.quiet_start === null) !== (settings.quiet_end === null)) {
      fail('VALIDATION_ERROR', { quiet_end: ['give both quiet hours or neither'] });
    }
    const sub = await updateSubscription(db.orm, sessionOf(input).userId, endpoint, { ...settings, ...(settings.topics ? { topics: [...new Set(settings.topics)] } : {}) }, new Date());
    if (!sub) fail('NOT_FOUND');
    return { subscription: sub };
  });
  route(app, ENDPOINTS.pushUnsubscribe, async (input) => ({ removed: await removeSubscription(db.orm, sessionOf(input).userId, input.body.endpoint) }));
}
