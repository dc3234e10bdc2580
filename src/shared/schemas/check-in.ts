/**
 * Check-in (docs/product.md §16 "Check-in"): her safety contact in Settings, her 'Arrived' /
 * 'Leaving' presses on the day sheet, and the state the server answers. One source for both sides.
 */
import { z } from 'zod';
import { singleLine } from './text';
import { isValidDateString } from '../time';

/** The grace after a visit's planned end before her safety contact is alerted. */
export const GRACE_MINUTES = { min: 5, max: 240, default: 30 } as const;

export const SAFETY_NAME_REQUIRED = "Please enter your safety contact's name";
export const SAFETY_EMAIL_INVALID = "Please enter your safety contact's e-mail address";
export const SAFETY_GRACE_RANGE = `The grace must be a whole number of minutes from ${GRACE_MINUTES.min} to ${GRACE_MINUTES.max}`;

/**
 * GET/PUT /api/admin/safety. With `enabled` off nothing is sent; turning it on needs a name and an e-mail
 * (an empty contact may be saved while it is off).
 */
export const safetySettingsSchema = z
  .object({
    contactName: z
      .string({ error: SAFETY_NAME_REQUIRED })
      .trim()
      .max(100, 'Please keep the name under 100 characters')
      .refine(...singleLine),
    contactEmail: z
      .string({ error: SAFETY_EMAIL_INVALID })
      .trim()
      .max(254, SAFETY_EMAIL_INVALID)
      .refine((v) => v === '' || z.email().safeParse(v).success, SAFETY_EMAIL_INVALID),
    graceMinutes: z.coerce
      .number({ error: SAFETY_GRACE_RANGE })
      .int(SAFETY_GRACE_RANGE)
      .min(GRACE_MINUTES.min, SAFETY_GRACE_RANGE)
      .max(GRACE_MINUTES.max, SAFETY_GRACE_RANGE),
    enabled: z.boolean({ error: 'Please say whether check-in alerts are on' }),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (v.contactName === '') ctx.addIssue({ code: 'custom', path: ['contactName'], message: SAFETY_NAME_REQUIRED });
    if (v.contactEmail === '') ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: SAFETY_EMAIL_INVALID });
  });
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

export const CHECK_IN_KINDS = ['arrived', 'leaving'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];

/** POST /api/admin/bookings/{id}/check-in: one press, as the phone recorded it (maybe hours ago, offline). */
export const checkInPressSchema = z.object({
  kind: z.enum(CHECK_IN_KINDS, { error: "The press must be 'arrived' or 'leaving'" }),
  at: z.iso.datetime({ offset: true, error: 'The time of the press must be an ISO date-time' }),
  pressId: z.uuid({ error: 'The press id must be a UUID' }),
});
export type CheckInPress = z.infer<typeof checkInPressSchema>;

/** Where a visit's check-in stands. `*FromServer`: the phone's time was out of bounds, the server's was used. */
export const checkInStateSchema = z.object({
  bookingId: z.number().int(),
  arrivedAt: z.string().nullable(),
  arrivedAtFromServer: z.boolean(),
  leftAt: z.string().nullable(),
  leftAtFromServer: z.boolean(),
  /** When her safety contact was alerted, if she was overdue. */
  overdueAlertAt: z.string().nullable(),
  allClearAt: z.string().nullable(),
});
export type CheckInState = z.infer<typeof checkInStateSchema>;

/** GET /api/admin/check-ins?date=YYYY-MM-DD */
export const checkInDayQuerySchema = z.object({
  date: z
    .string({ error: 'Please give a date as YYYY-MM-DD' })
    .refine(isValidDateString, 'Please give a date as YYYY-MM-DD'),
});
