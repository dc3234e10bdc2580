import { describe, expect, it } from 'vitest';
import type { ClientSummary, ClientVisit } from '@shared/schemas/client';
import {
  clientIdFromParam,
  clientRowView,
  formatClientDate,
  formatClientInstant,
  newestFirst,
  statusView,
  totalsRows,
  visitsText,
  visitView,
} from './client-view';

const visit = (overrides: Partial<ClientVisit> = {}): ClientVisit => ({
  bookingId: 1,
  date: '2026-12-03',
  time: '14:30',
  status: 'confirmed',
  serviceName: 'Relaxation Massage',
  duration: 60,
  price: 8000,
  travelCost: 1250,
  address: '12 Bow Street, Raglan',
  outcome: null,
  lateCancellation: false,
  hasNote: false,
  balance: { totalCents: 9250, receivedCents: 0, owedCents: 9250, status: 'unpaid' },
  ...overrides,
});

describe('client dates', () => {
  it('writes a calendar date as "Tue 3 Dec 2026", whatever the browser’s zone (Los Angeles here)', () => {
    expect(formatClientDate('2026-12-03')).toBe('Thu 3 Dec 2026');
    expect(formatClientDate('2026-12-01')).toBe('Tue 1 Dec 2026');
    expect(formatClientDate('not a date')).toBe('not a date');
  });

  it('writes an instant as its Auckland date, and nothing for no instant', () => {
    // 11:00 UTC on 2 Dec is 00:00 on 3 Dec in Auckland (NZDT, +13).
    expect(formatClientInstant('2026-12-02T11:00:00.000Z')).toBe('Thu 3 Dec 2026');
    expect(formatClientInstant('2026-12-02T10:59:00.000Z')).toBe('Wed 2 Dec 2026');
    expect(formatClientInstant(null)).toBeNull();
    expect(formatClientInstant('garbage')).toBeNull();
  });
});

describe('totals', () => {
  it('lists visits, upcoming, spend in NZ dollars, cancellations, no-shows and late cancellations', () => {
    expect(
      totalsRows({ visits: 12, upcoming: 1, spend: 123456, cancellations: 2, noShows: 0, lateCancellations: 1 }),
    ).toEqual([
      { label: 'Visits', value: '12' },
      { label: 'Upcoming', value: '1' },
      { label: 'Spend', value: '$1,234.56' },
      { label: 'Cancellations', value: '2' },
      { label: 'No-shows', value: '0' },
      { label: 'Late cancellations', value: '1' },
    ]);
  });

  it('counts visits in words', () => {
    expect(visitsText(0)).toBe('No visits');
    expect(visitsText(1)).toBe('1 visit');
    expect(visitsText(3)).toBe('3 visits');
  });
});

describe('a visit', () => {
  it('shows its date, 12-hour time, duration, price and travel fee', () => {
    expect(visitView(visit())).toEqual({
      id: 1,
      date: 'Thu 3 Dec 2026',
      time: '2:30 PM',
      service: 'Relaxation Massage',
      duration: '60 minutes',
      status: { label: 'Confirmed', tone: 'success' },
      price: '$80.00',
      travelFee: '$12.50',
      address: '12 Bow Street, Raglan',
    });
    expect(visitView(visit({ travelCost: 0 })).travelFee).toBe('Free');
  });

  it('names each status, and one it does not know as itself', () => {
    expect(statusView('pending')).toEqual({ label: 'Pending', tone: 'warning' });
    expect(statusView('cancelled')).toEqual({ label: 'Cancelled', tone: 'destructive' });
    expect(statusView('rejected')).toEqual({ label: 'Declined', tone: 'secondary' });
    expect(statusView('no_show')).toEqual({ label: 'No show', tone: 'secondary' });
  });

  it('orders visits newest first, by date and then time', () => {
    const visits = [
      visit({ bookingId: 1, date: '2026-01-05', time: '09:00' }),
      visit({ bookingId: 2, date: '2026-03-01', time: '09:00' }),
      visit({ bookingId: 3, date: '2026-03-01', time: '15:00' }),
    ];
    expect(newestFirst(visits).map((v) => v.bookingId)).toEqual([3, 2, 1]);
    expect(visits.map((v) => v.bookingId)).toEqual([1, 2, 3]);
  });
});

describe('the list row', () => {
  const summary: ClientSummary = {
    id: 7,
    name: 'Mere Tester',
    email: 'mere@example.nz',
    phone: '+64211234567',
    visits: 2,
    lastVisitAt: null,
    suburb: 'Raglan',
    alerts: [],
    possibleMatch: null,
  };

  it('links to the client page and says when there was no visit yet', () => {
    expect(clientRowView(summary)).toMatchObject({ href: '/admin/clients/7', visits: '2', lastVisit: null });
  });

  it('carries the possible match of a request’s client (issue 39), and none otherwise', () => {
    const match = { clientId: 3, name: 'Aroha Client', same: ['e-mail' as const], different: [] };
    expect(clientRowView({ ...summary, possibleMatch: match }).possibleMatch).toEqual(match);
    expect(clientRowView(summary).possibleMatch).toBeNull();
  });
});

describe('the id in the path', () => {
  it('takes a positive whole number only', () => {
    expect(clientIdFromParam('42')).toBe(42);
    expect(clientIdFromParam('0')).toBeNull();
    expect(clientIdFromParam('4.2')).toBeNull();
    expect(clientIdFromParam('abc')).toBeNull();
    expect(clientIdFromParam(undefined)).toBeNull();
    expect(clientIdFromParam('99999999999999999999')).toBeNull();
  });
});
