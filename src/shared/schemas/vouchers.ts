/**
 * Gift vouchers (docs/product.md §18.5, docs/decisions/039-gift-vouchers.md): the public page's options and
 * purchase, the code's lookup, a voucher given for a visit, and her off-line sales, list and settings.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { isValidDateString } from '../time';
import { VOUCHER_MAX_EXPIRY_MONTHS, VOUCHER_MIN_EXPIRY_MONTHS, VOUCHER_STATUSES } from '../vouchers';
import { multiLine, singleLine } from './text';

export const VOUCHER_MESSAGE_MAX = 300;
/** The most a voucher may be worth ($1,000): the migration's check too. */
export const VOUCHER_MAX_CENTS = 100_000;
/** How far ahead the buyer may choose the day it is sent. */
export const VOUCHER_SEND_AHEAD_DAYS = 366;
export const VOUCHER_PRESETS_MAX = 8;

export const VOUCHER_MESSAGES = {
  chooseValue: 'Choose an amount or a massage',
  notOffered: 'That amount is not offered: choose one of the amounts shown',
  serviceNotOffered: 'That massage is not offered as a voucher: choose one shown',
  nameRequired: 'Please enter a name',
  emailInvalid: 'Please enter a valid email',
  messageTooLong: `Please keep the message under ${VOUCHER_MESSAGE_MAX} characters`,
  sendOnInvalid: 'Choose the day it is sent (yyyy-MM-dd)',
  sendOnPast: 'The day it is sent cannot be in the past',
  sendOnTooFar: 'Choose a day within a year',
  codeInvalid: 'Please enter the code as printed on the voucher',
  notFound: 'No voucher matches that code: check it and try again',
  expired: 'This voucher has expired',
  spent: 'Nothing is left on this voucher',
  tooManyLookups: 'Too many codes tried: please wait a while and try again',
  tooManyPurchases: 'Too many vouchers started from here: please wait a while and try again',
  bookingClosed: 'A voucher can only be given for a visit that is requested or confirmed',
  bookingHasVoucher: 'A voucher is already given for this visit',
  cardsOff: 'Gift vouchers cannot be bought online at the moment: please get in touch',
  amountInvalid: 'Enter an amount above $0 and at most $1,000.00, in whole cents',
  presetsInvalid: `Offer between 1 and ${VOUCHER_PRESETS_MAX} amounts, each above $0 and at most $1,000.00`,
  expiryTooShort: `A voucher must last at least ${VOUCHER_MIN_EXPIRY_MONTHS} months (three years): the law's minimum`,
  expiryTooLong: `At most ${VOUCHER_MAX_EXPIRY_MONTHS} months`,
  soldOnFuture: 'The sale date cannot be in the future',
  sendNeedsEmail: "A voucher e-mailed on a day needs the recipient's e-mail",
} as const;

const name = z
  .string({ error: VOUCHER_MESSAGES.nameRequired })
  .trim()
  .min(1, VOUCHER_MESSAGES.nameRequired)
  .max(LIMITS.nameMax)
  .refine(...singleLine);
const email = z
  .string({ error: VOUCHER_MESSAGES.emailInvalid })
  .trim()
  .refine(...singleLine)
  .pipe(z.email(VOUCHER_MESSAGES.emailInvalid).max(LIMITS.emailMax));
const optionalEmail = z
  .string({ error: VOUCHER_MESSAGES.emailInvalid })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email(VOUCHER_MESSAGES.emailInvalid).max(LIMITS.emailMax).nullable());
const message = z
  .string({ error: VOUCHER_MESSAGES.messageTooLong })
  .trim()
  .max(VOUCHER_MESSAGE_MAX, VOUCHER_MESSAGES.messageTooLong)
  .refine(...multiLine)
  .nullish()
  .transform((v) => (v ? v : null));
/** A NZ date; the route checks it against today (NZ), which a schema shared with the browser cannot know well. */
const sendOn = z
  .string({ error: VOUCHER_MESSAGES.sendOnInvalid })
  .refine(isValidDateString, VOUCHER_MESSAGES.sendOnInvalid)
  .nullish()
  .transform((v) => v ?? null);
const cents = z
  .number({ error: VOUCHER_MESSAGES.amountInvalid })
  .int(VOUCHER_MESSAGES.amountInvalid)
  .min(1, VOUCHER_MESSAGES.amountInvalid)
  .max(VOUCHER_MAX_CENTS, VOUCHER_MESSAGES.amountInvalid);

/** A massage offered as a voucher: one duration of a service, at its price. */
export const voucherServiceOptionSchema = z.object({
  /** The service's id (the booking form's name for it). */
  serviceLengthId: z.number().int(),
  duration: z.number().int(),
  /** 'Swedish Massage, 60 min' */
  label: z.string(),
  priceCents: z.number().int(),
});
export type VoucherServiceOption = z.infer<typeof voucherServiceOptionSchema>;

/** GET /api/vouchers/options */
export const voucherOptionsSchema = z
  .object({
    /** Card payments are set up: the page can sell. */
    canBuy: z.boolean(),
    amountsCents: z.array(z.number().int()),
    services: z.array(voucherServiceOptionSchema),
    expiryMonths: z.number().int(),
    /** Today in New Zealand: the first day the e-mail can go. */
    today: z.string(),
  })
  .meta({ id: 'VoucherOptions' });
export type VoucherOptions = z.infer<typeof voucherOptionsSchema>;

/** POST /api/vouchers: an amount she offers, or a service (its price); never a figure the browser made up. */
export const voucherPurchaseSchema = z
  .object({
    amountCents: cents.optional(),
    serviceLengthId: z.number({ error: VOUCHER_MESSAGES.chooseValue }).int().positive().optional(),
    /** Which of the service's durations; its first when left out. */
    duration: z.number({ error: VOUCHER_MESSAGES.serviceNotOffered }).int().positive().optional(),
    buyer: z.object({ name, email }),
    recipient: z.object({ name, email }),
    message,
    /** The NZ date the recipient's e-mail goes; today when left out. */
    sendOn,
  })
  .superRefine((v, ctx) => {
    if ((v.amountCents === undefined) === (v.serviceLengthId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: VOUCHER_MESSAGES.chooseValue });
    }
  });
export type VoucherPurchaseInput = z.input<typeof voucherPurchaseSchema>;
export type VoucherPurchase = z.output<typeof voucherPurchaseSchema>;

export const voucherPurchaseAnswerSchema = z.object({ url: z.string() }).meta({ id: 'VoucherCheckout' });

/** GET /api/vouchers/{code}: what is left and until when, nothing about who. */
export const voucherLookupSchema = z
  .object({
    balanceCents: z.number().int(),
    expiresOn: z.string(),
    status: z.enum(VOUCHER_STATUSES),
  })
  .meta({ id: 'VoucherLookup' });
export type VoucherLookup = z.infer<typeof voucherLookupSchema>;

export const voucherCodeParamsSchema = z.object({ code: z.string().max(64) });

/** POST /api/bookings/token/{token}/voucher */
export const bookingVoucherInputSchema = z.object({
  code: z
    .string({ error: VOUCHER_MESSAGES.codeInvalid })
    .trim()
    .min(1, VOUCHER_MESSAGES.codeInvalid)
    .max(64, VOUCHER_MESSAGES.codeInvalid),
});

/** The voucher given for a visit, as its client sees it. */
export const bookingVoucherSchema = z
  .object({
    /** The code's last four characters. */
    codeHint: z.string(),
    /** 'waiting': taken when she confirms the visit; 'used': a voucher payment was recorded. */
    state: z.enum(['waiting', 'used']),
    /** Taken from the voucher (used), or what it would take now (waiting). */
    amountCents: z.number().int(),
    /** What is left on the voucher after this visit. */
    balanceAfterCents: z.number().int(),
    expiresOn: z.string(),
  })
  .meta({ id: 'BookingVoucher' });
export type BookingVoucher = z.infer<typeof bookingVoucherSchema>;
export const bookingVoucherAnswerSchema = z.object({ voucher: bookingVoucherSchema.nullable() });
export type BookingVoucherAnswer = z.infer<typeof bookingVoucherAnswerSchema>;

/** Her voucher settings as sent (PUT /api/admin/vouchers/settings): the amounts sorted, each once. */
export const voucherSettingsInputSchema = z.object({
  presetAmountsCents: z
    .array(cents, { error: VOUCHER_MESSAGES.presetsInvalid })
    .min(1, VOUCHER_MESSAGES.presetsInvalid)
    .max(VOUCHER_PRESETS_MAX, VOUCHER_MESSAGES.presetsInvalid)
    .transform((a) => [...new Set(a)].sort((x, y) => x - y)),
  offerServices: z.boolean({ error: 'offerServices must be true or false' }),
  expiryMonths: z
    .number({ error: VOUCHER_MESSAGES.expiryTooShort })
    .int(VOUCHER_MESSAGES.expiryTooShort)
    .min(VOUCHER_MIN_EXPIRY_MONTHS, VOUCHER_MESSAGES.expiryTooShort)
    .max(VOUCHER_MAX_EXPIRY_MONTHS, VOUCHER_MESSAGES.expiryTooLong),
});
export type VoucherSettingsInput = z.input<typeof voucherSettingsInputSchema>;

/** Her voucher settings as saved (GET/PUT /api/admin/vouchers/settings). */
export const voucherSettingsSchema = z
  .object({
    presetAmountsCents: z.array(z.number().int()),
    offerServices: z.boolean(),
    expiryMonths: z.number().int(),
  })
  .meta({ id: 'VoucherSettings' });
export type VoucherSettings = z.infer<typeof voucherSettingsSchema>;

export const VOUCHER_SALE_METHODS = ['cash', 'bank-transfer', 'card'] as const;
export const VOUCHER_SALE_METHOD_LABELS: Record<(typeof VOUCHER_SALE_METHODS)[number], string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  card: 'Card',
};

/** POST /api/admin/vouchers: one she sold off-line (paper, at a market, by bank transfer). */
export const adminVoucherSaleSchema = z
  .object({
    valueCents: cents,
    saleMethod: z.enum(VOUCHER_SALE_METHODS, { error: 'Choose how it was paid' }),
    /** The NZ date it was paid; today when left out. */
    soldOn: z
      .string({ error: VOUCHER_MESSAGES.sendOnInvalid })
      .refine(isValidDateString, 'The sale date must be a date (yyyy-MM-dd)')
      .optional(),
    buyer: z.object({ name, email: optionalEmail }),
    recipient: z.object({ name, email: optionalEmail }),
    message,
    /** E-mail the voucher to the recipient on this NZ date (needs their e-mail); none when left out. */
    sendOn,
  })
  .superRefine((v, ctx) => {
    if (v.sendOn && !v.recipient.email) {
      ctx.addIssue({ code: 'custom', path: ['recipient', 'email'], message: VOUCHER_MESSAGES.sendNeedsEmail });
    }
  });
export type AdminVoucherSaleInput = z.input<typeof adminVoucherSaleSchema>;
export type AdminVoucherSale = z.output<typeof adminVoucherSaleSchema>;

/** A voucher in her list. */
export const adminVoucherSchema = z
  .object({
    id: z.number().int(),
    codeHint: z.string(),
    valueCents: z.number().int(),
    usedCents: z.number().int(),
    balanceCents: z.number().int(),
    status: z.enum(VOUCHER_STATUSES),
    /** 'Swedish Massage, 60 min' when bought as a massage. */
    serviceLabel: z.string().nullable(),
    buyerName: z.string(),
    buyerEmail: z.string().nullable(),
    recipientName: z.string(),
    recipientEmail: z.string().nullable(),
    channel: z.enum(['online', 'offline']),
    saleMethod: z.enum(VOUCHER_SALE_METHODS),
    soldOn: z.string(),
    expiresOn: z.string(),
    sendOn: z.string().nullable(),
  })
  .meta({ id: 'AdminVoucher' });
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;

/** The 201 of POST /api/admin/vouchers: the whole code, this once (only its hash is kept). */
export const adminVoucherCreatedSchema = adminVoucherSchema
  .extend({ code: z.string() })
  .meta({ id: 'AdminVoucherCreated' });
export type AdminVoucherCreated = z.infer<typeof adminVoucherCreatedSchema>;

/** GET /api/admin/vouchers: every issued voucher, newest first, and what is still owed on them. */
export const adminVouchersSchema = z
  .object({
    vouchers: z.array(adminVoucherSchema),
    /** Left on active vouchers: income received in advance, owed in massages. */
    outstandingCents: z.number().int(),
  })
  .meta({ id: 'AdminVouchers' });
export type AdminVouchers = z.infer<typeof adminVouchersSchema>;
