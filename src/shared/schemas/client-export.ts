/**
 * Everything held about one client, in one answer (the Privacy Act 2020's principle 6;
 * docs/privacy.md): GET /api/admin/clients/{id}/export, and the readable page built from the same
 * object. Instants are ISO strings, money is cents, dates yyyy-MM-dd and times HH:mm (NZ wall clock).
 * A sealed value this server can no longer open (its key is gone) is null: the rest is still given.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, VISIT_OUTCOMES } from '../constants';
import { accessLogEntrySchema } from './health';

const instant = z.string();
const optionalInstant = z.string().nullable();
/** A sealed value: its text, or null when it cannot be opened. */
const sealedText = z.string().nullable();

export const clientExportContactSchema = z.object({
  kind: z.enum(['email', 'phone']),
  /** Normalised: an e-mail in lower case, a phone in E.164. */
  value: z.string(),
  createdAt: instant,
});

export const clientExportBookingSchema = z.object({
  id: z.number().int(),
  serviceName: z.string(),
  date: z.string(),
  time: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Cents. */
  price: z.number().int(),
  /** Cents. */
  travelCost: z.number().int(),
  distanceKm: z.number().nullable(),
  travelTimeMinutes: z.number().int().nullable(),
  isOutsideServiceArea: z.boolean(),
  address: z.string(),
  locationLat: z.number().nullable(),
  locationLon: z.number().nullable(),
  /** The name, e-mail and phone as this booking gave them. */
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
  hasInjuries: z.boolean(),
  injuryDetails: sealedText,
  status: z.enum(BOOKING_STATUSES),
  adminNote: z.string().nullable(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  outcomeAt: optionalInstant,
  /** She cancelled it for the client inside the change cut-off and marked it late (docs/product.md §4 "Client
   * cancellation"). */
  lateCancellation: z.boolean(),
  /** The regular series this visit belongs to (docs/product.md §4 "Regulars"), if any. */
  seriesId: z.number().int().nullable(),
  startsAt: instant,
  endsAt: instant,
  createdAt: instant,
  updatedAt: instant,
  statusChangedAt: instant,
  expiresAt: optionalInstant,
  expiredAt: optionalInstant,
  reminderQueuedAt: optionalInstant,
});
export type ClientExportBooking = z.infer<typeof clientExportBookingSchema>;

export const clientExportEmailSchema = z.object({
  id: z.number().int(),
  /** Stored kind ('booking_received'); `kindLabel` says it in words. */
  kind: z.string(),
  kindLabel: z.string(),
  bookingId: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  /** 'pending', 'sent' or 'failed'. */
  status: z.string(),
  createdAt: instant,
  sentAt: optionalInstant,
  /** The plain-text body as sent, each private link's code replaced by '[private link code removed]'. */
  text: z.string(),
  /** The file names attached (an .ics invitation). */
  attachments: z.array(z.string()),
});
export type ClientExportEmail = z.infer<typeof clientExportEmailSchema>;

/** A text (decision 038) about one of her bookings or to one of her numbers: what it said, and what became of it. */
export const clientExportTextSchema = z.object({
  id: z.number().int(),
  /** Stored kind ('sms_reminder'); `kindLabel` says it in words. */
  kind: z.string(),
  kindLabel: z.string(),
  bookingId: z.number().int().nullable(),
  /** The number it went (or was to go) to, E.164. */
  to: z.string(),
  /** The words of the text (no health detail, address, price or link). */
  body: z.string(),
  /** 'pending', 'sent', 'failed' or 'cancelled' (never sent: a STOP, or the visit changed before it went). */
  status: z.string(),
  /** Why it was not sent, or the provider's last error. */
  lastError: z.string().nullable(),
  /** The provider's last delivery report ('delivered', 'undelivered'...), if any. */
  deliveryStatus: z.string().nullable(),
  createdAt: instant,
  sentAt: optionalInstant,
  deliveryUpdatedAt: optionalInstant,
});
export type ClientExportText = z.infer<typeof clientExportTextSchema>;

export const clientExportHealthFormSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  /** When consent was given (the form was submitted). */
  consentedAt: instant,
  consentVersion: z.string(),
  /** The full name typed to consent; null when it cannot be opened. */
  consentName: sealedText,
  /** The form this one re-confirmed ('nothing has changed'), if any. */
  reconfirmedFrom: z.number().int().nullable(),
  /** Every answer, in the form's order: the question's words and the answer in words; null when unreadable. */
  answers: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })).nullable(),
  /** The red-flag phrases her screens show for these answers. */
  flags: z.array(z.string()),
});
export type ClientExportHealthForm = z.infer<typeof clientExportHealthFormSchema>;

export const clientExportNoteSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  /** The visit's date and time (null if the booking is gone). */
  visitDate: z.string().nullable(),
  visitTime: z.string().nullable(),
  /** The four parts (VISIT_NOTE_PARTS); null when the note cannot be opened. */
  subjective: sealedText,
  objective: sealedText,
  treatment: sealedText,
  plan: sealedText,
  author: z.string(),
  createdAt: instant,
  updatedAt: instant,
  amendments: z.array(z.object({ id: z.number().int(), text: sealedText, author: z.string(), createdAt: instant })),
});
export type ClientExportNote = z.infer<typeof clientExportNoteSchema>;

/** A waitlist entry with one of her e-mail addresses (docs/product.md §4 "Waitlist"), with the times it was offered. */
export const clientExportWaitlistSchema = z.object({
  id: z.number().int(),
  serviceName: z.string(),
  duration: z.number().int(),
  dates: z.array(z.string()),
  earliest: z.string(),
  latest: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.string(),
  joinedAt: instant,
  offers: z.array(
    z.object({
      date: z.string(),
      time: z.string(),
      status: z.string(),
      holdUntil: instant,
      bookingId: z.number().int().nullable(),
    }),
  ),
});
export type ClientExportWaitlistEntry = z.infer<typeof clientExportWaitlistSchema>;

/** GET /api/admin/clients/{id}/export */
export const clientExportSchema = z
  .object({
    exportedAt: instant,
    client: z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      createdAt: instant,
      updatedAt: instant,
      /** When she last corrected each detail; null when never. */
      nameCorrectedAt: optionalInstant,
      emailCorrectedAt: optionalInstant,
      phoneCorrectedAt: optionalInstant,
    }),
    /** Every e-mail and phone that leads to this client. */
    contacts: z.array(clientExportContactSchema),
    /** Each address the bookings used, the latest first. */
    addresses: z.array(z.object({ address: z.string(), bookings: z.number().int(), lastUsedOn: z.string() })),
    alerts: z.array(z.object({ id: z.number().int(), text: sealedText, createdAt: instant })),
    /** Newest first. */
    bookings: z.array(clientExportBookingSchema),
    /** The e-mails of her bookings, and those sent to one of her addresses; oldest first. */
    emails: z.array(clientExportEmailSchema),
    /** The texts of her bookings, and those to one of her numbers (decision 038); oldest first. */
    texts: z.array(clientExportTextSchema),
    /** Her numbers that replied STOP: no text goes to them. */
    textOptOuts: z.array(z.object({ phone: z.string(), optedOutAt: instant })),
    /** Her waitlist entries (matched by e-mail), oldest first. */
    waitlist: z.array(clientExportWaitlistSchema),
    /** Newest first. */
    healthForms: z.array(clientExportHealthFormSchema),
    /** Newest visit first. */
    notes: z.array(clientExportNoteSchema),
    /** Who read or changed her record, newest first (this export included). */
    accessLog: z.array(accessLogEntrySchema),
    /** How many sealed values could not be opened (each is null above): 0 unless the server's key changed. */
    unreadable: z.number().int(),
  })
  .meta({ id: 'ClientExport' });
export type ClientExport = z.infer<typeof clientExportSchema>;

/** `?download=1` asks for the JSON as a file to save. */
export const clientExportQuerySchema = z.object({
  download: z.enum(['0', '1'], { error: "download must be '1' or '0'" }).optional(),
});

/** The export's addresses, for the client page's links. */
export const clientExportPaths = {
  json: (id: number) => `/api/admin/clients/${id}/export?download=1`,
  html: (id: number) => `/api/admin/clients/${id}/export.html`,
} as const;

/** The file name a download is saved under. */
export const clientExportFilename = (id: number): string => `client-${id}-export.json`;
