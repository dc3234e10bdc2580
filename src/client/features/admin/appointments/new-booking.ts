/**
 * 'New booking' (docs/product.md §4 "Bookings she takes herself"), pure: the form's starting values, what a
 * client or a waitlist entry fills in, which refusals she may book anyway, and the address that opens the dialog from
 * another tab (`/admin/appointments?book=client-12`, shared/admin-paths.ts). Imports only @shared and the shared
 * admin paths, so the unit tests can load it.
 */
import type { ErrorCode } from '@shared/error-codes';
import type { AdminBookingInput, AdminBookingStatus } from '@shared/schemas/admin-booking';
import type { ClientDetail } from '@shared/schemas/client';
import type { Service } from '@shared/schemas/service';
import type { AdminWaitlistEntry } from '@shared/schemas/waitlist';
import { displayServiceName, serviceOptions } from '@shared/service-options';
import type { BookingSource } from '../shared/admin-paths';

/** The form as she fills it: selects and inputs hold text. */
export interface NewBookingValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  serviceLengthId: string;
  duration: string;
  date: string;
  time: string;
  address: string;
  status: AdminBookingStatus;
  notifyClient: boolean;
}

export type { BookingSource };

export function emptyBooking(date: string): NewBookingValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    serviceLengthId: '',
    duration: '',
    date,
    time: '',
    address: '',
    status: 'confirmed',
    notifyClient: true,
  };
}

/** The body of POST /api/admin/bookings; `waitlistEntryId`: the entry 'Book' opened it from (it ends, booked). */
export function bookingBody(
  values: NewBookingValues,
  clientId: number | null,
  override: boolean,
  waitlistEntryId: number | null = null,
): AdminBookingInput {
  return {
    ...(clientId === null ? {} : { clientId }),
    ...(waitlistEntryId === null ? {} : { waitlistEntryId }),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    serviceLengthId: Number(values.serviceLengthId) || 0,
    duration: Number(values.duration) || 0,
    date: values.date,
    time: values.time,
    address: values.address,
    status: values.status,
    notifyClient: values.notifyClient,
    override,
  };
}

/** The service and duration of a name she booked before (a service renamed since is not guessed). */
function serviceNamed(
  services: readonly Service[],
  name: string,
  duration: number,
): Pick<NewBookingValues, 'serviceLengthId' | 'duration'> | null {
  const wanted = displayServiceName(name).toLocaleLowerCase('en-NZ');
  const service = services.find((s) => displayServiceName(s.name).toLocaleLowerCase('en-NZ') === wanted);
  if (!service) return null;
  const options = serviceOptions(service);
  const option = options.find((o) => o.duration === duration) ?? options[0];
  return option ? { serviceLengthId: String(service.id), duration: String(option.duration) } : null;
}

/** A client's details, the address used last, and their last service and duration ('Book again'). */
export function valuesFromClient(client: ClientDetail, services: readonly Service[]): Partial<NewBookingValues> {
  const address = [...client.addresses].sort((a, b) => b.lastUsedOn.localeCompare(a.lastUsedOn))[0]?.address ?? '';
  // Visits come newest first; a declined request says nothing about what they have.
  const last = client.visits.find((v) => v.status === 'confirmed') ?? client.visits[0];
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    address,
    ...(last ? (serviceNamed(services, last.serviceName, last.duration) ?? {}) : {}),
  };
}

/** A waitlist entry: their details, service, address, first wished date still to come and earliest start. */
export function valuesFromWaitlist(
  entry: AdminWaitlistEntry,
  services: readonly Service[],
  today: string,
): Partial<NewBookingValues> {
  const date = entry.dates.find((d) => d >= today);
  return {
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    phone: entry.phone,
    address: entry.address,
    ...(date ? { date, time: entry.earliest } : {}),
    ...(serviceNamed(services, entry.serviceName, entry.duration) ?? {}),
  };
}

/** The visitor's refusals she may take 'Book anyway' over; never another visit (BOOKING_OVERLAP) or the past. */
const OVERRIDABLE: readonly ErrorCode[] = ['SLOT_TAKEN', 'ROUTE_DOES_NOT_FIT', 'OUTSIDE_SERVICE_AREA'];
export const canOverride = (code: ErrorCode | null): boolean => code !== null && OVERRIDABLE.includes(code);

const SOURCE = /^(client|waitlist)-([1-9]\d{0,9})$/;

/** `?book=client-12` or `?book=waitlist-3` (ids only: no personal detail in an address bar); `?book=new` is empty. */
export function bookingSourceOf(search: string): BookingSource | 'new' | null {
  const value = new URLSearchParams(search).get('book');
  if (value === 'new') return 'new';
  const match = value ? SOURCE.exec(value) : null;
  return match ? { kind: match[1] as BookingSource['kind'], id: Number(match[2]) } : null;
}

/** Her words in 'New booking'. */
export const NEW_BOOKING_TEXTS = {
  open: 'New booking',
  title: 'New booking',
  description:
    "A booking you take yourself, by phone or in person. A visitor's rules apply, and you can book anyway when one is in the way.",
  clientLegend: 'Client',
  findClient: 'Find a client',
  findPlaceholder: 'Name, e-mail, phone or suburb',
  noClientFound: 'No client found: enter their details below as a new client.',
  newClientHint: 'Or enter a new client below.',
  bookingFor: (name: string) => `Booking for ${name}`,
  fromWaitlist: (name: string) => `From the waitlist: ${name} leaves the list once this is booked.`,
  changeClient: 'Other client',
  loadingClient: 'Loading the client…',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  service: 'Service',
  chooseService: 'Choose a service',
  duration: 'Duration',
  date: 'Date',
  time: 'Time (NZ time)',
  freeTimes: 'Free for a visitor at this address',
  noFreeTimes: 'No time is free for a visitor that day: type the time you agreed.',
  address: 'Address',
  statusLegend: 'Status',
  confirmed: 'Confirmed',
  confirmedHint: 'Booked now: the client gets the confirmation.',
  pending: 'Pending',
  pendingHint: 'Held for you to confirm later.',
  notify: 'E-mail the client',
  notifyHint: 'The usual e-mail, with the health form link when they need one.',
  cancel: 'Cancel',
  book: 'Book',
  booking: 'Booking…',
  bookAnyway: 'Book anyway…',
  anywayTitle: 'Book anyway?',
  anywayAdvice:
    "The booking is saved against this rule. It is noted on the booking and in the client's access log with your name.",
  anywayConfirm: 'Yes, book anyway',
  goBack: 'Go back',
  saved: 'Booking saved',
  failed: 'The booking could not be saved. Please try again.',
} as const;
