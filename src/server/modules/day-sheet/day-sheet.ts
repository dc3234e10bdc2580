/**
 * Her day sheet (docs/product.md §17): the confirmed visits of one NZ day in route order with what she needs at the
 * door. The route, drives and km are the day route's (scheduling/day-route.ts); the alerts and red flags are the
 * summaries her pending cards show (clients, health-forms); what each still owes is the ledger's (payments,
 * docs/product.md §18.1). Pending requests are left out: she only drives to confirmed visits.
 */
import type { DayRoute } from '@shared/schemas/day-route';
import type { DaySheet, DaySheetVisit } from '@shared/schemas/day-sheet';
import type { DbOrTx } from '../../db/client';
import type { bookings } from '../../db/schema';
import { alertsFor, type AlertTexts } from '../clients/alert-texts';
import { suburbOf } from '../clients/totals';
import { healthFor, type ClientHealth } from '../health-forms/health-of';
import type { HealthOf } from '../health-forms/health-of';
import { routeOfDay, routePoints, visitOf, type RouteConfig } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import { createHoursRepository } from '../hours/repository';
import { createVisitsRepository } from '../visits/repository';
import { balanceOf, paymentsOfBookings, type PaymentEntry } from '../payments/ledger';

type BookingRow = typeof bookings.$inferSelect;

/** The sheet from the day's confirmed rows and their route; pure. */
export function sheetOf(
  rows: readonly BookingRow[],
  route: DayRoute,
  alerts: Map<number, string[]>,
  health: Map<number, ClientHealth>,
  generatedAt: Date,
  /** Each visit's payments (docs/product.md §18.1): the sheet says what it still owes. */
  paid: ReadonlyMap<number, readonly PaymentEntry[]> = new Map(),
): DaySheet {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visits = route.bookingIds.map((id): DaySheetVisit => {
    const r = byId.get(id)!;
    // The leg that arrives at this visit: from base for the first, from the one before for the others.
    const leg = route.legs.find((l) => l.toBookingId === id);
    return {
      bookingId: r.id,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      clientName: `${r.firstName} ${r.lastName}`.trim(),
      address: r.address,
      suburb: suburbOf(r.address),
      phone: r.phone,
      service: r.serviceName,
      durationMinutes: r.duration,
      alerts: alertsFor(alerts, r.clientId),
      healthFlags: healthFor(health, r.clientId).flags,
      driveFromPreviousMinutes: leg?.driveMinutes ?? null,
      driveKm: leg?.km ?? null,
      balance: balanceOf(r, paid.get(r.id) ?? []),
    };
  });
  return { date: route.date, generatedAt: generatedAt.toISOString(), visits, totalKm: route.totalKm };
}

export function createDaySheetReader(
  db: DbOrTx,
  config: RouteConfig,
  drives: DriveSource,
  alertTexts: AlertTexts,
  healthOf: HealthOf,
) {
  return async function daySheet(date: string, now = new Date()): Promise<DaySheet> {
    const rows = (await createVisitsRepository(db).activeOnDate(date, now)).filter((r) => r.status === 'confirmed');
    const hours = await createHoursRepository(db).ofDate(date);
    await drives.prefetch(routePoints(config.practice.base, rows.map(visitOf)));
    const route = routeOfDay(date, rows, hours, config, drives.lookup);
    const clientIds = rows.map((r) => r.clientId);
    const [alerts, health] = await Promise.all([alertTexts(clientIds), healthOf(clientIds)]);
    const paid = await paymentsOfBookings(
      db,
      rows.map((r) => r.id),
    );
    return sheetOf(rows, route, alerts, health, now, paid);
  };
}
