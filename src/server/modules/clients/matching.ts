/**
 * Which client a booking belongs to (docs/product.md §12, docs/decisions/034).
 *
 * A public booking proves nothing about who made it: anyone can type a client's e-mail or phone. So a booking
 * whose e-mail (or phone under the same first name) leads to an existing client does not land on that client:
 * it gets a client of its own that names the existing one as a *possible match*, and nothing of the existing
 * client changes (name, contacts, health form) until she says they are the same person
 * (clients/match-decision.ts). A booking whose contacts lead nowhere makes a new client that claims them.
 *
 * Runs inside the caller's transaction (the booking's), so a booking that fails leaves no client behind.
 * Two first bookings with one new e-mail at once: each creates a client and claims the e-mail with
 * INSERT ... ON CONFLICT DO NOTHING; the unique (kind, value) makes the second wait for the first to commit,
 * claim nothing, and become a possible match of the first. A found client's row is locked before anything
 * refers to it, as her corrections and merges do: one order, no deadlock.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normaliseEmail, normalisePhone, type ContactKind } from '@shared/contact';
import type { DbOrTx } from '../../db/client';
import { bookings, clientContacts, clients } from '../../db/schema';

/** What a booking says about its person. */
export interface ClientFacts {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface Contact {
  kind: ContactKind;
  value: string;
}

/** The normalised contacts of a booking: its e-mail first, then its phone when it is a real number. */
export function contactsOf(facts: Pick<ClientFacts, 'email' | 'phone'>): Contact[] {
  const email = normaliseEmail(facts.email);
  const phone = normalisePhone(facts.phone);
  const found: Contact[] = [];
  if (email) found.push({ kind: 'email', value: email });
  if (phone) found.push({ kind: 'phone', value: phone });
  return found;
}

/** The client a contact leads to, if any. */
export async function ownerOf(db: DbOrTx, contact: Contact): Promise<number | null> {
  const [row] = await db
    .select({ clientId: clientContacts.clientId })
    .from(clientContacts)
    .where(and(eq(clientContacts.kind, contact.kind), eq(clientContacts.value, contact.value)));
  return row?.clientId ?? null;
}

/** Gives the contact to the client unless someone owns it already; answers whether the client now has it. */
export async function claimContact(db: DbOrTx, clientId: number, contact: Contact): Promise<boolean> {
  const inserted = await db
    .insert(clientContacts)
    .values({ clientId, kind: contact.kind, value: contact.value })
    .onConflictDoNothing({ target: [clientContacts.kind, clientContacts.value] })
    .returning({ id: clientContacts.id });
  return inserted.length > 0 || (await ownerOf(db, contact)) === clientId;
}

/** First names compared as people write them: any case, spaces at either end ignored. */
export const sameFirstName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase('en-NZ') === b.trim().toLocaleLowerCase('en-NZ');

/**
 * The client the first of these contacts that has one leads to (and by which), its row locked until the transaction
 * ends (the same order as her corrections and merges: the client row, then its contacts). A client
 * merged away meanwhile is gone once the merge commits: its contacts then lead to the one it was
 * merged into, so the search runs again.
 *
 * A phone alone (the e-mail leads nowhere) finds the client only under the same first name: a family
 * shares a landline, and one person's health form and notes must never land on another's record
 * (docs/product.md §12). She can still merge two clients she knows are one person.
 */
interface Match {
  clientId: number;
  /** The contact that led to the client. */
  by: Contact;
}

async function lockOwner(tx: DbOrTx, contacts: readonly Contact[], firstName: string): Promise<Match | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let found: { clientId: number; by: Contact } | null = null;
    for (const contact of contacts) {
      const clientId = await ownerOf(tx, contact);
      if (clientId !== null) {
        found = { clientId, by: contact };
        break;
      }
    }
    if (found === null) return null;
    const [row] = await tx
      .select({ id: clients.id, firstName: clients.firstName })
      .from(clients)
      .where(and(eq(clients.id, found.clientId), isNull(clients.erasedAt)))
      .for('update');
    // Gone or erased meanwhile (an erasure deletes its contacts): look the contacts up again.
    if (!row) continue;
    const phoneOnly = found.by.kind === 'phone' && contacts.some((c) => c.kind === 'email');
    return phoneOnly && !sameFirstName(row.firstName, firstName) ? null : { clientId: row.id, by: found.by };
  }
  throw new Error('A client kept disappearing while a booking was matched to it');
}

/** A new client with the booking's details, naming `match` as a possible match when there is one. */
async function insertClient(tx: DbOrTx, facts: ClientFacts, at: Date, match: Match | null): Promise<number> {
  const [created] = await tx
    .insert(clients)
    .values({
      firstName: facts.firstName.trim(),
      lastName: facts.lastName.trim(),
      email: facts.email.trim(),
      phone: facts.phone.trim(),
      createdAt: at,
      updatedAt: at,
      possibleMatchOf: match?.clientId ?? null,
      matchBasis: match?.by.kind ?? null,
    })
    .returning({ id: clients.id });
  return created!.id;
}

/**
 * The client of a public booking (POST /api/bookings, a waitlist offer taken): always a new one. It claims the
 * booking's e-mail and phone where nobody has them; where a client has them, it is that client's possible match
 * and that client is left as it was. See the file's comment.
 */
export async function clientForBooking(tx: DbOrTx, facts: ClientFacts, at = new Date()): Promise<number> {
  const contacts = contactsOf(facts);
  const match = await lockOwner(tx, contacts, facts.firstName);
  const clientId = await insertClient(tx, facts, at, match);
  if (match) {
    // Only what nobody has (a claim never takes a contact from its owner): the matched client's stay theirs.
    for (const contact of contacts) await claimContact(tx, clientId, contact);
    return clientId;
  }
  const [first, ...rest] = contacts;
  if (!first || (await claimContact(tx, clientId, first))) {
    for (const contact of rest) await claimContact(tx, clientId, contact);
    return clientId;
  }
  // Another booking made this person's client meanwhile: this one is its possible match.
  const winner = await lockOwner(tx, [first], facts.firstName);
  if (winner === null) throw new Error('The client that took this contact has gone');
  await tx
    .update(clients)
    .set({ possibleMatchOf: winner.clientId, matchBasis: winner.by.kind })
    .where(eq(clients.id, clientId));
  for (const contact of rest) await claimContact(tx, clientId, contact);
  return clientId;
}

/**
 * The client of a booking made before clients existed (linkUnlinkedBookings): found, or created with its
 * contacts, its details following the booking. Only for those old bookings, which the practice itself had
 * taken as they were; a new public booking goes through clientForBooking.
 */
export async function findOrCreateClient(tx: DbOrTx, facts: ClientFacts, at = new Date()): Promise<number> {
  const contacts = contactsOf(facts);
  let clientId = (await lockOwner(tx, contacts, facts.firstName))?.clientId ?? null;

  if (clientId === null) {
    const newId = await insertClient(tx, facts, at, null);
    const [first, ...rest] = contacts;
    if (!first || (await claimContact(tx, newId, first))) {
      for (const contact of rest) await claimContact(tx, newId, contact);
      return newId;
    }
    // Another booking made this person's client meanwhile: theirs it is.
    await tx.delete(clients).where(eq(clients.id, newId));
    clientId = (await lockOwner(tx, [first], facts.firstName))?.clientId ?? null;
    if (clientId === null) throw new Error('The client that took this contact has gone');
  }

  const owned = new Set<ContactKind>();
  for (const contact of contacts) if (await claimContact(tx, clientId, contact)) owned.add(contact.kind);
  await followBooking(tx, clientId, facts, owned, at);
  return clientId;
}

/**
 * The client's details follow the latest booking, except those she corrected by hand. An e-mail or
 * phone that leads to another client is not made this one's.
 */
async function followBooking(
  tx: DbOrTx,
  clientId: number,
  facts: ClientFacts,
  owned: ReadonlySet<ContactKind>,
  at: Date,
): Promise<void> {
  const unlessCorrected = (corrected: AnyPgColumn, value: string, column: AnyPgColumn) =>
    sql<string>`CASE WHEN ${corrected} IS NULL THEN ${value} ELSE ${column} END`;
  await tx
    .update(clients)
    .set({
      firstName: unlessCorrected(clients.nameCorrectedAt, facts.firstName.trim(), clients.firstName),
      lastName: unlessCorrected(clients.nameCorrectedAt, facts.lastName.trim(), clients.lastName),
      ...(owned.has('email')
        ? { email: unlessCorrected(clients.emailCorrectedAt, facts.email.trim(), clients.email) }
        : {}),
      ...(owned.has('phone')
        ? { phone: unlessCorrected(clients.phoneCorrectedAt, facts.phone.trim(), clients.phone) }
        : {}),
      updatedAt: sql`greatest(${clients.updatedAt}, ${at})`,
    })
    .where(eq(clients.id, clientId));
}

const LINK_BATCH = 200;

/**
 * Bookings made before clients existed (or left unlinked): each is linked, oldest first, as if it
 * were booked now, so the client's details end as the latest booking's. Idempotent; a batch per
 * transaction. Answers how many were linked.
 */
export async function linkUnlinkedBookings(db: DbOrTx): Promise<number> {
  let linked = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: bookings.id,
          firstName: bookings.firstName,
          lastName: bookings.lastName,
          email: bookings.email,
          phone: bookings.phone,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .where(sql`${bookings.clientId} IS NULL`)
        .orderBy(bookings.createdAt, bookings.id)
        .limit(LINK_BATCH)
        // Another process starting at once links the others.
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const clientId = await findOrCreateClient(tx, row, row.createdAt);
        await tx.update(bookings).set({ clientId }).where(eq(bookings.id, row.id));
      }
      return rows.length;
    });
    linked += batch;
    if (batch < LINK_BATCH) return linked;
  }
}
