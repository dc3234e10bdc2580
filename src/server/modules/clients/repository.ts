/**
 * Clients as stored (docs/product.md §12): the list and its search, a client's page, her corrections,
 * merging two, and alerts, which are sealed with the server's key (secret-box.ts) and opened only
 * for an answer.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { normaliseEmail, normalisePhone } from '@shared/contact';
import {
  CLIENT_ALERTS_MAX,
  type ClientAlert,
  type ClientDetail,
  type ClientMerge,
  type ClientPatch,
  type ClientSummary,
} from '@shared/schemas/client';
import type { DbOrTx } from '../../db/client';
import { bookings, clientAlerts, clientContacts, clients, healthForms, visitNotes } from '../../db/schema';
import { apiError, invalidField, notFound } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import type { AlertTexts } from './alert-texts';
import { claimContact, ownerOf, type Contact } from './matching';
import { possibleMatchesOf } from './match-view';
import { balanceOf, paymentsOfBookings } from '../payments/ledger';
import { addressesOf, clientTotals, owedOfHeld, suburbOf } from './totals';

export const CLIENT_NOT_FOUND = 'Client not found';
export const ALERT_NOT_FOUND = 'Alert not found';
export const ALERTS_FULL = `A client can have at most ${CLIENT_ALERTS_MAX} alerts: remove one first`;
export const MERGE_SELF = 'Choose another client to merge with';
const INVALID_PHONE = 'Please enter a valid phone number';
/** Shown for an alert sealed with another key (SECRET_KEY changed): the page still opens. */
export const UNREADABLE_ALERT = '(This alert cannot be read: the server’s secret key has changed)';

const LIST_LIMIT = 50;

type ClientRow = typeof clients.$inferSelect;

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/** `%text%` for LIKE, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a search matches: clients.search_text (migration 0012) holds, in lower case, the name, e-mail,
 * phone, every contact (phones also as bare digits and in the national form) and every address used.
 * With 3+ digits in q, the digits alone too: '021 123' finds +6421123….
 */
function searchCondition(q: string): SQL {
  const text = sql`${clients.searchText} LIKE lower(${containing(q)})`;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 ? or(text, sql`${clients.searchText} LIKE ${`%${digits}%`}`)! : text;
}

export function createClientsRepository(db: DbOrTx, box: SecretBox) {
  const open = (sealed: string) => {
    try {
      return box.open(sealed);
    } catch {
      return UNREADABLE_ALERT;
    }
  };

  /** The alerts of these clients, oldest first: one query however many clients. */
  async function alertsOf(clientIds: readonly number[]): Promise<Map<number, ClientAlert[]>> {
    const byClient = new Map<number, ClientAlert[]>();
    if (clientIds.length === 0) return byClient;
    const rows = await db
      .select()
      .from(clientAlerts)
      .where(inArray(clientAlerts.clientId, [...new Set(clientIds)]))
      .orderBy(asc(clientAlerts.createdAt), asc(clientAlerts.id));
    for (const r of rows) {
      const list = byClient.get(r.clientId) ?? [];
      list.push({ id: r.id, text: open(r.textEncrypted), createdAt: r.createdAt.toISOString() });
      byClient.set(r.clientId, list);
    }
    return byClient;
  }

  async function lockClient(tx: DbOrTx, id: number): Promise<ClientRow> {
    const [row] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.id, id), isNull(clients.erasedAt)))
      .for('update');
    if (!row) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
    return row;
  }

  /** Makes the contact this client's, or says which client has it. */
  async function takeContact(tx: DbOrTx, id: number, contact: Contact, label: string): Promise<void> {
    const owner = await ownerOf(tx, contact);
    if ((owner === null || owner === id) && (await claimContact(tx, id, contact))) return;
    const [other] = await tx
      .select()
      .from(clients)
      .where(eq(clients.id, owner ?? (await ownerOf(tx, contact))!));
    const whose = other ? `${fullName(other)} (client ${other.id})` : 'another client';
    throw apiError(
      'CLIENT_CONTACT_TAKEN',
      `This ${label} belongs to ${whose}. If they are the same person, merge the two clients instead.`,
    );
  }

  return {
    alertsOf,

    /** The alert texts of these clients, for the booking lists (pending, details, day route). */
    alertTextsOf: (async (clientIds) => {
      const alerts = await alertsOf(clientIds.filter((id): id is number => id !== null));
      return new Map([...alerts].map(([id, list]) => [id, list.map((a) => a.text)]));
    }) satisfies AlertTexts,

    /** GET /api/admin/clients?q=: the matches, or without q the most recently seen clients. */
    async list(q: string | undefined, now: Date): Promise<ClientSummary[]> {
      const rows = await db
        .select({
          id: clients.id,
          firstName: clients.firstName,
          lastName: clients.lastName,
          email: clients.email,
          phone: clients.phone,
        })
        .from(clients)
        .where(q ? and(isNull(clients.erasedAt), searchCondition(q)) : isNull(clients.erasedAt))
        .orderBy(desc(clients.updatedAt), desc(clients.id))
        .limit(LIST_LIMIT);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      // A held visit, as totals.ts counts one: confirmed, started, not a no-show. One grouped query
      // for the page's clients.
      const held = sql`${bookings.status} = 'confirmed' AND ${bookings.startsAt} <= ${now}
        AND ${bookings.outcome} IS DISTINCT FROM 'no-show'`;
      const totals = await db
        .select({
          clientId: bookings.clientId,
          visits: sql<number>`count(*) FILTER (WHERE ${held})`.mapWith(Number),
          lastVisitAt: sql<Date | null>`max(${bookings.startsAt}) FILTER (WHERE ${held})`.mapWith(bookings.startsAt),
          latestAddress: sql<string | null>`(array_agg(${bookings.address}
            ORDER BY ${bookings.createdAt} DESC, ${bookings.id} DESC))[1]`,
        })
        .from(bookings)
        .where(inArray(bookings.clientId, ids))
        .groupBy(bookings.clientId);
      const byClient = new Map(totals.map((t) => [t.clientId, t]));
      const alerts = await alertsOf(ids);
      const matches = await possibleMatchesOf(
        db,
        rows.map((r) => ({ ...r, clientId: r.id })),
      );
      return rows.map((r) => {
        const t = byClient.get(r.id);
        return {
          id: r.id,
          name: fullName(r),
          email: r.email,
          phone: r.phone,
          visits: t?.visits ?? 0,
          lastVisitAt: t?.lastVisitAt ? t.lastVisitAt.toISOString() : null,
          suburb: suburbOf(t?.latestAddress ?? null),
          alerts: alerts.get(r.id) ?? [],
          possibleMatch: matches.get(r.id) ?? null,
        };
      });
    },
    /** GET /api/admin/clients/{id}; null when there is no such client. */
    async detail(id: number, now: Date): Promise<ClientDetail | null> {
      const [row] = await db
        .select()
        .from(clients)
        .where(and(eq(clients.id, id), isNull(clients.erasedAt)));
      if (!row) return null;
      const contacts = await db
        .select({ kind: clientContacts.kind, value: clientContacts.value })
        .from(clientContacts)
        .where(eq(clientContacts.clientId, id))
        .orderBy(asc(clientContacts.kind), asc(clientContacts.id));
      const visits = await db
        .select({
          bookingId: bookings.id,
          date: bookings.date,
          time: bookings.time,
          status: bookings.status,
          serviceName: bookings.serviceName,
          duration: bookings.duration,
          price: bookings.price,
          travelCost: bookings.travelCost,
          address: bookings.address,
          startsAt: bookings.startsAt,
          outcome: bookings.outcome,
          lateCancellation: bookings.lateCancellation,
          hasNote: sql<boolean>`EXISTS (SELECT 1 FROM visit_notes n WHERE n.booking_id = "bookings"."id")`.mapWith(
            Boolean,
          ),
        })
        .from(bookings)
        .where(eq(bookings.clientId, id))
        .orderBy(desc(bookings.date), desc(bookings.time), desc(bookings.id));
      const paid = await paymentsOfBookings(
        db,
        visits.map((v) => v.bookingId),
      );
      const counted = visits.map((v) => ({ ...v, balance: balanceOf(v, paid.get(v.bookingId) ?? []) }));
      const alerts = (await alertsOf([id])).get(id) ?? [];
      const match = (await possibleMatchesOf(db, [{ ...row, clientId: row.id }])).get(row.id) ?? null;
      const primary = new Set([`email:${normaliseEmail(row.email)}`, `phone:${normalisePhone(row.phone) ?? ''}`]);
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        name: fullName(row),
        email: row.email,
        phone: row.phone,
        otherContacts: contacts.filter((c) => !primary.has(`${c.kind}:${c.value}`)),
        possibleMatch: match,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        addresses: addressesOf(visits),
        visits: counted.map(({ startsAt: _startsAt, ...visit }) => visit),
        totals: clientTotals(visits, now),
        owedCents: owedOfHeld(counted, now),
        alerts,
      };
    },

    /**
     * Her correction of the name, e-mail or phone (PATCH). A new e-mail or phone becomes a contact
     * of this client; one that leads to another client is refused (409, merge instead). Bookings
     * keep what they said. In the caller's transaction.
     */
    async patch(tx: DbOrTx, id: number, patch: ClientPatch, now: Date): Promise<void> {
      const row = await lockClient(tx, id);
      const set: Partial<typeof clients.$inferInsert> = { updatedAt: now };
      if (patch.firstName !== undefined || patch.lastName !== undefined) {
        set.firstName = patch.firstName ?? row.firstName;
        set.lastName = patch.lastName ?? row.lastName;
        set.nameCorrectedAt = now;
      }
      if (patch.email !== undefined) {
        await takeContact(tx, id, { kind: 'email', value: normaliseEmail(patch.email) }, 'e-mail');
        set.email = patch.email;
        set.emailCorrectedAt = now;
      }
      if (patch.phone !== undefined) {
        const value = normalisePhone(patch.phone);
        if (!value) throw invalidField('phone', INVALID_PHONE);
        await takeContact(tx, id, { kind: 'phone', value }, 'phone number');
        set.phone = patch.phone;
        set.phoneCorrectedAt = now;
      }
      await tx.update(clients).set(set).where(eq(clients.id, id));
    },

    /**
     * Moves everything of `otherId` (bookings, contacts, alerts) onto `id`, takes the chosen name,
     * e-mail and phone, and deletes the other client. In the caller's transaction; both rows are
     * locked in id order, so two merges cannot deadlock.
     */
    async merge(tx: DbOrTx, id: number, { otherId, keep }: ClientMerge, now: Date): Promise<void> {
      if (otherId === id) throw apiError('CLIENT_MERGE_SELF', MERGE_SELF);
      const locked = await tx
        .select()
        .from(clients)
        .where(and(inArray(clients.id, [id, otherId]), isNull(clients.erasedAt)))
        .orderBy(asc(clients.id))
        .for('update');
      const self = locked.find((r) => r.id === id);
      const other = locked.find((r) => r.id === otherId);
      if (!self || !other) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      await tx.update(bookings).set({ clientId: id }).where(eq(bookings.clientId, otherId));
      await tx.update(clientContacts).set({ clientId: id }).where(eq(clientContacts.clientId, otherId));
      await tx.update(clientAlerts).set({ clientId: id }).where(eq(clientAlerts.clientId, otherId));
      await tx.update(visitNotes).set({ clientId: id }).where(eq(visitNotes.clientId, otherId));
      await tx.update(healthForms).set({ clientId: id }).where(eq(healthForms.clientId, otherId));
      // Requests that may be the merged-away client may now be this one (never itself: then it is decided).
      await tx
        .update(clients)
        .set({ possibleMatchOf: sql`CASE WHEN ${clients.id} = ${id} THEN NULL ELSE ${id}::integer END` })
        .where(eq(clients.possibleMatchOf, otherId));
      const pick = (side: 'this' | 'other') => (side === 'this' ? self : other);
      const name = pick(keep.name);
      const email = pick(keep.email);
      const phone = pick(keep.phone);
      await tx.delete(clients).where(eq(clients.id, otherId));
      await tx
        .update(clients)
        .set({
          firstName: name.firstName,
          lastName: name.lastName,
          nameCorrectedAt: name.nameCorrectedAt,
          email: email.email,
          emailCorrectedAt: email.emailCorrectedAt,
          phone: phone.phone,
          phoneCorrectedAt: phone.phoneCorrectedAt,
          createdAt: self.createdAt < other.createdAt ? self.createdAt : other.createdAt,
          updatedAt: now,
        })
        .where(eq(clients.id, id));
    },

    /** A new alert (at most CLIENT_ALERTS_MAX), sealed before it is stored. In the caller's transaction. */
    async addAlert(tx: DbOrTx, id: number, text: string, now: Date): Promise<ClientAlert> {
      await lockClient(tx, id);
      const [count] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(clientAlerts)
        .where(eq(clientAlerts.clientId, id));
      if ((count?.n ?? 0) >= CLIENT_ALERTS_MAX) throw apiError('CLIENT_ALERTS_FULL', ALERTS_FULL);
      const [row] = await tx
        .insert(clientAlerts)
        .values({ clientId: id, textEncrypted: box.seal(text), createdAt: now })
        .returning();
      return { id: row!.id, text, createdAt: row!.createdAt.toISOString() };
    },

    async removeAlert(id: number, alertId: number): Promise<void> {
      const removed = await db
        .delete(clientAlerts)
        .where(and(eq(clientAlerts.id, alertId), eq(clientAlerts.clientId, id)))
        .returning({ id: clientAlerts.id });
      if (removed.length > 0) return;
      const [client] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, id), isNull(clients.erasedAt)));
      if (!client) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      throw notFound('CLIENT_ALERT_NOT_FOUND', ALERT_NOT_FOUND);
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
