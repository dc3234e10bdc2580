/**
 * Everything held about one client, gathered for her export (the Privacy Act's principle 6;
 * docs/privacy.md): the details and contacts, the addresses used, alerts, every booking, the e-mails
 * and texts about her (and whether her number replied STOP), every health form, the treatment notes and the
 * access log. Sealed values are opened here; one sealed with a key this server no longer has comes out as null,
 * never as an error.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { normaliseEmail } from '@shared/contact';
import { HEALTH_QUESTIONS, healthFlags, healthSummary, type HealthAnswers } from '@shared/health-form';
import type {
  ClientExport,
  ClientExportBooking,
  ClientExportEmail,
  ClientExportHealthForm,
  ClientExportNote,
  ClientExportText,
  ClientExportWaitlistEntry,
} from '@shared/schemas/client-export';
import { emailKindLabel } from '@shared/schemas/outbox';
import { nzMobileE164 } from '@shared/nz-mobile';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  clientAlerts,
  clientContacts,
  clients,
  emailOutbox,
  healthForms,
  smsOptOuts,
  smsOutbox,
  visitNoteAmendments,
  visitNotes,
  waitlistEntries,
  waitlistOffers,
} from '../../db/schema';
import { openStored, type SecretBox } from '../../secret-box';
import { listAccess } from './access-log';
import { addressesOf } from './totals';

/** Every line of the access log goes into the export (listAccess's default stops at 500). */
const ACCESS_LOG_ALL = 1_000_000;

/** A sealed value opened; null when it cannot be (sealed with a key this server no longer has, or changed). */
export function openOrNull(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/** What stands in an e-mail's text for a booking's private link code. */
export const TOKEN_REMOVED = '[private link code removed]';

/** The text with every one of these private link codes (as written, or URL-encoded) replaced. */
export function redactTokens(text: string, tokens: readonly string[]): string {
  let out = text;
  for (const token of tokens) {
    if (token.length < 8) continue;
    for (const form of new Set([token, encodeURIComponent(token)])) out = out.split(form).join(TOKEN_REMOVED);
  }
  return out;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** A sealed JSON value opened and parsed; null when it cannot be. */
function openJson(box: SecretBox, sealed: string): unknown {
  const text = openOrNull(box, sealed);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An answer the form no longer asks (or a follow-up that did not show), in words all the same. */
function plainAnswer(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Every stored answer in words: first as her screens read them (the form's order, its labels), then
 * any other the form holds (a question since removed) under its id, so nothing held is left out.
 */
export function readableAnswers(answers: HealthAnswers): { id: string; question: string; answer: string }[] {
  const lines = healthSummary(HEALTH_QUESTIONS, answers).map((l) => ({
    id: l.id,
    question: l.label,
    answer: l.answer,
  }));
  const given = new Set(lines.map((l) => l.id));
  for (const [id, value] of Object.entries(answers)) {
    if (given.has(id)) continue;
    const question = HEALTH_QUESTIONS.find((q) => q.id === id)?.label ?? id;
    lines.push({ id, question, answer: plainAnswer(value) });
  }
  return lines;
}

/** The client's export; null when there is no such client. Pass a transaction for one consistent reading. */
export async function gatherClientExport(
  db: DbOrTx,
  box: SecretBox,
  clientId: number,
  now: Date,
): Promise<ClientExport | null> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.erasedAt)));
  if (!client) return null;

  // Every sealed value is opened through these, which count the ones that cannot be.
  let unreadable = 0;
  const counted = <T>(value: T | null): T | null => {
    if (value === null) unreadable++;
    return value;
  };
  const open = (sealedValue: string) => counted(openOrNull(box, sealedValue));
  const openStoredCounted = (value: string | null) => {
    const opened = openStored(box, value);
    if (value !== null && opened === null) unreadable++;
    return opened;
  };
  const openJsonCounted = (sealedValue: string) => counted(openJson(box, sealedValue));

  const contacts = await db
    .select({ kind: clientContacts.kind, value: clientContacts.value, createdAt: clientContacts.createdAt })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(asc(clientContacts.kind), asc(clientContacts.id));

  const alerts = await db
    .select()
    .from(clientAlerts)
    .where(eq(clientAlerts.clientId, clientId))
    .orderBy(asc(clientAlerts.createdAt), asc(clientAlerts.id));

  const bookingRows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.clientId, clientId))
    .orderBy(desc(bookings.date), desc(bookings.time), desc(bookings.id));
  const bookingIds = bookingRows.map((b) => b.id);

  const exportedBookings: ClientExportBooking[] = bookingRows.map((b) => ({
    id: b.id,
    serviceName: b.serviceName,
    date: b.date,
    time: b.time,
    duration: b.duration,
    price: b.price,
    travelCost: b.travelCost,
    distanceKm: b.distanceKm,
    travelTimeMinutes: b.travelTimeMinutes,
    isOutsideServiceArea: b.isOutsideServiceArea,
    address: b.address,
    locationLat: b.locationLat,
    locationLon: b.locationLon,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    notes: b.notes,
    hasInjuries: b.hasInjuries,
    injuryDetails: openStoredCounted(b.injuryDetails),
    status: b.status,
    adminNote: b.adminNote,
    outcome: b.outcome,
    outcomeAt: isoOrNull(b.outcomeAt),
    lateCancellation: b.lateCancellation,
    seriesId: b.seriesId,
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
    statusChangedAt: iso(b.statusChangedAt),
    expiresAt: isoOrNull(b.expiresAt),
    expiredAt: isoOrNull(b.expiredAt),
    reminderQueuedAt: isoOrNull(b.reminderQueuedAt),
  }));

  // Her e-mail addresses: the current one, every e-mail contact, and each booking's.
  const addresses = new Set(
    [
      client.email,
      ...contacts.filter((c) => c.kind === 'email').map((c) => c.value),
      ...bookingRows.map((b) => b.email),
    ]
      .map(normaliseEmail)
      .filter((e) => e !== ''),
  );
  const toHer = inArray(sql<string>`lower(trim(${emailOutbox.toAddress}))`, [...addresses]);
  const emailRows = await db
    .select()
    .from(emailOutbox)
    .where(bookingIds.length > 0 ? or(inArray(emailOutbox.bookingId, bookingIds), toHer) : toHer)
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  // The private links in the e-mails are live keys to her bookings (cancel, health form): the export,
  // a file that may sit in a downloads folder, keeps the e-mails' words but not those keys.
  const otherBookingIds = [...new Set(emailRows.map((e) => e.bookingId))].filter(
    (b): b is number => b !== null && !bookingIds.includes(b),
  );
  // Her waitlist entries, found by e-mail as an erasure finds them (clients/erasure.ts), with their offers.
  const entryRows = await db
    .select()
    .from(waitlistEntries)
    .where(inArray(sql<string>`lower(btrim(${waitlistEntries.email}))`, [...addresses]))
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
  const offerRows =
    entryRows.length > 0
      ? await db
          .select()
          .from(waitlistOffers)
          .where(
            inArray(
              waitlistOffers.entryId,
              entryRows.map((e) => e.id),
            ),
          )
          .orderBy(asc(waitlistOffers.createdAt), asc(waitlistOffers.id))
      : [];
  const waitlist: ClientExportWaitlistEntry[] = entryRows.map((e) => ({
    id: e.id,
    serviceName: e.serviceName,
    duration: e.duration,
    dates: e.dates,
    earliest: e.earliest,
    latest: e.latest,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    address: e.address,
    status: e.status,
    joinedAt: iso(e.joinedAt),
    offers: offerRows
      .filter((o) => o.entryId === e.id)
      .map((o) => ({
        date: o.date,
        time: o.time,
        status: o.status,
        holdUntil: iso(o.holdUntil),
        bookingId: o.bookingId,
      })),
  }));

  const tokens = [
    ...bookingRows.map((b) => b.cancelToken),
    // The waitlist's links (leave, and each offer's 'Book this time') are live keys too.
    ...entryRows.map((e) => e.token),
    ...offerRows.map((o) => o.token),
    ...(otherBookingIds.length > 0
      ? await db
          .select({ token: bookings.cancelToken })
          .from(bookings)
          .where(inArray(bookings.id, otherBookingIds))
          .then((rows) => rows.map((r) => r.token))
      : []),
  ];
  const withoutKeys = (text: string) => redactTokens(text, tokens);
  const emails: ClientExportEmail[] = emailRows.map((e) => ({
    id: e.id,
    kind: e.kind,
    kindLabel: emailKindLabel(e.kind),
    bookingId: e.bookingId,
    to: e.toAddress,
    subject: withoutKeys(e.subject),
    status: e.status,
    createdAt: iso(e.createdAt),
    sentAt: isoOrNull(e.sentAt),
    text: withoutKeys(e.textBody),
    attachments: (e.attachments ?? []).map((a) => a.filename),
  }));

  // Her texts (decision 038): those of her bookings, and any to one of her numbers (as E.164, as texts are addressed).
  const numbers = [
    ...new Set(
      [
        client.phone,
        ...contacts.filter((c) => c.kind === 'phone').map((c) => c.value),
        ...bookingRows.map((b) => b.phone),
      ]
        .map(nzMobileE164)
        .filter((n): n is string => n !== null),
    ),
  ];
  const byNumber = numbers.length > 0 ? inArray(smsOutbox.toNumber, numbers) : undefined;
  const byBooking = bookingIds.length > 0 ? inArray(smsOutbox.bookingId, bookingIds) : undefined;
  const textRows =
    byNumber || byBooking
      ? await db
          .select()
          .from(smsOutbox)
          .where(or(byBooking, byNumber))
          .orderBy(asc(smsOutbox.createdAt), asc(smsOutbox.id))
      : [];
  const texts: ClientExportText[] = textRows.map((r) => ({
    id: r.id,
    kind: r.kind,
    kindLabel: emailKindLabel(r.kind),
    bookingId: r.bookingId,
    to: r.toNumber,
    body: r.body,
    status: r.status,
    lastError: r.lastError,
    deliveryStatus: r.deliveryStatus,
    createdAt: iso(r.createdAt),
    sentAt: isoOrNull(r.sentAt),
    deliveryUpdatedAt: isoOrNull(r.deliveryUpdatedAt),
  }));
  const optOutRows =
    numbers.length > 0
      ? await db.select().from(smsOptOuts).where(inArray(smsOptOuts.phone, numbers)).orderBy(asc(smsOptOuts.phone))
      : [];

  const formRows = await db
    .select()
    .from(healthForms)
    .where(eq(healthForms.clientId, clientId))
    .orderBy(desc(healthForms.consentedAt), desc(healthForms.id));
  const forms: ClientExportHealthForm[] = formRows.map((f) => {
    const answers = openJsonCounted(f.answersEncrypted);
    const readable = isRecord(answers) ? (answers as HealthAnswers) : null;
    return {
      id: f.id,
      bookingId: f.bookingId,
      consentedAt: iso(f.consentedAt),
      consentVersion: f.consentVersion,
      consentName: open(f.consentNameEncrypted),
      reconfirmedFrom: f.reconfirmedFrom,
      answers: readable ? readableAnswers(readable) : null,
      flags: readable ? healthFlags(readable) : [],
    };
  });

  const noteRows = await db
    .select({ note: visitNotes, date: bookings.date, time: bookings.time })
    .from(visitNotes)
    .leftJoin(bookings, eq(bookings.id, visitNotes.bookingId))
    .where(eq(visitNotes.clientId, clientId))
    .orderBy(sql`${bookings.date} DESC NULLS LAST`, desc(bookings.time), desc(visitNotes.id));
  const noteIds = noteRows.map((r) => r.note.id);
  const amendmentRows =
    noteIds.length > 0
      ? await db
          .select()
          .from(visitNoteAmendments)
          .where(inArray(visitNoteAmendments.noteId, noteIds))
          .orderBy(asc(visitNoteAmendments.createdAt), asc(visitNoteAmendments.id))
      : [];
  const notes: ClientExportNote[] = noteRows.map(({ note, date, time }) => {
    const body = openJsonCounted(note.bodyEncrypted);
    const part = (key: string): string | null => {
      if (!isRecord(body)) return null;
      const value = body[key];
      return typeof value === 'string' ? value : '';
    };
    return {
      id: note.id,
      bookingId: note.bookingId,
      visitDate: date,
      visitTime: time,
      subjective: part('subjective'),
      objective: part('objective'),
      treatment: part('treatment'),
      plan: part('plan'),
      author: note.author,
      createdAt: iso(note.createdAt),
      updatedAt: iso(note.updatedAt),
      amendments: amendmentRows
        .filter((a) => a.noteId === note.id)
        .map((a) => {
          const value = openJsonCounted(a.bodyEncrypted);
          const text = isRecord(value) ? (typeof value.text === 'string' ? value.text : '') : null;
          return { id: a.id, text, author: a.author, createdAt: iso(a.createdAt) };
        }),
    };
  });

  return {
    exportedAt: iso(now),
    client: {
      id: client.id,
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone,
      createdAt: iso(client.createdAt),
      updatedAt: iso(client.updatedAt),
      nameCorrectedAt: isoOrNull(client.nameCorrectedAt),
      emailCorrectedAt: isoOrNull(client.emailCorrectedAt),
      phoneCorrectedAt: isoOrNull(client.phoneCorrectedAt),
    },
    contacts: contacts.map((c) => ({ kind: c.kind, value: c.value, createdAt: iso(c.createdAt) })),
    addresses: addressesOf(bookingRows),
    alerts: alerts.map((a) => ({ id: a.id, text: open(a.textEncrypted), createdAt: iso(a.createdAt) })),
    bookings: exportedBookings,
    emails,
    texts,
    textOptOuts: optOutRows.map((o) => ({ phone: o.phone, optedOutAt: iso(o.optedOutAt) })),
    waitlist,
    healthForms: forms,
    notes,
    accessLog: await listAccess(db, clientId, ACCESS_LOG_ALL),
    unreadable,
  };
}
