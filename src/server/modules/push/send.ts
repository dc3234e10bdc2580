/**
 * One push to one subscription: web-push builds the request (aes128gcm payload encryption, RFC 8291, and the VAPID
 * JWT, RFC 8292); it is sent through the guarded fetch of src/server/net, so an endpoint can only be a public https
 * host (the server never posts to itself or the home network for whoever subscribed), connected to by the address
 * that was checked. PUSH_ALLOW_LOOPBACK lets the tests' push service on http://127.0.0.1 through.
 */
import webpush from 'web-push';
import { bareHostname, nonPublicReason } from '../../net/address-guard';
import { guardedFetch, OutboundFailed, OutboundRefused } from '../../net/guarded-fetch';
import type { VapidKeys } from './vapid';

/** A push older than a day is no news: the push service drops it rather than wake her with it. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendOutcome =
  | { result: 'sent' }
  /** 404/410: the browser unsubscribed or the subscription expired. */
  | { result: 'gone'; status: number }
  /** 5xx, 408, 429, the network: try again later. */
  | { result: 'retry'; error: string }
  /** Refused for good (a bad endpoint, a 4xx the push service will repeat). */
  | { result: 'rejected'; error: string };

const isLoopback = (address: string) => nonPublicReason(address) === 'this machine (loopback)';

/** Why an endpoint cannot be used, or null. IP literals are judged here; names when their address is resolved. */
export function endpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL';
  }
  const host = bareHostname(url);
  const loopbackAllowed = allowLoopback && (host === 'localhost' || isLoopback(host));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed)) {
    return 'The push endpoint must be an https address';
  }
  if (loopbackAllowed) return null;
  if (host === 'localhost') return 'The push endpoint must be a public host, not this machine';
  const reason = /^[\d.]+$|:/.test(host) ? nonPublicReason(host) : null;
  return reason ? `The push endpoint must be a public host, not ${reason}` : null;
}

export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys & { subject: string },
  allowLoopback: boolean,
): Promise<SendOutcome> {
  const problem = endpointProblem(target.endpoint, allowLoopback);
  if (problem) return { result: 'rejected', error: problem };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    },
  );
  let response: Response;
  try {
    response = await guardedFetch(
      details.endpoint,
      {
        method: details.method,
        headers: details.headers,
        body: details.body,
        redirect: 'error',
      },
      {
        allowPrivate: false,
        timeoutMs: SEND_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        refuseAddress: (address) => (allowLoopback && isLoopback(address) ? null : nonPublicReason(address)),
      },
    );
  } catch (err) {
    if (err instanceof OutboundRefused) return { result: 'rejected', error: err.message };
    if (err instanceof OutboundFailed) return { result: 'retry', error: err.message };
    return { result: 'retry', error: err instanceof Error ? err.message : String(err) };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { result: 'sent' };
  if (status === 404 || status === 410) return { result: 'gone', status };
  const text = (await response.text().catch(() => '')).slice(0, 200);
  const error = `push service answered ${status}${text ? `: ${text}` : ''}`;
  if (status >= 500 || status === 408 || status === 429) return { result: 'retry', error };
  return { result: 'rejected', error };
}
