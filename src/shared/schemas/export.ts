import { z } from 'zod';
import { addDaysToDate, isValidDateString } from '../time';

/** 'confirmed': her income (the default); 'all': every booking of the range with its status. */
export const EXPORT_STATUSES = ['confirmed', 'all'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A year and a day, so a whole (leap) financial year fits in one file. */
export const MAX_EXPORT_DAYS = 366;

export const EXPORT_MESSAGES = {
  fromRequired: 'Please choose a start date',
  fromInvalid: 'The start date must be a date (yyyy-MM-dd)',
  toRequired: 'Please choose an end date',
  toInvalid: 'The end date must be a date (yyyy-MM-dd)',
  toBeforeFrom: 'The end date must be on or after the start date',
  tooLong: `Choose a range of at most ${MAX_EXPORT_DAYS} days`,
  status: "Status must be 'confirmed' or 'all'",
} as const;

/** A required NZ calendar date field (yyyy-MM-dd) with its two messages; the money summary's range uses it too. */
export const dateField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .refine((v) => v !== '', { message: required, abort: true })
    .refine(isValidDateString, invalid);

/**
 * GET /api/admin/bookings/export.csv and the 'Export bookings' form: NZ calendar dates,
 * both inclusive, in order, at most MAX_EXPORT_DAYS days.
 */
export const bookingsExportQuerySchema = z
  .object({
    from: dateField(EXPORT_MESSAGES.fromRequired, EXPORT_MESSAGES.fromInvalid),
    to: dateField(EXPORT_MESSAGES.toRequired, EXPORT_MESSAGES.toInvalid),
    status: z.enum(EXPORT_STATUSES, { error: EXPORT_MESSAGES.status }).default('confirmed'),
  })
  .superRefine(({ from, to }, ctx) => {
    if (!isValidDateString(from) || !isValidDateString(to)) return;
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.toBeforeFrom });
    else if (to > addDaysToDate(from, MAX_EXPORT_DAYS - 1))
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.tooLong });
  });
/** GET /api/admin/mileage.csv (docs/product.md §10): the same NZ date range as the bookings export. */
export const mileageQuerySchema = bookingsExportQuerySchema.transform(({ from, to }) => ({ from, to }));

export type BookingsExportInput = z.input<typeof bookingsExportQuerySchema>;
export type BookingsExportQuery = z.output<typeof bookingsExportQuerySchema>;

/** The export's address, built from validated values (the client's download and the tests). */
export function bookingsExportUrl({ from, to, status }: BookingsExportQuery): string {
  return `/api/admin/bookings/export.csv?${new URLSearchParams({ from, to, status }).toString()}`;
}

/** The file name the server gives the download. */
export const bookingsExportFilename = (from: string, to: string) => `bookings-${from}-to-${to}.csv`;

/** The mileage log of the same range (docs/product.md §10): her confirmed visits' legs. */
export const mileageExportUrl = ({ from, to }: Pick<BookingsExportQuery, 'from' | 'to'>) =>
  `/api/admin/mileage.csv?${new URLSearchParams({ from, to }).toString()}`;
export const mileageExportFilename = (from: string, to: string) => `mileage-${from}-to-${to}.csv`;
