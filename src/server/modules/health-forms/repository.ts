/**
 * Health forms as stored (docs/product.md §13): the answers (JSON) and the consent name are sealed
 * with the server's key (secret-box.ts) and opened only for an answer; the consent version and time
 * stay readable. A form is never changed: re-confirming adds a new one.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { HealthAnswers } from '@shared/health-form';
import type { DbOrTx } from '../../db/client';
import { bookings, clients, healthForms } from '../../db/schema';
import type { SecretBox } from '../../secret-box';

export interface StoredHealthForm {
  id: number;
  clientId: number;
  bookingId: number | null;
  answers: HealthAnswers;
  consentVersion: string;
  consentName: string;
  consentedAt: Date;
  reconfirmedFrom: number | null;
}

export interface NewHealthForm {
  clientId: number;
  bookingId: number;
  answers: HealthAnswers;
  consentVersion: string;
  consentName: string;
  consentedAt: Date;
  reconfirmedFrom?: number | null;
}

type Row = typeof healthForms.$inferSelect;

/** A booking's private link, as the form needs it: its client, status and visit. */
export interface LinkedBooking {
  id: number;
  clientId: number;
  status: string;
  date: string;
  time: string;
  serviceName: string;
  firstName: string;
}

export function createHealthFormsRepository(db: DbOrTx, box: SecretBox) {
  /** A form opened; null when it was sealed with a key this server no longer has (treated as no form). */
  function open(row: Row): StoredHealthForm | null {
    try {
      return {
        id: row.id,
        clientId: row.clientId,
        bookingId: row.bookingId,
        answers: JSON.parse(box.open(row.answersEncrypted)) as HealthAnswers,
        consentVersion: row.consentVersion,
        consentName: box.open(row.consentNameEncrypted),
        consentedAt: row.consentedAt,
        reconfirmedFrom: row.reconfirmedFrom,
      };
    } catch {
      return null;
    }
  }

  const newestFirst = [desc(healthForms.consentedAt), desc(healthForms.id)];

  return {
    /** The booking of a private link, when it has a client (every booking has one once linked at start-up). */
    async bookingOfToken(token: string): Promise<LinkedBooking | null> {
      const [row] = await db
        .select({
          id: bookings.id,
          clientId: bookings.clientId,
          status: bookings.status,
          date: bookings.date,
          time: bookings.time,
          serviceName: bookings.serviceName,
          firstName: bookings.firstName,
        })
        .from(bookings)
        .where(eq(bookings.cancelToken, token));
      return row && row.clientId !== null ? { ...row, clientId: row.clientId } : null;
    },

    async clientExists(clientId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), isNull(clients.erasedAt)));
      return row !== undefined;
    },

    async insert(values: NewHealthForm): Promise<{ id: number; consentedAt: Date }> {
      const [row] = await db
        .insert(healthForms)
        .values({
          clientId: values.clientId,
          bookingId: values.bookingId,
          answersEncrypted: box.seal(JSON.stringify(values.answers)),
          consentVersion: values.consentVersion,
          consentNameEncrypted: box.seal(values.consentName),
          consentedAt: values.consentedAt,
          reconfirmedFrom: values.reconfirmedFrom ?? null,
        })
        .returning({ id: healthForms.id, consentedAt: healthForms.consentedAt });
      return row!;
    },

    /** The client's latest form, opened (null before the first). */
    async latest(clientId: number): Promise<StoredHealthForm | null> {
      const [row] = await db
        .select()
        .from(healthForms)
        .where(eq(healthForms.clientId, clientId))
        .orderBy(...newestFirst)
        .limit(1);
      return row ? open(row) : null;
    },

    /** The latest form of each of these clients, opened: one query however many clients. */
    async latestOf(clientIds: readonly number[]): Promise<Map<number, StoredHealthForm>> {
      const ids = [...new Set(clientIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([healthForms.clientId])
        .from(healthForms)
        .where(inArray(healthForms.clientId, ids))
        .orderBy(healthForms.clientId, ...newestFirst);
      const found = new Map<number, StoredHealthForm>();
      for (const row of rows) {
        const form = open(row);
        if (form) found.set(row.clientId, form);
      }
      return found;
    },

    /** Every form of the client, newest first, without opening any. */
    async history(clientId: number): Promise<{ id: number; consentedAt: Date; reconfirmed: boolean }[]> {
      const rows = await db
        .select({ id: healthForms.id, consentedAt: healthForms.consentedAt, from: healthForms.reconfirmedFrom })
        .from(healthForms)
        .where(eq(healthForms.clientId, clientId))
        .orderBy(...newestFirst);
      return rows.map((r) => ({ id: r.id, consentedAt: r.consentedAt, reconfirmed: r.from !== null }));
    },
  };
}
export type HealthFormsRepository = ReturnType<typeof createHealthFormsRepository>;
