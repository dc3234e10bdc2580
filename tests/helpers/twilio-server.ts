/**
 * A loopback stand-in for Twilio's Messages API (decision 038), as its REST reference states it: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded (To, From, Body, StatusCallback), HTTP Basic auth with
 * the Account SID and auth token; 201 with the Message resource; errors as Twilio's error JSON ({ code, message,
 * more_info, status }), e.g. 21610 for a recipient who replied STOP. It also signs webhooks as Twilio does
 * (X-Twilio-Signature by the library's getExpectedTwilioSignature), so tests post replies and status callbacks.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';

export const TEST_ACCOUNT_SID = `AC${'1234567890abcdef'.repeat(2)}`;
export const TEST_AUTH_TOKEN = 'abcdef0123456789ABCDEF0123456789';

export interface SentMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

export interface TwilioServer {
  url: string;
  /** Messages the API accepted, oldest first. */
  sent: SentMessage[];
  /** Requests that reached the API, accepted or not. */
  attempts: number;
  /** 'down': every request answers 503 like an outage. */
  mode: 'up' | 'down';
  /** Numbers Twilio holds as unsubscribed (they replied STOP to the sender): 21610. */
  unsubscribed: Set<string>;
  close(): Promise<void>;
}

function twilioError(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

export async function startTwilio(accountSid = TEST_ACCOUNT_SID, authToken = TEST_AUTH_TOKEN): Promise<TwilioServer> {
  const state = {
    sent: [] as SentMessage[],
    attempts: 0,
    mode: 'up' as 'up' | 'down',
    unsubscribed: new Set<string>(),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.attempts++;
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (req.method !== 'POST' || req.url !== path)
        return twilioError(res, 404, 20404, 'The requested resource was not found');
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return twilioError(res, 401, 20003, 'Authenticate');
      if (state.mode === 'down') return twilioError(res, 503, 20503, 'Service unavailable');
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
      if (state.unsubscribed.has(to)) return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const message = { sid, to, from, body, statusCallback: form.get('StatusCallback') };
      state.sent.push(message);
      const now = new Date().toUTCString();
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          account_sid: accountSid,
          api_version: '2010-04-01',
          body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from,
          messaging_service_sid: null,
          num_media: '0',
          num_segments: '1',
          price: null,
          price_unit: 'USD',
          sid,
          status: 'queued',
          subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
          to,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const answer: TwilioServer = Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return answer;
}

/**
 * Posts a webhook to the app as Twilio does: form-encoded, signed over the public URL (with its query) and the
 * fields. `signWith` another token to forge one.
 */
export function postWebhook(
  app: FastifyInstance,
  pathAndQuery: string,
  params: Record<string, string>,
  options: { publicUrl: string; signWith?: string; signature?: string | null } = { publicUrl: '' },
) {
  const token = options.signWith ?? TEST_AUTH_TOKEN;
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(token, options.publicUrl + pathAndQuery, params)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: pathAndQuery,
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
  });
}
