/**
 * The waitlist's changes (docs/product.md §4 "Waitlist"): joining, leaving, her removal, an offer's
 * page, and 'Book this time', which makes a normal pending request through the booking service (every rule
 * checked again, the hold kept for its holder only).
 *
 * Lock order, as every writer of a day keeps it: the day's lock (visits/day-lock.ts) before an entry's row.
 */
import type { BookingRequest, Booking } from '@shared/schemas/booking';
import type { Service } from '@shared/schemas/service';
import type { AdminWaitlistEntry, WaitlistJoin, WaitlistJoined, WaitlistOfferView } from '@shared/schemas/waitlist';
import { serviceOptions } from '@shared/service-options';
import { addDaysToDate, nzToday } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db, DbTx } from '../../db/client';
import { apiError, invalidField, notFound } from '../../http/errors';
import { newCancelToken, type BookingService } from '../bookings/booking-service';
import { createBookingsRepository } from '../bookings/repository';
import { suburbOf } from '../clients/totals';
import { emailContext } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import type { TravelService } from '../travel/service';
import { lockDay } from '../visits/day-lock';
import { joinedEmail } from './emails';
import { createWaitlistRepository, type WaitlistEntryRow, type WaitlistOfferRow } from './repository';

export const ENTRY_NOT_FOUND = 'Waitlist entry not found';
export const OFFER_NOT_FOUND = 'This offer link is not valid. Please check the link in your e-mail.';
export const OFFER_EXPIRED =
  'The hold on this time has ended, so it was offered to the next person on the waitlist. You are still on the list.';
export const OFFER_ACCEPTED = 'You have already booked this time. Your booking request is waiting for approval.';
export const OFFER_WITHDRAWN = 'This offer has been withdrawn, so the time is no longer held for you.';
export const ENTRY_LEFT = 'You have left the waitlist, so this time is no longer held for you.';
export const ENTRY_CLOSED = 'This waitlist entry has ended: it is no longer on the list.';
export const DATES_OUTSIDE = (horizonDays: number) => `Please choose days from today up to ${horizonDays} days ahead`;

export interface WaitlistDeps {
  db: Db;
  config: AppConfig;
  travel: Pick<TravelService, 'assess'>;
  bookings: Pick<BookingService, 'create'>;
  serviceById: (id: number) => Promise<Service | null>;
  now?: () => Date;
}

const joinedView = (e: WaitlistEntryRow): WaitlistJoined => ({
  token: e.token,
  serviceName: e.serviceName,
  duration: e.duration,
  dates: e.dates,
  earliest: e.earliest,
  latest: e.latest,
  status: e.status,
});

/** Why an offer cannot be booked, or null: the first that applies of accepted, withdrawn, expired, entry ended. */
function offerRefusal(offer: WaitlistOfferRow, entry: WaitlistEntryRow, at: Date) {
  if (offer.status === 'accepted') return apiError('WAITLIST_OFFER_ACCEPTED', OFFER_ACCEPTED);
  if (offer.status === 'declined' || offer.status === 'superseded')
    return entry.status === 'left'
      ? apiError('WAITLIST_ENTRY_CLOSED', ENTRY_LEFT)
      : apiError('WAITLIST_OFFER_WITHDRAWN', OFFER_WITHDRAWN);
  if (offer.status === 'expired' || offer.holdUntil <= at) return apiError('WAITLIST_OFFER_EXPIRED', OFFER_EXPIRED);
  if (entry.status === 'left') return apiError('WAITLIST_ENTRY_CLOSED', ENTRY_LEFT);
  if (entry.status !== 'active') return apiError('WAITLIST_ENTRY_CLOSED', ENTRY_CLOSED);
  return null;
}

export function createWaitlistService(deps: WaitlistDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const messageIdHost = hostOf(config.publicUrl);

  /** The offer and its entry by the offer's token, or the 404. */
  async function offerAndEntry(token: string): Promise<{ offer: WaitlistOfferRow; entry: WaitlistEntryRow }> {
    const repo = createWaitlistRepository(db);
    const offer = await repo.offerByToken(token);
    const entry = offer ? await repo.entryById(offer.entryId) : null;
    if (!offer || !entry) throw notFound('WAITLIST_OFFER_NOT_FOUND', OFFER_NOT_FOUND);
    return { offer, entry };
  }

  /**
   * Ends an active entry ('left' by its visitor, 'removed' by her), releasing its live hold with it. The hold's
   * day is locked first (the lock order); if the entry's live offer changed meanwhile, read again.
   */
  async function closeEntry(entryId: number, status: 'left' | 'removed'): Promise<WaitlistEntryRow | null> {
    for (let attempt = 0; ; attempt++) {
      const live = await createWaitlistRepository(db).liveOfferOf(entryId);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        if (live) await lockDay(tx, live.date);
        const repo = createWaitlistRepository(tx);
        const entry = await repo.lockEntry(entryId);
        if (!entry) throw notFound('WAITLIST_ENTRY_NOT_FOUND', ENTRY_NOT_FOUND);
        const current = await repo.liveOfferOf(entryId);
        if ((current?.id ?? null) !== (live?.id ?? null)) return 'again' as const;
        const closed = await repo.closeEntry(entryId, status, at);
        // Its hold ends with it: the trigger writes the day's 'time freed' row for the next person.
        if (closed && current) await repo.closeOffer(current.id, 'superseded', at);
        return closed;
      });
      if (outcome !== 'again') return outcome;
      if (attempt >= 3) throw new Error(`waitlist entry ${entryId} kept changing its offer`);
    }
  }

  /** GET /api/waitlist/offers/{token}: what the e-mailed link shows. Reading never books. */
  async function offerView(token: string): Promise<WaitlistOfferView> {
    const { offer, entry } = await offerAndEntry(token);
    const booking = offer.bookingId === null ? null : await createBookingsRepository(db).findById(offer.bookingId);
    return {
      date: offer.date,
      time: offer.time,
      duration: entry.duration,
      serviceName: entry.serviceName,
      firstName: entry.firstName,
      address: entry.address,
      status: offer.status,
      open: offerRefusal(offer, entry, now()) === null,
      holdUntil: offer.holdUntil.toISOString(),
      bookingToken: booking && booking.erasedAt === null ? booking.cancelToken : null,
    };
  }

  return {
    /** POST /api/waitlist. */
    async join(input: WaitlistJoin): Promise<WaitlistJoined> {
      const service = await deps.serviceById(input.serviceId);
      if (!service) throw invalidField('serviceId', 'Please select a service');
      const option = serviceOptions(service).find((o) => o.duration === input.duration);
      if (!option) throw invalidField('duration', 'Please choose one of the durations this service offers');
      const at = now();
      const today = nzToday(at);
      const last = addDaysToDate(today, config.booking.horizonDays);
      if (input.dates.some((d) => d < today || d > last))
        throw invalidField('dates', DATES_OUTSIDE(config.booking.horizonDays));
      const { quote, location } = await deps.travel.assess(input.address);
      // The quote's message names her service area's distance (docs/product.md §19).
      if (quote.zone === 'refused') throw invalidField('address', quote.message, 'OUTSIDE_SERVICE_AREA');

      const entry = await db.transaction(async (tx) => {
        const repo = createWaitlistRepository(tx);
        const row = await repo.insertEntry({
          token: newCancelToken(),
          serviceId: service.id,
          serviceName: service.name,
          duration: option.duration,
          dates: input.dates,
          lastDate: input.dates[input.dates.length - 1]!,
          earliest: input.earliest,
          latest: input.latest,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          locationLat: location?.lat ?? null,
          locationLon: location?.lon ?? null,
          status: 'active',
          statusChangedAt: at,
        });
        // A time already open on one of the days is offered at once: the job looks at each day now.
        await repo.noteFreed(input.dates);
        await enqueueEmail(tx, joinedEmail(row, emailContext(config)), { messageIdHost });
        return row;
      });
      return joinedView(entry);
    },

    /** GET /api/waitlist/{token}: the leave page. */
    async entryByToken(token: string): Promise<WaitlistJoined> {
      const entry = await createWaitlistRepository(db).entryByToken(token);
      if (!entry) throw notFound('WAITLIST_ENTRY_NOT_FOUND', ENTRY_NOT_FOUND);
      return joinedView(entry);
    },

    /** POST /api/waitlist/{token}/leave: leaving twice answers the same; an entry ended otherwise says so. */
    async leave(token: string): Promise<WaitlistJoined> {
      const entry = await createWaitlistRepository(db).entryByToken(token);
      if (!entry) throw notFound('WAITLIST_ENTRY_NOT_FOUND', ENTRY_NOT_FOUND);
      if (entry.status === 'left') return joinedView(entry);
      const left = await closeEntry(entry.id, 'left');
      if (!left) {
        const current = await createWaitlistRepository(db).entryByToken(token);
        if (current?.status === 'left') return joinedView(current);
        throw apiError('WAITLIST_ENTRY_CLOSED', ENTRY_CLOSED);
      }
      return joinedView(left);
    },

    /** DELETE /api/admin/waitlist/{id}: her Remove. */
    async remove(id: number): Promise<void> {
      const removed = await closeEntry(id, 'removed');
      if (!removed) throw apiError('WAITLIST_ENTRY_CLOSED', ENTRY_CLOSED);
    },

    /** GET /api/admin/waitlist: the active entries in the order they joined, with what each was offered. */
    async list(): Promise<AdminWaitlistEntry[]> {
      const repo = createWaitlistRepository(db);
      const entries = await repo.active();
      const offers = await repo.offersOf(entries.map((e) => e.id));
      return entries.map((e) => ({
        id: e.id,
        firstName: e.firstName,
        lastName: e.lastName,
        email: e.email,
        phone: e.phone,
        serviceName: e.serviceName,
        duration: e.duration,
        dates: e.dates,
        earliest: e.earliest,
        latest: e.latest,
        address: e.address,
        suburb: suburbOf(e.address),
        joinedAt: e.joinedAt.toISOString(),
        offers: offers
          .filter((o) => o.entryId === e.id)
          .map((o) => ({
            date: o.date,
            time: o.time,
            status: o.status,
            holdUntil: o.holdUntil.toISOString(),
            createdAt: o.createdAt.toISOString(),
            bookingId: o.bookingId,
          })),
      }));
    },

    offerView,

    /**
     * POST /api/waitlist/offers/{token}/accept: a normal pending request for the offered time, made by the
     * booking service with every rule checked again under the day's lock. The hold is claimed inside that
     * transaction (its time excluded for this request only), so an accept racing the hold's expiry, another
     * offer or a visitor's request either books or changes nothing.
     */
    async accept(token: string): Promise<Booking> {
      const { offer, entry } = await offerAndEntry(token);
      const refusal = offerRefusal(offer, entry, now());
      if (refusal) throw refusal;
      const request: BookingRequest = {
        serviceLengthId: entry.serviceId,
        duration: entry.duration,
        date: offer.date,
        time: offer.time,
        address: entry.address,
        firstName: entry.firstName,
        lastName: entry.lastName,
        email: entry.email,
        phone: entry.phone,
        hasInjuries: false,
        injuryDetails: null,
        notes: null,
        travelCost: 0,
        smsOptIn: false,
      };
      const { booking } = await deps.bookings.create(request, { waitlistOffer: offer.id }, undefined, {
        offerId: offer.id,
        async claim(tx: DbTx) {
          const at = now();
          const repo = createWaitlistRepository(tx);
          const current = await repo.lockEntry(entry.id);
          const claimed =
            current?.status === 'active' ? await repo.closeOffer(offer.id, 'accepted', at, { holdAfter: at }) : null;
          if (!claimed) {
            // Read again under the lock: say what happened (the hold ran out, she removed the entry, ...).
            const latest = await repo.offerByToken(token);
            throw (
              (latest && current && offerRefusal(latest, current, at)) ??
              apiError('WAITLIST_OFFER_EXPIRED', OFFER_EXPIRED)
            );
          }
          await repo.closeEntry(entry.id, 'booked', at);
        },
        async booked(tx: DbTx, created: Booking) {
          await createWaitlistRepository(tx).linkBooking(offer.id, created.id);
        },
      });
      return booking;
    },

    /** POST /api/waitlist/offers/{token}/decline: the time goes to the next person; the entry stays on the list. */
    async decline(token: string): Promise<WaitlistOfferView> {
      const { offer, entry } = await offerAndEntry(token);
      const refusal = offerRefusal(offer, entry, now());
      if (refusal) throw refusal;
      await db.transaction(async (tx) => {
        await lockDay(tx, offer.date);
        const closed = await createWaitlistRepository(tx).closeOffer(offer.id, 'declined', now());
        if (!closed) throw apiError('WAITLIST_OFFER_EXPIRED', OFFER_EXPIRED);
      });
      return offerView(token);
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
