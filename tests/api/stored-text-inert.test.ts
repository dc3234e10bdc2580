/**
 * Text a visitor typed is stored as typed and stays text wherever it comes out again (decision 016):
 * the e-mails (HTML parsed with htmlparser2), the calendar feed (ical.js), the CSV export
 * (csv-parse) and the page's inlined data. One hostile booking and one hostile review, followed
 * through every sink.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { parseDocument } from 'htmlparser2';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import type { InitialData } from '../../src/shared/site';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const client = {
  'index.html': '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
};
const t = useTestApp({ client, signedIn: true });

const NAME = '<img src=x onerror=alert(1)>';
const NOTES =
  'Gate code "1234"; <script>alert(document.cookie)</script>\r\nATTENDEE:mailto:evil@example.com\r\nEND:VEVENT';
const ADDRESS = '=HYPERLINK("http://evil.example") 12 Bow Street, Raglan';

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[] };
function elements(node: Node): Node[] {
  return [node, ...(node.children ?? []).flatMap(elements)].filter(
    (n) => n.type === 'tag' || n.type === 'script' || n.type === 'style' || n.type === 'root',
  );
}

describe('stored hostile text stays text', () => {
  it('in e-mails, the calendar feed, the CSV and the admin API', async () => {
    const date = openDay(8);
    const res = await book(
      t,
      bookingRequest({ date, time: '10:00', firstName: NAME, lastName: 'Smith', notes: NOTES, address: ADDRESS }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;

    // The admin API gives back exactly what was typed (React escapes it on her screen).
    const [stored] = (
      await t.admin.getJson<Array<{ id: number; firstName: string; notes: string }>>('/api/admin/bookings/pending')
    ).filter((b) => b.id === id);
    expect(stored).toMatchObject({ firstName: NAME, notes: NOTES.trim() });

    // E-mails: the HTML has no element or attribute the visitor wrote; the text is there, escaped.
    const mails = await t.sql<{ html_body: string | null; text_body: string }>(
      'SELECT html_body, text_body FROM email_outbox WHERE booking_id = $1',
      [id],
    );
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const dom = parseDocument(mail.html_body ?? '') as unknown as Node;
      const tags = elements(dom);
      expect(tags.filter((n) => n.name === 'script' || n.name === 'img')).toEqual([]);
      expect(tags.some((n) => Object.keys(n.attribs ?? {}).some((a) => a.startsWith('on')))).toBe(false);
    }
    expect(mails.some((m) => (m.html_body ?? '').includes('&lt;img src=x onerror=alert(1)&gt;'))).toBe(true);

    // Approve it, so it is in her calendar feed and the CSV.
    expect((await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' })).statusCode).toBe(200);

    // Calendar feed: one event, the notes as a value, no property smuggled in by the line breaks.
    const feed = await t.admin.post('/api/admin/calendar-feed');
    const ics = await t.get(new URL(feed.json<{ url: string }>().url).pathname);
    const calendar = new ICAL.Component(ICAL.parse(ics.body) as unknown[]);
    const events = calendar
      .getAllSubcomponents('vevent')
      .filter((v) => String(v.getFirstPropertyValue('uid')).startsWith(`booking-${id}@`));
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.getAllProperties('attendee')).toEqual([]);
    expect(String(event.getFirstPropertyValue('summary'))).toContain(NAME);
    expect(String(event.getFirstPropertyValue('description'))).toContain('<script>alert(document.cookie)</script>');

    // CSV: the address a spreadsheet would run is made text; the name is there as typed.
    const csv = await t.admin.get(`/api/admin/bookings/export.csv?from=${date}&to=${date}`);
    const [header, ...rows] = parseCsv(csv.body, { bom: true }) as string[][];
    const row = rows.find((r) => r[header!.indexOf('Booking ID')] === String(id))!;
    expect(row[header!.indexOf('Address')]).toBe(`'${ADDRESS}`);
    expect(row[header!.indexOf('Client')]).toBe(`${NAME} Smith`);
  });

  it('in the page: a featured review cannot break out of the inlined data', async () => {
    const comment = '</script><script>alert(1)</script><!-- <script>';
    const created = await t.admin.post('/api/admin/reviews', { name: NAME, rating: 5, comment, featured: true });
    expect(created.statusCode, created.body).toBe(201);
    const page = await t.get('/');
    const dom = parseDocument(page.body) as unknown as Node;
    const scripts = elements(dom).filter((n) => n.name === 'script');
    expect(scripts.map((s) => s.attribs?.id)).toEqual([INITIAL_DATA_ELEMENT_ID]);
    const text = (scripts[0]!.children ?? []).map((c) => (c as unknown as { data: string }).data).join('');
    const data = JSON.parse(text) as InitialData;
    expect(data.queries['/api/reviews?featured=true'].map((r) => r.comment)).toContain(comment);
  });
});
