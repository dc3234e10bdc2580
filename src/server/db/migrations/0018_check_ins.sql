-- Issue 26, check-in (docs/product.md §16 "Check-in", docs/decisions/025-check-in.md): lone-worker safety.
-- She presses 'Arrived' and 'Leaving' at each visit; if she has arrived and not left by the visit's end plus
-- the grace, her safety contact is e-mailed once, and an all-clear follows once she leaves.

-- Her safety contact: one row (id = 1). Her own phone number comes from the practice profile.
CREATE TABLE safety_settings (
  id            integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  contact_name  text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  grace_minutes integer NOT NULL DEFAULT 30 CHECK (grace_minutes BETWEEN 5 AND 240),
  enabled       boolean NOT NULL DEFAULT false,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One row per visit she has checked in to.
CREATE TABLE check_ins (
  booking_id             integer PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  arrived_at             timestamptz NOT NULL,
  -- The phone's recorded time was outside the bounds: arrived_at is the server's receive time.
  arrived_at_from_server boolean NOT NULL DEFAULT false,
  -- The phone's uuid for the press: replaying a queued press answers the same, changing nothing.
  arrived_press_id       uuid NOT NULL UNIQUE,
  left_at                timestamptz,
  left_at_from_server    boolean NOT NULL DEFAULT false,
  left_press_id          uuid UNIQUE,
  -- Set once by the job that claims the overdue visit (in the transaction that queues the alert).
  overdue_alert_at       timestamptz,
  -- Set once by 'Leaving' after an alert (in the transaction that queues the all-clear).
  all_clear_at           timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT check_ins_left_after_arrived CHECK (left_at IS NULL OR left_at >= arrived_at),
  CONSTRAINT check_ins_left_press CHECK ((left_at IS NULL) = (left_press_id IS NULL)),
  CONSTRAINT check_ins_all_clear_after_alert CHECK (all_clear_at IS NULL OR overdue_alert_at IS NOT NULL)
);
-- The job's scan: arrived, not left, not alerted yet.
CREATE INDEX check_ins_open_idx ON check_ins (arrived_at) WHERE left_at IS NULL AND overdue_alert_at IS NULL;
