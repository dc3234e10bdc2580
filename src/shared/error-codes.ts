/**
 * The API's error vocabulary: every 4xx and 5xx body carries one of these `code`s beside its
 * message (src/shared/api-error.ts). Codes are stable: clients branch on them, never on the
 * message, which may be reworded. Each entry is the status it comes with and what it means; the
 * OpenAPI document and docs/api.md are written from this list. Add a code here, never inline, and its name in
 * error-code-names.ts (the browser's first bundle checks codes against that list alone, decision 040).
 */
export const ERROR_CODES = {
  // The request itself
  VALIDATION_FAILED: { status: 400, meaning: 'A field is missing or invalid; `errors` names each one' },
  INVALID_JSON: { status: 400, meaning: 'The body is not valid JSON' },
  INVALID_ID: { status: 400, meaning: 'The `{id}` in the path is not a positive whole number' },
  ID_MISMATCH: { status: 400, meaning: 'The id in the body is not the one in the path' },
  INVALID_DATE_RANGE: { status: 400, meaning: 'The end is before the start, or the range is too long' },
  INVALID_DATA: { status: 400, meaning: 'The database refused a value the checks let through' },
  BAD_REQUEST: { status: 400, meaning: 'The request could not be read' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is over the size limit' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning: 'The body is not JSON (on the logo upload: not a JPEG, PNG, WebP or AVIF image; HEIC is refused)',
  },
  IMAGE_UNREADABLE: { status: 400, meaning: 'The uploaded file is not an image that can be read (issue 40, her logo)' },
  IMAGE_DIMENSIONS: { status: 400, meaning: 'The image is over 40 megapixels, or under 32 pixels on a side' },

  // Who is asking
  UNAUTHENTICATED: { status: 401, meaning: 'Sign in first: no session, or it has ended' },
  INVALID_CREDENTIALS: { status: 401, meaning: 'The username or password is wrong' },
  CROSS_SITE_REQUEST: { status: 403, meaning: "Refused: the request came from another site's page" },
  TOO_MANY_ATTEMPTS: { status: 429, meaning: 'Too many failed sign-ins; `Retry-After` says when to try again' },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests; `Retry-After` says when to try again' },
  SETUP_CODE_INVALID: {
    status: 403,
    meaning: "The setup code is wrong: it is in the server's log at start, on the line 'Setup code: …'",
  },
  SETUP_DONE: { status: 409, meaning: 'The site has an administrator already: sign in at /admin/login' },
  SMS_SIGNATURE_INVALID: {
    status: 403,
    meaning: "The SMS webhook's X-Twilio-Signature is missing or wrong (or texts are not set up): nothing was changed",
  },

  // What was asked for
  NOT_FOUND: { status: 404, meaning: 'No such page, route or item' },
  BOOKING_NOT_FOUND: { status: 404, meaning: 'No booking with this id or link' },
  BOOKING_NOT_FOUND_OR_CANCELLED: { status: 404, meaning: 'No booking with this link, or it is already cancelled' },
  SERVICE_NOT_FOUND: { status: 404, meaning: 'No service with this id' },
  REVIEW_NOT_FOUND: { status: 404, meaning: 'No review with this id' },
  BLOCKED_DATE_NOT_FOUND: { status: 404, meaning: 'No blocked date with this id' },
  EMAIL_NOT_FOUND: { status: 404, meaning: 'No e-mail with this id in the outbox' },
  SERIES_NOT_FOUND: { status: 404, meaning: 'No series with this id' },
  SERIES_DATE_NOT_FOUND: { status: 404, meaning: "The date is not one of the series' decided dates" },
  MAPS_NOT_CONFIGURED: { status: 404, meaning: 'Address suggestions are not set up (no Google Maps key)' },

  // The booking rules
  OUTSIDE_SERVICE_AREA: { status: 400, meaning: 'The address is beyond the service area (50 km)' },
  SLOT_TAKEN: { status: 409, meaning: 'The time is no longer free' },
  ROUTE_DOES_NOT_FIT: {
    status: 409,
    meaning:
      'The time is free, but the drive does not fit: from base after opening, home by closing, or from or to another appointment (the message says which)',
  },
  BOOKING_OVERLAP: {
    status: 409,
    meaning: "Her booking would overlap another pending or confirmed visit (with its gap): even 'override' cannot",
  },
  CALENDAR_CLASH: {
    status: 409,
    meaning: 'The visit overlaps a busy time in her other calendars: send `confirmClash: true` to go ahead',
  },
  APPROVAL_BREAKS_ROUTE: {
    status: 409,
    meaning: 'Approving would leave a drive that does not fit (the message says which)',
  },
  ALREADY_STARTED: { status: 409, meaning: 'The visit has started: it can no longer be cancelled or changed online' },
  CHANGE_CUTOFF_PASSED: {
    status: 403,
    meaning:
      'The visit starts within CHANGE_CUTOFF_HOURS: the link no longer changes it; the message gives her phone and e-mail',
  },
  LATE_CANCELLATION_REFUSED: {
    status: 409,
    meaning:
      'Only a confirmed visit cancelled within CHANGE_CUTOFF_HOURS of its start can be marked a late cancellation; nothing changed',
  },
  BOOKING_NOT_CHANGEABLE: { status: 409, meaning: 'The booking was cancelled or declined: there is no visit to move' },
  REQUEST_EXPIRED: { status: 409, meaning: 'The request waited too long for an answer and no longer holds its time' },
  STATUS_CHANGE_NOT_ALLOWED: { status: 409, meaning: 'The booking cannot move to that status from the one it has' },
  REMINDER_NOT_CONFIRMED: { status: 409, meaning: 'Only a confirmed visit gets a reminder' },
  REMINDER_TOO_LATE: { status: 409, meaning: 'The visit has started: too late for a reminder' },
  SERIES_NEEDS_CONFIRMED: { status: 409, meaning: 'Only a confirmed booking can be repeated as a series' },
  SERIES_EXISTS: { status: 409, meaning: 'The booking belongs to a series already' },
  SERIES_ENDED: { status: 409, meaning: 'The series has been cancelled: nothing more can be booked in it' },
  SERIES_DATE_NOT_OPEN: {
    status: 409,
    meaning: 'The date is booked, skipped or cancelled already: only a conflict can be picked or skipped',
  },
  SERIES_CHANGE_DOES_NOT_FIT: {
    status: 409,
    meaning:
      "The series' new time does not fit on some of its dates (listed in `errors`, one per date): nothing was changed",
  },
  BOOKING_CHANGED: { status: 409, meaning: 'The booking changed while the request ran: read it again and retry' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'This Idempotency-Key was used for a different request' },

  // The waitlist (docs/product.md §4 "Waitlist")
  WAITLIST_ENTRY_NOT_FOUND: { status: 404, meaning: 'No waitlist entry with this id or link' },
  WAITLIST_ENTRY_CLOSED: {
    status: 409,
    meaning: 'The waitlist entry has ended (left, removed, expired or booked): it is offered nothing more',
  },
  WAITLIST_OFFER_NOT_FOUND: { status: 404, meaning: 'No waitlist offer with this link' },
  WAITLIST_OFFER_EXPIRED: { status: 410, meaning: 'The hold on the offered time ran out: it went to the next person' },
  WAITLIST_OFFER_ACCEPTED: { status: 409, meaning: 'The offered time was booked already through this link' },
  WAITLIST_OFFER_WITHDRAWN: { status: 409, meaning: 'The offer was declined or withdrawn: the time is no longer held' },

  // Gift vouchers (docs/product.md §18.5)
  VOUCHER_NOT_FOUND: { status: 404, meaning: 'No voucher with this code (a wrong code says nothing more)' },
  VOUCHER_NOT_USABLE: {
    status: 409,
    meaning: 'The voucher cannot pay this visit: it has expired or is spent, the visit has one already or is closed',
  },

  // Check-in (docs/product.md §16)
  CHECK_IN_NOT_CONFIRMED: { status: 409, meaning: 'Only a confirmed visit can be checked in to' },
  CHECK_IN_OUT_OF_ORDER: {
    status: 409,
    meaning: "The press does not follow the last one: 'Leaving' before 'Arrived', or a second 'Arrived' or 'Leaving'",
  },

  // Payments (docs/product.md §18.1)
  PAYMENT_NOT_FOUND: { status: 404, meaning: 'No payment with this id' },
  PAYMENT_MORE_THAN_OWED: {
    status: 409,
    meaning:
      'The payment is more than the visit owes: state the excess exactly as `overpaymentCents` (a tip, rounding)',
  },
  REFUND_MORE_THAN_RECEIVED: { status: 409, meaning: 'The refund is more than the visit received, net of refunds' },
  PAYMENT_NOT_ALLOWED: { status: 409, meaning: 'The request was declined: it takes no payment (a refund only)' },
  PAYMENT_ALREADY_VOIDED: { status: 409, meaning: 'The payment was voided already: a void is made once' },
  PAYMENT_VOID_REFUSED: {
    status: 409,
    meaning: 'Voiding the payment would leave more refunded than received: void the refund first',
  },

  // Card payments through Stripe (docs/decisions/037-card-payments.md)
  CARD_PAYMENTS_OFF: { status: 404, meaning: 'Card payments are not set up (no Stripe keys): nothing is paid by card' },
  NOTHING_TO_PAY: { status: 409, meaning: 'Nothing is owed for this now: the deposit or the balance is paid, or none' },
  PAYMENT_PROVIDER_FAILED: {
    status: 502,
    meaning: 'Stripe could not be reached or refused the request: nothing changed, try again',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    meaning: 'The `Stripe-Signature` header does not match the body or is too old: nothing changed',
  },
  WEBHOOK_RETRY_LATER: {
    status: 503,
    meaning: 'The event is about a payment not recorded yet (it came early): Stripe delivers it again later',
  },
  REFUND_NOT_CARD: {
    status: 409,
    meaning: 'Only a card payment taken through Stripe, positive and not voided, is refunded through Stripe',
  },
  REFUND_MORE_THAN_PAID: {
    status: 409,
    meaning: 'The refund is more than what is left of this card payment (refunds asked already count)',
  },
  PAYMENT_DISPUTED: {
    status: 409,
    meaning: 'The card payment is disputed (open or lost): Stripe refunds none of it; the dispute decides',
  },

  // Her settings and tools
  DATE_ALREADY_BLOCKED: { status: 409, meaning: 'The whole day is blocked already' },
  EMAIL_ALREADY_SENT: { status: 409, meaning: 'The e-mail has been sent: there is nothing to resend' },
  EMAIL_NOT_HELD: { status: 409, meaning: 'The e-mail is not held for her decision (sent, or decided already)' },
  START_FRESH_MONEY_KEPT: {
    status: 409,
    meaning: 'Payments or receipts are recorded: they are kept as tax records, so Start fresh removes nothing',
  },
  CONFLICT: { status: 409, meaning: 'The change conflicts with existing data' },

  CALENDAR_NOT_FOUND: { status: 404, meaning: 'No calendar with this id' },

  CLIENT_NOT_FOUND: { status: 404, meaning: 'No client with this id' },
  CLIENT_ALERT_NOT_FOUND: { status: 404, meaning: 'The client has no alert with this id' },
  CLIENT_CONTACT_TAKEN: {
    status: 409,
    meaning: 'The e-mail or phone leads to another client: merge the two clients instead',
  },
  CLIENT_ALERTS_FULL: { status: 409, meaning: 'The client has the most alerts allowed (20): remove one first' },
  CLIENT_MERGE_SELF: { status: 400, meaning: 'A client cannot be merged into itself' },
  CLIENT_NO_POSSIBLE_MATCH: { status: 409, meaning: 'The client has no possible match to decide on (decided already)' },
  CLIENT_HAS_UPCOMING_VISITS: {
    status: 409,
    meaning: 'The client has pending or confirmed visits ahead: cancel or decline them before erasing',
  },
  BOOKING_ERASED: { status: 409, meaning: "The booking's client was erased: only its tax facts remain" },
  VISIT_NOT_STARTED: { status: 409, meaning: 'The visit has not started yet: it cannot be marked or have notes' },
  VISIT_NOT_CONFIRMED: { status: 409, meaning: 'Only a confirmed visit can be marked or have notes' },
  VISIT_NO_SHOW: { status: 409, meaning: 'The visit is marked no-show: there is no treatment to write notes about' },
  NOTE_NOT_FOUND: { status: 404, meaning: 'The visit has no notes yet' },
  NOTE_EXISTS: { status: 409, meaning: 'The visit has notes already: edit them or add an amendment' },
  NOTE_LOCKED: { status: 409, meaning: 'Notes can be changed for 24 hours; add an amendment instead' },
  HEALTH_NOT_CONFIRMED: {
    status: 409,
    meaning: 'The client has health red flags: send `confirmHealth: true` to approve, having read them',
  },
  HEALTH_FORM_CLOSED: { status: 409, meaning: 'The booking was cancelled or declined: no health form is needed' },
  HEALTH_RECONFIRM_REFUSED: {
    status: 409,
    meaning: 'There is no earlier health form to re-confirm, or its questions have changed: fill in the form',
  },
  CALENDAR_URL_REFUSED: {
    status: 400,
    meaning: 'The calendar address is not allowed (a private or local network address, or not http/https/webcal)',
  },
  CALENDAR_UNREACHABLE: { status: 422, meaning: 'The calendar could not be fetched: the message says why' },
  CALENDAR_UNREADABLE: { status: 422, meaning: 'The address answered, but not with a calendar that can be read' },
  CALENDAR_AUTH_FAILED: { status: 422, meaning: 'The calendar server refused the username or app password' },

  // Receipts (docs/decisions/028-receipts.md)
  RECEIPT_NOT_FOUND: { status: 404, meaning: 'No receipt with this number' },
  RECEIPT_NOTHING_PAID: { status: 409, meaning: 'The visit has no payments yet: record one before a receipt' },
  RECEIPT_NOT_ALLOWED: { status: 409, meaning: 'A declined request has no receipt' },
  RECEIPT_REPLACES_INVALID: {
    status: 409,
    meaning: 'The receipt to replace is not a receipt of this visit, or was already replaced',
  },
  RECEIPT_NOTHING_TO_CREDIT: {
    status: 409,
    meaning: 'A credit note needs a refund not credited yet, and an earlier receipt of the visit to relate to',
  },

  // The server
  DATABASE_UNAVAILABLE: { status: 503, meaning: 'The database cannot be reached; nothing changed; `Retry-After`' },
  INTERNAL_ERROR: { status: 500, meaning: 'A bug: the details are in the server log, never in the answer' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
