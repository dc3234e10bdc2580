/**
 * The Privacy Act's 'Export' (docs/privacy.md): everything held about one client, as JSON and
 * as a readable page; sealed values opened (null when they cannot be), hostile text inert in the page,
 * and each export a line in the client's access log.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { Booking } from '../../src/shared/schemas/booking';
import type { ClientExport } from '../../src/shared/schemas/client-export';
import type { AccessLogEntry } from '../../src/shared/schemas/health';
import { nzInstant } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { expectRejected } from '../helpers/expect-rejected';
import { postWebhook, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from '../helpers/twilio-server';
import { joinRequest, runOffers } from '../helpers/waitlist';
import { ON_WARFARIN_ANSWERS } from '../helpers/health-answers';

const t = useTestApp({ signedIn: true });

let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

let people = 0;
async function bookAs(over: Record<string, unknown> = {}): Promise<Booking> {
  const n = ++people;
  const res = await book(
    t,
    bookingRequest({
      ...nextSlot(),
      email: `export${n}@example.nz`,
      phone: `021 6${String(n).padStart(6, '0')}`,
      ...over,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function clientOf(b: { id: number }): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [b.id]);
  return row!.client_id;
}

/** Moves a visit into the past and confirms it, as no API can. */
async function holdInPast(id: number, date: string): Promise<void> {
  const start = nzInstant(date, '10:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = 'confirmed', date = $2, time = '10:00', starts_at = ($3)::timestamptz,
       ends_at = ($3)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, date, start],
  );
}

const ANSWERS = { ...ON_WARFARIN_ANSWERS, bloodPressure: 'high', allergies: ['nutOils'], pressure: 'firm' };

const HOSTILE = '<script>alert(1)</script>';
const exportUrl = (id: number) => `/api/admin/clients/${id}/export`;
const pageUrl = (id: number) => `/api/admin/clients/${id}/export.html`;
const accessLog = (id: number) => t.admin.getJson<AccessLogEntry[]>(`/api/admin/clients/${id}/access-log`);

let pastDays = 0;

/** One client with a little of everything: two bookings, an alert, a health form, a note with an amendment. */
async function richClient() {
  const first = await bookAs({
    firstName: 'Aroha',
    lastName: HOSTILE,
    notes: `Gate code 1234 ${HOSTILE}`,
    hasInjuries: true,
    injuryDetails: 'Sore left knee',
  });
  const id = await clientOf(first);
  const second = await bookAs({
    email: first.email,
    phone: first.phone,
    firstName: 'Aroha',
    lastName: HOSTILE,
    address: '5 Wainui Road, Raglan',
  });
  // The same person booked again: she links it to her client (docs/decisions/034).
  expect((await linkMatch(t, second)).id).toBe(id);
  expect(await clientOf(second)).toBe(id);

  const alert = await t.admin.post(`/api/admin/clients/${id}/alerts`, { text: `Dog at the gate ${HOSTILE}` });
  expect(alert.statusCode, alert.body).toBe(201);

  const form = await t.post(`/api/bookings/token/${first.cancelToken}/health-form`, {
    answers: ANSWERS,
    consent: { version: HEALTH_CONSENT.version, fullName: 'Aroha Export' },
  });
  expect(form.statusCode, form.body).toBe(201);

  // A day of its own for each client made here (the past visits must not overlap).
  const visitDay = ++pastDays + 4;
  const visitDate = `2024-03-${String(visitDay).padStart(2, '0')}`;
  await holdInPast(first.id, visitDate);
  const note = await t.admin.post(`/api/admin/bookings/${first.id}/notes`, {
    subjective: `Stiff neck ${HOSTILE}`,
    objective: 'Tight upper traps',
    treatment: 'Deep tissue, 60 min',
    plan: 'Stretches',
  });
  expect(note.statusCode, note.body).toBe(201);
  const amended = await t.admin.post(`/api/admin/bookings/${first.id}/notes/amendments`, { text: 'Also the shoulder' });
  expect(amended.statusCode, amended.body).toBe(201);
  return { id, first, second, visitDate, visitDay };
}

describe('GET /api/admin/clients/{id}/export', () => {
  it('holds the contact, every booking, her e-mails, the health form in words, the notes and the access log', async () => {
    const { id, first, second, visitDate } = await richClient();
    // A message to one of her addresses without a booking, and one to someone else.
    await t.sql(
      `INSERT INTO email_outbox (message_id, kind, booking_id, to_address, subject, text_body)
       VALUES ('<a@test>', 'admin_message', NULL, $1, 'A word from your therapist', 'Kia ora'),
              ('<b@test>', 'admin_message', NULL, 'someone.else@example.nz', 'Not hers', 'Nope')`,
      [first.email.toUpperCase()],
    );

    const res = await t.admin.get(exportUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<ClientExport>();

    expect(data.client).toMatchObject({ id, firstName: 'Aroha', lastName: HOSTILE, email: first.email });
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.contacts.map((c) => c.kind).sort()).toEqual(['email', 'phone']);
    expect(data.addresses.map((a) => a.address).sort()).toEqual(['12 Bow Street, Raglan', '5 Wainui Road, Raglan']);
    expect(data.alerts.map((a) => a.text)).toEqual([`Dog at the gate ${HOSTILE}`]);

    expect(data.bookings.map((b) => b.id).sort()).toEqual([first.id, second.id].sort());
    const held = data.bookings.find((b) => b.id === first.id)!;
    expect(held).toMatchObject({
      date: visitDate,
      time: '10:00',
      status: 'confirmed',
      duration: 60,
      price: 8000,
      address: '12 Bow Street, Raglan',
      notes: `Gate code 1234 ${HOSTILE}`,
      hasInjuries: true,
      injuryDetails: 'Sore left knee',
      serviceName: first.serviceName,
    });

    const kinds = data.emails.map((e) => [e.kind, e.bookingId]);
    expect(kinds).toContainEqual(['booking_received', first.id]);
    expect(kinds).toContainEqual(['booking_received', second.id]);
    expect(kinds).toContainEqual(['admin_message', null]);
    expect(data.emails.map((e) => e.subject)).not.toContain('Not hers');
    const received = data.emails.find((e) => e.kind === 'booking_received')!;
    expect(received).toMatchObject({ to: first.email, kindLabel: 'Request received', status: 'pending' });
    expect(received.text).toContain('Aroha');
    // The private links stay out: they are live keys to her bookings.
    expect(received.text).toContain('/booking/confirm/[private link code removed]');
    expect(res.body).not.toContain(first.cancelToken);
    expect(res.body).not.toContain(second.cancelToken);

    expect(data.healthForms).toHaveLength(1);
    const form = data.healthForms[0]!;
    expect(form).toMatchObject({ consentName: 'Aroha Export', consentVersion: HEALTH_CONSENT.version });
    expect(form.answers).toContainEqual({
      id: 'medicationNames',
      question: 'Which medications do you take?',
      answer: 'warfarin 5 mg',
    });
    expect(form.answers).toContainEqual({
      id: 'bloodPressure',
      question: 'How is your blood pressure?',
      answer: 'High (even if medication keeps it under control)',
    });
    expect(form.answers).toContainEqual({
      id: 'allergies',
      question: 'Are you allergic or sensitive to any of these?',
      answer: 'Nut oils (for example almond or macadamia)',
    });
    expect(form.flags).toEqual(expect.arrayContaining(['blood thinners', 'high blood pressure']));

    expect(data.notes).toHaveLength(1);
    expect(data.notes[0]).toMatchObject({
      bookingId: first.id,
      visitDate,
      subjective: `Stiff neck ${HOSTILE}`,
      objective: 'Tight upper traps',
      treatment: 'Deep tissue, 60 min',
      plan: 'Stretches',
      author: 'admin',
    });
    expect(data.notes[0]!.amendments.map((a) => a.text)).toEqual(['Also the shoulder']);

    // The log holds this export itself, newest first.
    expect(data.accessLog[0]).toMatchObject({ action: 'export', detail: 'Exported as JSON', actor: 'admin' });
    expect(data.accessLog.map((l) => l.action)).toEqual(
      expect.arrayContaining(['health-form:write', 'notes:write', 'export']),
    );
    expect(data.unreadable).toBe(0);
  });

  it('holds the texts of her bookings and to her number (issue 41), with what became of each, and her STOP', async () => {
    // Texts set up in her Settings (nothing is sent here: no worker runs).
    const setup = await t.admin.patch('/api/admin/settings/sms', {
      accountSid: TEST_ACCOUNT_SID,
      authToken: TEST_AUTH_TOKEN,
      sender: 'KapitiMassg',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    try {
      const hers = await bookAs({ smsOptIn: true, phone: '021 555 7788' });
      const other = await bookAs({ smsOptIn: true, phone: '021 555 9900' });
      for (const b of [hers, other]) {
        const approve = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
        expect(approve.statusCode, approve.body).toBe(200);
      }
      // She replies STOP: the confirmation waiting for her number is never sent.
      const stop = await postWebhook(
        t.app,
        '/api/webhooks/sms',
        { From: '+64215557788', Body: 'STOP', AccountSid: TEST_ACCOUNT_SID },
        { publicUrl: t.config.publicUrl },
      );
      expect(stop.statusCode, stop.body).toBe(204);
      // A text to her number about no booking of hers (as an older version might have queued) is hers too.
      await t.sql(
        "INSERT INTO sms_outbox (kind, booking_id, to_number, body, status, sent_at) VALUES ('sms_reminder', NULL, '+64215557788', 'An older reminder', 'sent', now())",
      );

      const id = await clientOf(hers);
      const data = await t.admin.getJson<ClientExport>(exportUrl(id));
      expect(data.texts).toEqual([
        expect.objectContaining({
          kind: 'sms_confirmed',
          kindLabel: 'Text: booking confirmed',
          bookingId: hers.id,
          to: '+64215557788',
          body: expect.stringMatching(/is confirmed\. Reply STOP to stop texts\.$/) as string,
          status: 'cancelled',
          lastError: 'Not sent: this number replied STOP',
          sentAt: null,
        }),
        expect.objectContaining({ kind: 'sms_reminder', bookingId: null, body: 'An older reminder', status: 'sent' }),
      ]);
      expect(data.texts.every((x) => x.to === '+64215557788')).toBe(true);
      expect(data.textOptOuts).toEqual([{ phone: '+64215557788', optedOutAt: expect.any(String) as string }]);

      // The other client's export holds only their own text, and no STOP.
      const theirs = await t.admin.getJson<ClientExport>(exportUrl(await clientOf(other)));
      expect(theirs.texts.map((x) => [x.to, x.status])).toEqual([['+64215559900', 'pending']]);
      expect(theirs.textOptOuts).toEqual([]);

      const page = await t.admin.get(pageUrl(id));
      const body = DomUtils.textContent(parseDocument(page.body));
      expect(body).toContain('Text: booking confirmed');
      expect(body).toContain('Not sent: this number replied STOP');
      expect(body).toContain('+64215557788 replied STOP on');
    } finally {
      await t.sql('DELETE FROM sms_settings');
    }
  });

  it('sends a file with ?download=1', async () => {
    const b = await bookAs();
    const id = await clientOf(b);
    const res = await t.admin.get(`${exportUrl(id)}?download=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="client-${id}-export.json"`);
    expect(res.json<ClientExport>().client.id).toBe(id);
  });

  it('reads injury details sealed or plain, and gives null for what cannot be opened', async () => {
    const sealedBooking = await bookAs({ hasInjuries: true, injuryDetails: 'placeholder' });
    const id = await clientOf(sealedBooking);
    const plain = await bookAs({ email: sealedBooking.email, phone: sealedBooking.phone, hasInjuries: true });
    expect((await linkMatch(t, plain)).id).toBe(id);
    await t.sql('UPDATE bookings SET injury_details = $2 WHERE id = $1', [
      sealedBooking.id,
      t.app.secretBox.seal('Sealed sore wrist'),
    ]);
    await t.sql('UPDATE bookings SET injury_details = $2 WHERE id = $1', [plain.id, 'Plain sore ankle']);
    // Sealed with a key this server does not have.
    await t.sql(
      `INSERT INTO client_alerts (client_id, text_encrypted) VALUES ($1, 'v2.000000000000.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA')`,
      [id],
    );

    const data = await t.admin.getJson<ClientExport>(exportUrl(id));
    const details = new Map(data.bookings.map((b) => [b.id, b.injuryDetails]));
    expect(details.get(sealedBooking.id)).toBe('Sealed sore wrist');
    expect(details.get(plain.id)).toBe('Plain sore ankle');
    expect(data.alerts.map((a) => a.text)).toEqual([null]);
    expect(data.unreadable).toBe(1);

    const page = await t.admin.get(pageUrl(id));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('cannot be read');
    expect(page.body).toContain('Sealed sore wrist');
  });

  it('holds her waitlist entries (found by e-mail in any case) with their offers, without their links', async () => {
    const b = await bookAs();
    const id = await clientOf(b);
    const day = openDay(20);
    const joined = await t.post(
      '/api/waitlist',
      joinRequest({ email: b.email.toUpperCase(), dates: [day], firstName: 'Waitlisted', phone: b.phone }),
    );
    expect(joined.statusCode, joined.body).toBe(201);
    const entryToken = joined.json<{ token: string }>().token;
    // Joining offers a time already free on her day (docs/product.md §4 "Waitlist"): the offer and its e-mail.
    await runOffers(t);
    const [offer] = await t.sql<{ token: string }>(
      `SELECT o.token FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id WHERE e.token = $1`,
      [entryToken],
    );
    expect(offer, 'an offer of a free time on her day').toBeDefined();
    // Someone else's entry stays out of her export.
    expect(
      (await t.post('/api/waitlist', joinRequest({ email: 'someone.else@example.nz', dates: [day] }))).statusCode,
    ).toBe(201);

    const data = await t.admin.getJson<ClientExport>(exportUrl(id));
    expect(data.waitlist).toHaveLength(1);
    const [entry] = data.waitlist;
    expect(entry).toMatchObject({ firstName: 'Waitlisted', dates: [day], status: 'active' });
    expect(entry!.offers).toHaveLength(1);
    expect(entry!.offers[0]!.status).toBe('offered');
    expect(data.bookings[0]).toMatchObject({ lateCancellation: false, seriesId: null });
    // The waitlist e-mails are hers too, with the links' codes taken out like the bookings' ones.
    expect(data.emails.map((e) => e.kind)).toEqual(expect.arrayContaining(['waitlist_joined', 'waitlist_offer']));
    const whole = JSON.stringify(data);
    expect(whole).not.toContain(entryToken);
    expect(whole).not.toContain(offer!.token);
    expect(whole).not.toContain('someone.else');

    const page = await t.admin.get(pageUrl(id));
    const doc = parseDocument(page.body);
    const section = DomUtils.findOne((el) => el.attribs.id === 'waitlist', doc.children, true);
    expect(section, 'a Waitlist section').not.toBeNull();
    expect(DomUtils.textContent(section!)).toContain('Waitlisted');
    expect(page.body).not.toContain(entryToken);
  });

  it('logs each export, once per call', async () => {
    const b = await bookAs();
    const id = await clientOf(b);
    await t.admin.getJson(exportUrl(id));
    expect((await t.admin.get(pageUrl(id))).statusCode).toBe(200);
    const log = await accessLog(id);
    expect(log.filter((l) => l.action === 'export').map((l) => l.detail)).toEqual([
      'Exported as a readable page',
      'Exported as JSON',
    ]);
  });

  it('answers 404 CLIENT_NOT_FOUND for an unknown client, and logs nothing', async () => {
    expectRejected(await t.admin.get(exportUrl(999_999)), 404, {
      code: 'CLIENT_NOT_FOUND',
      message: 'Client not found',
    });
    expectRejected(await t.admin.get(pageUrl(999_999)), 404, { code: 'CLIENT_NOT_FOUND', message: 'Client not found' });
    const [row] = await t.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM client_access_log WHERE client_id = 999999',
    );
    expect(row!.n).toBe(0);
  });

  it.each([exportUrl(1), pageUrl(1)])('%s answers 401 without a session', async (url) => {
    expectRejected(await t.get(url), 401, 'Authentication required');
  });
});

describe('GET /api/admin/clients/{id}/export.html', () => {
  it('is a readable page where hostile text stays text, with no script allowed', async () => {
    const { id, first, visitDay } = await richClient();
    const res = await t.admin.get(pageUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(res.headers['content-disposition']).toBeUndefined();

    const doc = parseDocument(res.body);
    const all = DomUtils.findAll(() => true, doc.children);
    expect(all.filter((el) => el.name === 'script' || String(el.type) === 'script')).toEqual([]);
    expect(all.some((el) => Object.keys(el.attribs).some((a) => a.startsWith('on')))).toBe(false);
    const text = (name: string) => DomUtils.findAll((el) => el.name === name, doc.children).map(DomUtils.textContent);

    // Her name heads the page, the hostile part shown as text.
    expect(text('h1')).toEqual([`Aroha ${HOSTILE}`]);
    expect(text('h2')).toEqual([
      'Contact',
      'Addresses used',
      'Alerts',
      'Bookings',
      'E-mails',
      'Texts',
      'Waitlist',
      'Health forms',
      'Treatment notes',
      'Access log',
    ]);
    const body = DomUtils.textContent(doc);
    expect(body).toContain(`Dog at the gate ${HOSTILE}`);
    expect(body).toContain(`Gate code 1234 ${HOSTILE}`);
    expect(body).toContain(`Stiff neck ${HOSTILE}`);
    expect(body).toContain('Also the shoulder');
    expect(body).toContain('Which medications do you take?');
    expect(body).toContain('warfarin 5 mg');
    expect(body).toContain('Aroha Export');
    expect(body).toContain('$80.00');
    // NZ dates and times: the held visit at 10:00 on its day in March 2024.
    expect(body).toContain(`${visitDay} Mar 2024, 10:00 AM`);
    expect(body).toContain('Exported as a readable page');
    expect(res.body).not.toContain(first.cancelToken);
  });
});
