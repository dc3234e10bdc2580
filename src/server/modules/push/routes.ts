/**
 * Web Push settings (docs/api.md "Push"): her phones' subscriptions, her switches per kind, and a test
 * push. All /api/admin: 401 without a session (http/route-access.ts).
 */
import type { FastifyInstance } from 'fastify';
import { messageAnswerSchema } from '@shared/schemas/message';
import {
  pushPreferencesSchema,
  pushSettingsSchema,
  pushSubscribeSchema,
  pushSubscriptionViewSchema,
  pushTestQueuedSchema,
  pushUnsubscribeSchema,
} from '@shared/schemas/push';
import { invalidField } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { enqueuePush } from './outbox';
import { testPush } from './payload';
import { createPushRepository } from './repository';
import { endpointProblem } from './send';
import { vapidKeysOnce } from './vapid';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const vapidKeys = vapidKeysOnce(app.db, app.secretBox);

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/push',
    access: 'admin',
    summary: 'Push notification settings',
    description:
      'The VAPID public key (the `applicationServerKey` a browser subscribes with), her subscribed phones and her switches per kind. The key pair is made on first need and kept; the private key never leaves the server.',
    response: { 200: pushSettingsSchema },
    async handler() {
      const repo = createPushRepository(app.db);
      const { publicKey } = await vapidKeys();
      return { publicKey, subscriptions: await repo.subscriptions(), preferences: await repo.preferences() };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/push/subscriptions',
    access: 'admin',
    summary: 'Subscribe this browser to push notifications',
    description:
      "`PushSubscription.toJSON()` and an optional label ('Chrome on Android'). Subscribing again from the same browser (same endpoint) updates its keys. The endpoint must be an https address of a public host.",
    body: pushSubscribeSchema,
    response: { 201: pushSubscriptionViewSchema },
    async handler({ body }, request, reply) {
      const problem = endpointProblem(body.endpoint, app.config.push.allowLoopback);
      if (problem) throw invalidField('endpoint', problem);
      const saved = await createPushRepository(app.db).upsert(body);
      request.log.info({ event: 'push_subscribed', subscriptionId: saved.id }, 'push subscription saved');
      reply.code(201);
      return saved;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/push/unsubscribe',
    access: 'admin',
    summary: 'Turn push notifications off for one browser',
    description:
      'Removes the subscription with this endpoint, and its queued pushes. Removing one already gone answers the same.',
    body: pushUnsubscribeSchema,
    response: { 200: messageAnswerSchema },
    async handler({ body }) {
      const removed = await createPushRepository(app.db).removeByEndpoint(body.endpoint);
      return { message: removed ? 'Notifications turned off on this device' : 'This device was not subscribed' };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/admin/push/preferences',
    access: 'admin',
    summary: 'Choose which pushes she gets',
    description:
      'One switch per kind: a new pending request, a cancellation by a client, a waitlist acceptance, a check-in alert. A kind turned off is not queued at all.',
    body: pushPreferencesSchema,
    response: { 200: pushPreferencesSchema },
    async handler({ body }) {
      return createPushRepository(app.db).setPreferences(body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/push/test',
    access: 'admin',
    summary: 'Send a test notification to all her subscribed phones',
    description:
      'Queued in the push outbox like any push: `queued` is the number of phones it goes to (0: none subscribed).',
    response: { 202: pushTestQueuedSchema },
    async handler(_input, _request, reply) {
      const queued = await app.db.transaction((tx) => enqueuePush(tx, testPush()));
      reply.code(202);
      return {
        message: queued > 0 ? 'Test notification queued' : 'No phone is subscribed to notifications',
        queued,
      };
    },
  });
}
