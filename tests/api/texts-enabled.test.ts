/**
 * Whether the booking form offers 'Text me a reminder and updates' (decision 038): the site settings say
 * `textsEnabled` once an Account SID, an auth token and a sender are known (her Settings or the environment), read at
 * each request so her saving Settings shows on the next page with no restart; while texts are off a booking that still
 * ticks the box is accepted and stored as not opted in.
 */
import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import type { InitialData, SiteConfig } from '../../src/shared/site';
import { createTestApp, useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from '../helpers/twilio-server';

const client = {
  'index.html': '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
};
const t = useTestApp({ client, signedIn: true });

function inlineSite(html: string): SiteConfig {
  const match = new RegExp(`<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  expect(match, 'inline data block').not.toBeNull();
  return (JSON.parse(match![1]!) as InitialData).site;
}

/** What the API and the booking page's inline data say, both. */
async function textsEnabled(): Promise<[boolean, boolean]> {
  const api = (await t.get('/api/site')).json<SiteConfig>().textsEnabled;
  const page = inlineSite((await t.get('/booking')).body).textsEnabled;
  return [api, page];
}

const optedIn = async (id: number) =>
  (await t.sql<{ sms_opt_in: boolean }>('SELECT sms_opt_in FROM bookings WHERE id = $1', [id]))[0]!.sms_opt_in;

let day = 0;
const tickedBooking = async () => {
  const res = await book(t, bookingRequest({ date: openDay(day++), smsOptIn: true, phone: '021 123 4567' }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

describe('textsEnabled', () => {
  it('follows her SMS settings at once: on when all three are saved, off when one is cleared', async () => {
    expect(await textsEnabled()).toEqual([false, false]);

    // Two of three is not enough.
    let res = await t.admin.patch('/api/admin/settings/sms', { accountSid: TEST_ACCOUNT_SID, sender: 'KapitiMassg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await textsEnabled()).toEqual([false, false]);

    res = await t.admin.patch('/api/admin/settings/sms', { authToken: TEST_AUTH_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(await textsEnabled()).toEqual([true, true]);
    // The page says whether, never what.
    expect((await t.get('/booking')).body).not.toContain(TEST_AUTH_TOKEN);

    res = await t.admin.patch('/api/admin/settings/sms', { authToken: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await textsEnabled()).toEqual([false, false]);
  });

  it('a tick while texts are off is accepted and stored as no; once they are on it is kept', async () => {
    await t.sql('DELETE FROM sms_settings');
    const whileOff = await tickedBooking();
    expect(await optedIn(whileOff)).toBe(false);
    // Nothing waits to be texted to it when she turns texts on.
    expect(await t.sql('SELECT id FROM sms_outbox WHERE booking_id = $1', [whileOff])).toEqual([]);

    const res = await t.admin.patch('/api/admin/settings/sms', {
      accountSid: TEST_ACCOUNT_SID,
      authToken: TEST_AUTH_TOKEN,
      sender: '+64211112222',
    });
    expect(res.statusCode, res.body).toBe(200);
    const whileOn = await tickedBooking();
    expect(await optedIn(whileOn)).toBe(true);
    await t.sql('DELETE FROM sms_settings');
  });

  it("is on from the environment's TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM", async () => {
    const configured = await createTestApp({
      client,
      env: { TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID, TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN, SMS_FROM: 'KapitiMassg' },
    });
    try {
      const site = (await configured.app.inject({ method: 'GET', url: '/api/site' })).json<SiteConfig>();
      expect(site.textsEnabled).toBe(true);
      const page = await configured.app.inject({ method: 'GET', url: '/booking' });
      expect(inlineSite(page.body).textsEnabled).toBe(true);
    } finally {
      await configured.close();
    }
  });
});
