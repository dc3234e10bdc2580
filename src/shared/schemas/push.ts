/**
 * Web Push to her phone (docs/decisions/024-web-push.md): what the browser hands over when it subscribes,
 * her per-kind switches, and what GET /api/admin/push answers.
 */
import { z } from 'zod';

/** base64url without padding, as PushSubscription.toJSON() writes its keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

export const PUSH_ENDPOINT_MAX = 2000;
export const PUSH_LABEL_MAX = 80;

/** PushSubscription.toJSON(), plus a label she can recognise the phone by ('Chrome on Android'). */
export const pushSubscribeSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be an http(s) URL' }).max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, 87 characters of base64url.
    p256dh: base64url.min(80).max(100),
    // 16 bytes: 22 characters of base64url.
    auth: base64url.min(16).max(30),
  }),
  label: z.string().trim().max(PUSH_LABEL_MAX).optional(),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });

/** Her switches, one per kind she may silence ('test' always goes). */
export const pushPreferencesSchema = z
  .object({
    newRequest: z.boolean(),
    clientCancellation: z.boolean(),
    waitlistAcceptance: z.boolean(),
    checkIn: z.boolean(),
  })
  .strict();
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const pushSubscriptionViewSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  createdAt: z.string(),
  endpoint: z.string(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionViewSchema>;

export const pushSettingsSchema = z.object({
  /** The VAPID public key (base64url), the applicationServerKey for pushManager.subscribe. */
  publicKey: z.string(),
  subscriptions: z.array(pushSubscriptionViewSchema),
  preferences: pushPreferencesSchema,
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const pushTestQueuedSchema = z.object({ message: z.string(), queued: z.number().int() });

/** What a push carries, JSON-encoded and encrypted for the phone; the service worker shows it. */
export const pushPayloadSchema = z.object({
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
