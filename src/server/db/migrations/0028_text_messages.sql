-- Issue 41: text reminders and confirmations through Twilio (docs/decisions/038-text-messages.md).

-- The client's 'Text me' box on the booking form (unticked unless they tick it), and the day-before text's claim.
ALTER TABLE bookings ADD COLUMN sms_opt_in boolean NOT NULL DEFAULT false;
ALTER TABLE bookings ADD COLUMN sms_reminder_queued_at timestamptz;

-- The texts' outbox: the e-mail outbox's guarantees (claimed in a transaction, retried with backoff, a lease) in a
-- table of its own, numbered from the e-mail outbox's sequence so the admin's Outbox lists both by one id.
CREATE TABLE sms_outbox (
  id                  bigint PRIMARY KEY DEFAULT nextval('email_outbox_id_seq'),
  kind                text NOT NULL,
  booking_id          integer REFERENCES bookings (id) ON DELETE SET NULL,
  -- E.164 (+6421...), a New Zealand mobile.
  to_number           text NOT NULL,
  body                text NOT NULL,
  -- 'cancelled': not sent, and never will be (the client replied STOP, the visit changed or has passed).
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts            integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error          text,
  next_attempt_at     timestamptz NOT NULL DEFAULT now(),
  created_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz,
  -- The provider's message id (Twilio's SM...), and what its status callback last said.
  provider_sid        text UNIQUE,
  delivery_status     text,
  delivery_error_code integer,
  delivery_updated_at timestamptz
);
CREATE INDEX sms_outbox_due_idx ON sms_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX sms_outbox_sent_idx ON sms_outbox (sent_at) WHERE status = 'sent';
CREATE INDEX sms_outbox_booking_idx ON sms_outbox (booking_id);

-- Numbers that replied STOP (or that the provider says are unsubscribed): no text goes to them.
CREATE TABLE sms_opt_outs (
  phone        text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

-- Her SMS settings (one row). The auth token is sealed with the secret box like the CalDAV passwords; the
-- environment's TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN / SMS_FROM stand for a field left null.
CREATE TABLE sms_settings (
  id                   integer PRIMARY KEY CHECK (id = 1),
  account_sid          text,
  auth_token_encrypted text,
  sender               text,
  -- The day-before reminder's NZ time, 'HH:MM' between 08:00 and 20:00.
  reminder_time        text NOT NULL DEFAULT '09:00',
  -- Texts sent per NZ calendar month at most; null: no limit.
  monthly_cap          integer CHECK (monthly_cap IS NULL OR monthly_cap >= 0),
  -- The NZ month ('2026-03') whose cap she was told of, so she is told once.
  cap_notified_month   text,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
