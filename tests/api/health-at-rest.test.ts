// @both-databases: a plain SQL dump of the PostgreSQL database shows no health answer
/**
 * docs/product.md §13, 'At rest': the health answers are stored only sealed (secret-box.ts). The booking form's
 * injury details are sealed when written and opened for her screens and the client's link (one that
 * cannot be opened reads as none); and a plain SQL dump of the PostgreSQL database shows the injury
 * details, the health form, alerts and notes only as ciphertext.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { AdminBooking, AdminBookingSummary, Booking, PendingBooking } from '../../src/shared/schemas/booking';
import { nzInstant } from '../../src/shared/time';
import { createSecretBox, isSealedValue } from '../../src/server/secret-box';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { withDb } from '../helpers/pg-url';
import { backend } from '../helpers/test-database';

const t = useTestApp({ signedIn: true });

/** Each booking of this file gets its own free slot: three a day, on days running forward. */
let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

let people = 0;
function request(over: Record<string, unknown> = {}) {
  const n = ++people;
  return bookingRequest({
    ...nextSlot(),
    email: `at-rest${n}@example.nz`,
    phone: `021 7${String(n).padStart(6, '0')}`,
    ...over,
  });
}

async function bookAs(over: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Booking> {
  const res = await book(t, request(over), headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const storedInjury = async (id: number) =>
  (await t.sql<{ injury_details: string | null }>('SELECT injury_details FROM bookings WHERE id = $1', [id]))[0]!
    .injury_details;

const adminView = async (id: number) =>
  (await t.admin.getJson<AdminBooking[]>('/api/admin/bookings')).find((b) => b.id === id);

describe("the booking form's injury details", () => {
  it('are stored sealed, and her screens and the private link show them as written', async () => {
    const injury = 'Torn rotator cuff, left side, since March';
    const headers = { 'idempotency-key': `at-rest-${randomBytes(6).toString('hex')}` };
    const body = request({ hasInjuries: true, injuryDetails: injury });
    const created = await book(t, body, headers);
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json<Booking>();
    expect(b).toMatchObject({ hasInjuries: true, injuryDetails: injury });

    const stored = await storedInjury(b.id);
    expect(isSealedValue(stored!)).toBe(true);
    expect(stored).not.toContain('rotator');
    expect(t.app.secretBox.open(stored!)).toBe(injury);
    // The answer kept for a retry holds them sealed too, and the retry still shows them.
    const [kept] = await t.sql<{ response: string }>(
      'SELECT response::text AS response FROM idempotency_keys WHERE key = $1',
      [headers['idempotency-key']],
    );
    expect(kept!.response).not.toContain('rotator');
    const retried = await book(t, body, headers);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json<Booking>()).toMatchObject({ id: b.id, injuryDetails: injury });

    expect((await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).injuryDetails).toBe(injury);
    expect((await adminView(b.id))?.injuryDetails).toBe(injury);
    const pending = await t.admin.getJson<PendingBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((p) => p.id === b.id)?.injuryDetails).toBe(injury);
    const range = await t.admin.getJson<AdminBooking[]>(`/api/bookings/range?startDate=${b.date}&endDate=${b.date}`);
    expect(range.find((r) => r.id === b.id)?.injuryDetails).toBe(injury);

    const approved = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Booking>().injuryDetails).toBe(injury);
    const summary = await t.admin.getJson<AdminBookingSummary>('/api/admin/bookings/summary');
    const next = summary.next.find((n) => n.id === b.id);
    if (next) expect(next.injuryDetails).toBe(injury);
    // Still sealed once changed, and never in an e-mail.
    expect(await storedInjury(b.id)).toBe(stored);
    const mail = await t.sql<{ body: string }>(
      `SELECT text_body || coalesce(html_body, '') AS body FROM email_outbox WHERE booking_id = $1`,
      [b.id],
    );
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) expect(m.body).not.toContain('rotator');
  });

  it('read as none, not an error, when sealed with a key this server does not have', async () => {
    const b = await bookAs({ hasInjuries: true, injuryDetails: 'Whiplash' });
    const lost = createSecretBox(randomBytes(32)).seal('Whiplash');
    await t.sql('UPDATE bookings SET injury_details = $2 WHERE id = $1', [b.id, lost]);
    expect(await adminView(b.id)).toMatchObject({ hasInjuries: true, injuryDetails: null });
    expect(await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).toMatchObject({
      hasInjuries: true,
      injuryDetails: null,
    });
  });

  it('stay none without injuries', async () => {
    const b = await bookAs({ hasInjuries: false, injuryDetails: 'ignored' });
    expect(await storedInjury(b.id)).toBeNull();
    expect((await adminView(b.id))?.injuryDetails).toBeNull();
  });
});

/** The free text typed into each sealed place: none may appear in a dump. */
const TYPED = {
  injury: 'Sciatica down the right leg after kayaking',
  medication: 'warfarin 5 mg nightly',
  surgery: 'Keyhole knee arthroscopy at Waikato Hospital',
  areasToAvoid: 'Varicose veins behind both knees',
  gp: 'Dr Hinewai Kereama',
  emergencyContact: 'Tamati Rangiwhetu',
  consentName: 'Aroha Kowhaiwhai Smith',
  alert: 'Anaphylaxis to tea tree oil, EpiPen in the blue bag',
  subjective: 'Numbness along the ulnar nerve at night',
  objective: 'Trigger point in infraspinatus, very tender',
  treatment: 'Myofascial release of the posterior chain',
  plan: 'Refer to the physiotherapist at Manu Bay',
  amendment: 'Client phoned: the tingling settled after two days',
};

/** The rows of one table's COPY block in a plain dump. */
function copyBlock(dump: string, table: string): string {
  const start = dump.indexOf(`COPY public.${table} (`);
  expect(start, `no COPY block for ${table}`).toBeGreaterThanOrEqual(0);
  const end = dump.indexOf('\n\\.\n', start);
  return dump.slice(dump.indexOf('\n', start) + 1, end);
}

describe.runIf(backend === 'postgres')('a plain SQL dump of the PostgreSQL database', () => {
  it('shows the health answers, alerts and notes only as ciphertext', async () => {
    const b = await bookAs(
      { firstName: 'Aroha', lastName: 'Smith', hasInjuries: true, injuryDetails: TYPED.injury },
      { 'idempotency-key': `dump-${randomBytes(6).toString('hex')}` },
    );

    // The health form: 30 weeks pregnant, on warfarin, recent surgery; free text in every sealed answer.
    const answers = {
      recentSurgery: true,
      recentSurgeryDetails: TYPED.surgery,
      recentInjury: false,
      bloodClots: false,
      heartCondition: false,
      bloodPressure: 'normal',
      diabetes: false,
      epilepsy: false,
      cancerTreatment: false,
      skinCondition: false,
      infectiousIllness: false,
      pregnant: true,
      pregnancyWeeks: 30,
      takingMedication: true,
      medicationNames: TYPED.medication,
      bloodThinners: true,
      allergies: ['none'],
      areasToAvoid: TYPED.areasToAvoid,
      pressure: 'light',
      gpName: TYPED.gp,
      emergencyContactName: TYPED.emergencyContact,
      emergencyContactPhone: '021 555 0199',
    };
    const form = await t.post(`/api/bookings/token/${b.cancelToken}/health-form`, {
      answers,
      consent: { version: HEALTH_CONSENT.version, fullName: TYPED.consentName },
    });
    expect(form.statusCode, form.body).toBe(201);

    const [{ client_id: clientId } = { client_id: 0 }] = await t.sql<{ client_id: number }>(
      'SELECT client_id FROM bookings WHERE id = $1',
      [b.id],
    );
    const alert = await t.admin.post(`/api/admin/clients/${clientId}/alerts`, { text: TYPED.alert });
    expect(alert.statusCode, alert.body).toBe(201);

    // Notes are written after the visit's start: the visit is moved into the past, as no API can.
    const start = nzInstant('2024-03-05', '10:00').toISOString();
    await t.sql(
      `UPDATE bookings SET status = 'confirmed', expires_at = NULL, date = '2024-03-05', starts_at = ($2)::timestamptz,
         ends_at = ($2)::timestamptz + duration * interval '1 minute',
         buffer_ends_at = ($2)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
      [b.id, start],
    );
    const notesUrl = `/api/admin/bookings/${b.id}/notes`;
    const note = await t.admin.post(notesUrl, {
      subjective: TYPED.subjective,
      objective: TYPED.objective,
      treatment: TYPED.treatment,
      plan: TYPED.plan,
    });
    expect(note.statusCode, note.body).toBe(201);
    await t.sql(`UPDATE visit_notes SET created_at = now() - interval '25 hours' WHERE booking_id = $1`, [b.id]);
    const amended = await t.admin.post(`${notesUrl}/amendments`, { text: TYPED.amendment });
    expect(amended.statusCode, amended.body).toBe(201);

    // What she reads is what was typed: the test below is not passing on empty tables.
    expect((await adminView(b.id))?.injuryDetails).toBe(TYPED.injury);
    expect((await t.admin.getJson<{ parts: { plan: string } }>(notesUrl)).parts.plan).toBe(TYPED.plan);

    const [{ db } = { db: '' }] = await t.sql<{ db: string }>('SELECT current_database() AS db');
    const { stdout: dump } = await promisify(execFile)(
      '/usr/bin/pg_dump',
      ['--format=plain', '--no-owner', `--dbname=${withDb(inject('postgresUrl'), db)}`],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(copyBlock(dump, 'bookings')).toContain(b.cancelToken);

    for (const [what, text] of Object.entries(TYPED)) expect(dump, `${what} in the dump`).not.toContain(text);
    expect(dump.toLowerCase()).not.toContain('warfarin');

    const sealed = new RegExp(`v2\\.${t.app.secretBox.keyId}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.`);
    for (const table of [
      'bookings',
      'idempotency_keys',
      'health_forms',
      'client_alerts',
      'visit_notes',
      'visit_note_amendments',
    ])
      expect(copyBlock(dump, table), `sealed values in ${table}`).toMatch(sealed);
  });
});
