/**
 * Texts (docs/decisions/038-text-messages.md): Twilio's webhook (replies such as STOP, and delivery
 * reports), public but signed; and her SMS settings, admin only.
 */
import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { smsSettingsPatchSchema, smsSettingsSchema, type SmsSettings } from '@shared/schemas/sms';
import { nzMonthOf, nzMonthStart, SMS_MESSAGES } from '@shared/sms';
import { apiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { actorOf } from '../clients/routes';
import { countSentSince } from './outbox';
import { readSmsState, saveSmsSettings } from './settings-store';
import { applyWebhook } from './webhook-service';

export const SMS_WEBHOOK_PATH = '/api/webhooks/sms';

const publicOrigin = (app: FastifyInstance) => app.config.publicUrl.replace(/\/+$/, '');

export async function smsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(smsWebhookRoutes);

  const answer = async (): Promise<SmsSettings> => {
    const state = await readSmsState(app.db, app.secretBox, app.config);
    return {
      configured: state.account !== null,
      accountSid: state.accountSid,
      accountSidSource: state.sources.accountSid,
      authTokenSet: state.authToken !== null,
      authTokenSource: state.sources.authToken,
      sender: state.sender,
      senderSource: state.sources.sender,
      reminderTime: state.reminderTime,
      monthlyCap: state.monthlyCap,
      sentThisMonth: await countSentSince(app.db, nzMonthStart(nzMonthOf(new Date()))),
      webhookUrl: publicOrigin(app) + SMS_WEBHOOK_PATH,
    };
  };

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/settings/sms',
    access: 'admin',
    summary: 'Her text message settings: Twilio account, sender, reminder time, monthly limit (never the auth token)',
    response: { 200: smsSettingsSchema },
    handler: answer,
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/settings/sms',
    access: 'admin',
    summary: 'Save any of her text message settings; the auth token is sealed and never answered back',
    description:
      "Any subset; `null` or an empty string clears a field (the environment's TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN / SMS_FROM stands again). `reminderTime` from 08:00 to 20:00 NZ time; `monthlyCap` null for no limit.",
    body: smsSettingsPatchSchema,
    response: { 200: smsSettingsSchema },
    errors: ['VALIDATION_FAILED'],
    async handler({ body }, request) {
      await saveSmsSettings(app.db, app.secretBox, body);
      // Which fields, never their values (a token is not a log line).
      request.log.info(
        { event: 'sms_settings_saved', actor: actorOf(request), fields: Object.keys(body) },
        'SMS settings saved',
      );
      return answer();
    },
  });
}

/**
 * Twilio posts forms (application/x-www-form-urlencoded): read in this scope only, so every other route still refuses
 * anything but JSON with a 415.
 */
async function smsWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  defineRoute(app, {
    method: 'POST',
    url: SMS_WEBHOOK_PATH,
    access: 'signed',
    summary: "Twilio's webhook: a reply (STOP stops every text) or a delivery report",
    description:
      "Form-encoded as Twilio sends it, signed with `X-Twilio-Signature` (HMAC-SHA1 of the public URL and the fields with her auth token, checked with the twilio library's validateRequest). A bad or missing signature is a 403 and changes nothing. STOP (or Twilio's other opt-out words) cancels every text waiting for the number and no text goes to it again; START allows them again. A status callback records the provider's delivery status on the text.",
    body: z.record(z.string(), z.string()).optional(),
    response: { 204: z.void() },
    errors: ['SMS_SIGNATURE_INVALID'],
    async handler({ body }, request) {
      const params = body ?? {};
      const state = await readSmsState(app.db, app.secretBox, app.config);
      const signature = request.headers['x-twilio-signature'];
      const url = publicOrigin(app) + request.url;
      const valid =
        state.authToken !== null &&
        typeof signature === 'string' &&
        twilio.validateRequest(state.authToken, signature, url, params);
      if (!valid) throw apiError('SMS_SIGNATURE_INVALID', SMS_MESSAGES.signatureInvalid);
      const outcome = await applyWebhook(app.db, params, request.query as Record<string, unknown>);
      // Never the number: what happened only.
      request.log.info({ event: 'sms_webhook', ...outcome }, 'SMS webhook');
    },
  });
}
