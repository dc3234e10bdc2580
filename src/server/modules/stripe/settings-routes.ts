/**
 * Her Stripe keys in Settings (decision 037): GET and PATCH /api/admin/settings/payments, admin only.
 * A key is written, never read back: the answer says whether each is set, where from
 * (her Settings or the server's environment) and its last 4 characters.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cardPaymentSettingsPatchSchema, cardPaymentSettingsSchema } from '@shared/schemas/card-payments';
import { unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { applyKeys, readSavedKeys, saveKeys, settingsView } from './keys';

/** Who is signed in (the access list let only her through). */
function actorOf(request: FastifyRequest): string {
  const username = request.user?.username;
  if (!username) throw unauthorized();
  return username;
}

export async function stripeSettingsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/settings/payments',
    access: 'admin',
    summary: 'Card payments: whether her Stripe keys are set (never the keys)',
    response: { 200: cardPaymentSettingsSchema },
    handler: async () => settingsView(app.config, await readSavedKeys(app.db, app.secretBox)),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/settings/payments',
    access: 'admin',
    summary: 'Save or remove her Stripe keys (sealed at rest); applied at once in every server process',
    description:
      '`stripeSecretKey` (sk_test_…, sk_live_… or a restricted rk_… key) and `stripeWebhookSecret` (whsec_…): a key given is saved sealed with the server’s secret key, `null` removes her saved one (the environment’s, if any, applies again), a key left out stays. The answer never holds a key.',
    body: cardPaymentSettingsPatchSchema,
    response: { 200: cardPaymentSettingsSchema },
    errors: ['VALIDATION_FAILED'],
    async handler({ body }, request) {
      const actor = actorOf(request);
      await saveKeys(app.db, app.secretBox, body, actor);
      const saved = await readSavedKeys(app.db, app.secretBox);
      applyKeys(app.config.stripe, saved);
      // Which keys changed, never their values.
      request.log.info({ event: 'stripe_keys_saved', actor, fields: Object.keys(body) }, 'stripe keys saved');
      return settingsView(app.config, saved);
    },
  });
}
