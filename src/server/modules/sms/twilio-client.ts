/**
 * Twilio's official library, pointed at SMS_API_BASE when set (tests: a loopback server speaking Twilio's Messages
 * API). The library's documented way to change its requests is a custom httpClient (twilio-node's "Custom HTTP
 * Clients" guide): a RequestClient whose request() rewrites https://api.twilio.com to the other base.
 */
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { SmsAccount } from './settings-store';

const TWILIO_API = 'https://api.twilio.com';
/** One send stays well inside the claim lease (10 minutes for a batch of 10). */
const TIMEOUT_MS = 15_000;

class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: TIMEOUT_MS });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? this.base.replace(/\/+$/, '') + opts.uri.slice(TWILIO_API.length)
      : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

export type TwilioClient = ReturnType<typeof twilio>;

export function twilioClient(account: SmsAccount, apiBase: string | null): TwilioClient {
  const httpClient = apiBase ? new BaseUrlRequestClient(apiBase) : new twilio.RequestClient({ timeout: TIMEOUT_MS });
  return twilio(account.accountSid, account.authToken, { httpClient, autoRetry: false });
}

/** Twilio's error for a recipient who replied STOP: the number is unsubscribed from this sender. */
export const TWILIO_UNSUBSCRIBED = 21610;

/** The provider's error code and words, for last_error (never the number it was sent to). */
export function describeTwilioError(err: unknown): { text: string; code: number | null; status: number | null } {
  const e = err as { code?: unknown; status?: unknown; message?: unknown };
  const code = typeof e?.code === 'number' ? e.code : null;
  const status = typeof e?.status === 'number' ? e.status : null;
  const message = err instanceof Error ? err.message : String(err);
  const parts = [
    status ? String(status) : null,
    code ? `Twilio ${code}` : typeof e?.code === 'string' ? e.code : null,
    message,
  ];
  return { text: parts.filter(Boolean).join(' '), code, status };
}
