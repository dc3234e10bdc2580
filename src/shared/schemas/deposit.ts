/**
 * Deposits (docs/product.md §18.2): her money settings and a booking's deposit as the client sees it.
 */
import { z } from 'zod';
import { DEPOSIT_APPLIES_TO, DEPOSIT_STATUSES } from '../deposits';

/** GET/PUT /api/admin/money/settings. */
export const moneySettingsSchema = z.object({
  depositAppliesTo: z.enum(DEPOSIT_APPLIES_TO, {
    error: "Deposits apply to 'everyone' or 'first-time' clients",
  }),
  keepDepositOnLateCancel: z.boolean({ error: 'Keep the deposit on a late cancellation: true or false' }),
});
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

/**
 * A booking's deposit on the client's answers (POST /api/bookings, GET /api/bookings/token/{token}): how much,
 * the bank account and the reference to quote, when it is due (ISO instant), and whether it has arrived.
 */
export const bookingDepositSchema = z
  .object({
    amountCents: z.number().int(),
    reference: z.string(),
    bankAccount: z.string(),
    dueBy: z.string(),
    /** The DEPOSIT_DUE_HOURS the server runs with, for 'Please pay within 24 hours'. */
    dueHours: z.number(),
    /** The visit starts sooner than that: the deposit is due by its start instead. */
    dueBeforeVisit: z.boolean(),
    status: z.enum(DEPOSIT_STATUSES),
  })
  .meta({ id: 'BookingDeposit' });
export type BookingDeposit = z.infer<typeof bookingDepositSchema>;
