-- Booking engine: pending requests that expire, reminders sent once, idempotent submits.

-- An unanswered pending request stops holding its slot at expires_at (the earlier of
-- created + PENDING_EXPIRY_HOURS and its start). NULL once it is answered.
ALTER TABLE bookings ADD COLUMN expires_at timestamptz;
-- Set when an expired request was closed by the system rather than by the therapist.
ALTER TABLE bookings ADD COLUMN expired_at timestamptz;
-- The automatic reminder is queued once per booking.
ALTER TABLE bookings ADD COLUMN reminder_queued_at timestamptz;
ALTER TABLE bookings ADD CONSTRAINT bookings_pending_expiry CHECK (status <> 'pending' OR expires_at IS NOT NULL);

CREATE INDEX bookings_pending_expiry_idx ON bookings (expires_at) WHERE status = 'pending';
CREATE INDEX bookings_reminder_due_idx ON bookings (starts_at) WHERE status = 'confirmed' AND reminder_queued_at IS NULL;
CREATE INDEX bookings_starts_at_idx ON bookings (starts_at);

-- A retried POST /api/bookings with the same Idempotency-Key gets the first answer.
CREATE TABLE idempotency_keys (
  key          text PRIMARY KEY CHECK (length(key) BETWEEN 8 AND 200),
  request_hash text NOT NULL,
  status_code  integer NOT NULL,
  response     jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
