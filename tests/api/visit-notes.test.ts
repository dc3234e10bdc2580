/**
 * Visits happen (docs/product.md §14): her mark on a visit after its start, and her
 * treatment notes (sealed, editable for 24 hours, then amended), each read in the access log.
 */
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { ClientDetail } from '../../src/shared/schemas/client';
import type { AccessLogEntry } from '../../src/shared/schemas/health';
import type { VisitNote, VisitOutcomeAnswer } from '../../src/shared/schemas/visit-notes';
import { nzInstant } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { expectInvalid, expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

let phones = 0;
const ownPhone = () => `021 8${String(++phones).padStart(6, '0')}`;

async function bookAs(over: Record<string, unknown> = {}): Promise<AdminBooking> {
  const res = await book(t, bookingRequest({ ...nextSlot(), phone: ownPhone(), ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminBooking>();
}

/** Moves a visit into the past, as no API can. */
async function moveToPast(id: number, date: string, status = 'confirmed'): Promise<void> {
  const start = nzInstant(date, '10:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = $2, date = $3, starts_at = ($4)::timestamptz,
       ends_at = ($4)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($4)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, status, date, start],
  );
}

/** A confirmed visit that has happened, on a day of its own. */
let pastDays = 0;
async function heldVisit(over: Record<string, unknown> = {}): Promise<AdminBooking> {
  const b = await bookAs(over);
  const day = new Date(Date.UTC(2024, 0, 2 + pastDays++)).toISOString().slice(0, 10);
  await moveToPast(b.id, day);
  return b;
}

async function clientOf(bookingId: number): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [bookingId]);
  return row!.client_id;
}

const mark = (id: number, outcome: unknown) => t.admin.post(`/api/admin/bookings/${id}/outcome`, { outcome });
const notesUrl = (id: number) => `/api/admin/bookings/${id}/notes`;
const parts = {
  subjective: 'Sore lower back after gardening',
  objective: 'Tight left QL',
  treatment: 'Deep tissue, 60 min',
  plan: 'Stretches; come back in 2 weeks',
};

async function writeNote(id: number, body: Record<string, unknown> = parts): Promise<VisitNote> {
  const res = await t.admin.post(notesUrl(id), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VisitNote>();
}

const log = (clientId: number) => t.admin.getJson<AccessLogEntry[]>(`/api/admin/clients/${clientId}/access-log`);

describe('POST /api/admin/bookings/{id}/outcome', () => {
  it('refuses a visit that has not started, and a booking not confirmed', async () => {
    const ahead = await bookAs();
    await t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [ahead.id]);
    expectRejected(await mark(ahead.id, 'completed'), 409, {
      code: 'VISIT_NOT_STARTED',
      message: 'You can mark a visit only after it has started',
    });
    const pending = await bookAs();
    await moveToPast(pending.id, '2024-02-01', 'pending');
    expectRejected(await mark(pending.id, 'completed'), 409, {
      code: 'VISIT_NOT_CONFIRMED',
      message: 'Only a confirmed visit can be marked',
    });
    expectRejected(await mark(999999, 'completed'), 404, 'Booking not found');
    expectInvalid(await mark(pending.id, 'maybe'), [{ path: 'outcome', message: 'Choose Completed or No-show' }]);
  });

  it('marks, changes and clears; a no-show counts on the client and is not a visit', async () => {
    const email = 'outcome.totals@example.nz';
    const first = await heldVisit({ email });
    // The same person again: she links it to her client (docs/decisions/034).
    await linkMatch(t, await heldVisit({ email }));
    const clientId = await clientOf(first.id);
    const before = await t.admin.getJson<ClientDetail>(`/api/admin/clients/${clientId}`);
    expect(before.totals).toMatchObject({ visits: 2, noShows: 0 });

    const done = await mark(first.id, 'completed');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<VisitOutcomeAnswer>()).toEqual({
      id: first.id,
      outcome: 'completed',
      outcomeAt: expect.any(String),
    });
    expect((await t.admin.getJson<ClientDetail>(`/api/admin/clients/${clientId}`)).totals).toMatchObject({
      visits: 2,
      noShows: 0,
    });

    expect((await mark(first.id, 'no-show')).statusCode).toBe(200);
    const after = await t.admin.getJson<ClientDetail>(`/api/admin/clients/${clientId}`);
    expect(after.totals).toMatchObject({
      visits: 1,
      noShows: 1,
      spend: before.totals.spend - first.price - first.travelCost,
    });
    expect(after.visits.find((v) => v.bookingId === first.id)).toMatchObject({ outcome: 'no-show', hasNote: false });
    const [summary] = await t.admin.getJson<{ id: number; visits: number }[]>(
      `/api/admin/clients?q=${encodeURIComponent(email)}`,
    );
    expect(summary).toMatchObject({ id: clientId, visits: 1 });
    const [row] = await t.sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [first.id]);
    expect(row?.status).toBe('confirmed');

    const range = await t.admin.getJson<AdminBooking[]>(`/api/admin/bookings`);
    expect(range.find((b) => b.id === first.id)).toMatchObject({ outcome: 'no-show', hasNote: false });

    const cleared = await mark(first.id, null);
    expect(cleared.json<VisitOutcomeAnswer>()).toEqual({ id: first.id, outcome: null, outcomeAt: null });
  });
});

describe('treatment notes', () => {
  it('writes a note once, answers it and logs the read; edits within 24 hours', async () => {
    const b = await heldVisit();
    const clientId = await clientOf(b.id);
    expect(await t.admin.getJson<VisitNote | null>(notesUrl(b.id))).toBeNull();
    expect(await log(clientId)).toEqual([]);

    const note = await writeNote(b.id);
    expect(note).toMatchObject({ bookingId: b.id, parts, author: 'admin', amendments: [] });
    expect(Date.parse(note.editableUntil) - Date.parse(note.createdAt)).toBe(24 * 3600_000);
    expectRejected(await t.admin.post(notesUrl(b.id), parts), 409, {
      code: 'NOTE_EXISTS',
      message: expect.any(String),
    });

    const edited = await t.admin.patch(notesUrl(b.id), { subjective: 'Sore upper back', plan: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<VisitNote>().parts).toEqual({
      subjective: 'Sore upper back',
      objective: '',
      treatment: '',
      plan: '',
    });

    const read = await t.admin.getJson<VisitNote>(notesUrl(b.id));
    expect(read.parts.subjective).toBe('Sore upper back');
    expect((await t.admin.getJson<AdminBooking[]>('/api/admin/bookings')).find((x) => x.id === b.id)?.hasNote).toBe(
      true,
    );
    // The client page says so too, whichever ids the note and the booking have.
    await t.sql('UPDATE visit_notes SET id = id + 1000 WHERE booking_id = $1', [b.id]);
    const page = await t.admin.getJson<ClientDetail>(`/api/admin/clients/${clientId}`);
    expect(page.visits.find((v) => v.bookingId === b.id)?.hasNote).toBe(true);

    const lines = await log(clientId);
    expect(lines.map((l) => [l.actor, l.action])).toEqual([
      ['admin', 'notes:read'],
      ['admin', 'notes:write'],
      ['admin', 'notes:write'],
    ]);
    expect(lines[0]!.detail).toMatch(/^Notes of the visit on \d{1,2} [A-Z][a-z]{2} 2024$/);
    expect(JSON.stringify(lines)).not.toContain('back');
  });

  it('after 24 hours refuses an edit and takes amendments, listed with their time', async () => {
    const b = await heldVisit();
    await writeNote(b.id);
    await t.sql(`UPDATE visit_notes SET created_at = now() - interval '25 hours' WHERE booking_id = $1`, [b.id]);
    expectRejected(await t.admin.patch(notesUrl(b.id), parts), 409, {
      code: 'NOTE_LOCKED',
      message: 'Notes can be changed for 24 hours; add an amendment instead',
    });
    const first = await t.admin.post(`${notesUrl(b.id)}/amendments`, { text: '  Client called: back much better  ' });
    expect(first.statusCode, first.body).toBe(201);
    await t.admin.post(`${notesUrl(b.id)}/amendments`, { text: 'Second thought' });
    const note = await t.admin.getJson<VisitNote>(notesUrl(b.id));
    expect(note.parts).toEqual(parts);
    expect(note.amendments.map((a) => [a.text, a.author])).toEqual([
      ['Client called: back much better', 'admin'],
      ['Second thought', 'admin'],
    ]);
    expect(Date.parse(note.amendments[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(note.amendments[1]!.createdAt));
  });

  it('refuses notes before the start, on a booking not confirmed, and on a no-show', async () => {
    const ahead = await bookAs();
    await t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [ahead.id]);
    expectRejected(await t.admin.post(notesUrl(ahead.id), parts), 409, {
      code: 'VISIT_NOT_STARTED',
      message: expect.any(String),
    });
    const cancelled = await bookAs();
    await moveToPast(cancelled.id, '2024-03-01', 'cancelled');
    expectRejected(await t.admin.post(notesUrl(cancelled.id), parts), 409, {
      code: 'VISIT_NOT_CONFIRMED',
      message: expect.any(String),
    });
    const missed = await heldVisit();
    expect((await mark(missed.id, 'no-show')).statusCode).toBe(200);
    expectRejected(await t.admin.post(notesUrl(missed.id), parts), 409, {
      code: 'VISIT_NO_SHOW',
      message: expect.any(String),
    });

    const noted = await heldVisit();
    await writeNote(noted.id);
    expectRejected(await mark(noted.id, 'no-show'), 409, { code: 'NOTE_EXISTS', message: expect.any(String) });
    expectRejected(await t.admin.patch(notesUrl(missed.id), parts), 404, {
      code: 'NOTE_NOT_FOUND',
      message: expect.any(String),
    });
    expectRejected(await t.admin.post(`${notesUrl(missed.id)}/amendments`, { text: 'x' }), 404, {
      code: 'NOTE_NOT_FOUND',
      message: expect.any(String),
    });
    expectRejected(await t.admin.get(notesUrl(999999)), 404, 'Booking not found');
  });

  it('validates with her words', async () => {
    const b = await heldVisit();
    expectInvalid(await t.admin.post(notesUrl(b.id), { subjective: '   ', plan: '' }), [
      { path: 'subjective', message: 'Write at least one part of the note' },
    ]);
    expectInvalid(await t.admin.post(notesUrl(b.id), { objective: 'x'.repeat(4001) }), [
      { path: 'objective', message: 'What I found must be at most 4000 characters' },
    ]);
    await writeNote(b.id, { plan: 'x'.repeat(4000) });
    expectInvalid(await t.admin.post(`${notesUrl(b.id)}/amendments`, { text: '  ' }), [
      { path: 'text', message: 'Amendment text is required' },
    ]);
  });

  it('stores the note and its amendments sealed, and answers hostile text as text', async () => {
    const b = await heldVisit();
    const hostile = '<script>alert("x")</script> Robert\'); DROP TABLE visit_notes;--';
    await writeNote(b.id, { subjective: hostile, objective: 'Plainly visible words' });
    await t.sql(`UPDATE visit_notes SET created_at = now() - interval '25 hours' WHERE booking_id = $1`, [b.id]);
    await t.admin.post(`${notesUrl(b.id)}/amendments`, { text: 'Amended plainly' });
    const [note] = await t.sql<{ body_encrypted: string }>(
      'SELECT body_encrypted FROM visit_notes WHERE booking_id = $1',
      [b.id],
    );
    expect(note!.body_encrypted).not.toContain('Plainly');
    expect(note!.body_encrypted).not.toContain('script');
    const amendments = await t.sql<{ body_encrypted: string }>('SELECT body_encrypted FROM visit_note_amendments');
    expect(amendments.map((a) => a.body_encrypted).join()).not.toContain('Amended plainly');
    const res = await t.admin.get(notesUrl(b.id));
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json<VisitNote>().parts.subjective).toBe(hostile);
  });

  it('keeps the notes with the client a merge moves them to', async () => {
    const b = await heldVisit({ email: 'notes.merge.a@example.nz' });
    const other = await heldVisit({ email: 'notes.merge.b@example.nz' });
    await writeNote(other.id);
    const kept = await clientOf(b.id);
    const merged = await t.admin.post(`/api/admin/clients/${kept}/merge`, { otherId: await clientOf(other.id) });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await t.admin.getJson<VisitNote>(notesUrl(other.id))).parts).toEqual(parts);
    const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM visit_notes WHERE booking_id = $1', [
      other.id,
    ]);
    expect(row?.client_id).toBe(kept);
  });
});

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['POST', '/api/admin/bookings/1/outcome', { outcome: 'completed' }],
    ['GET', '/api/admin/bookings/1/notes'],
    ['POST', '/api/admin/bookings/1/notes', parts],
    ['PATCH', '/api/admin/bookings/1/notes', parts],
    ['POST', '/api/admin/bookings/1/notes/amendments', { text: 'x' }],
  ];
  it.each(routes)('%s %s answers 401 without a session', async (method, url, body) => {
    expectRejected(await t.request(method as 'GET', url, body), 401, 'Authentication required');
  });
});
