-- Issue 27, receipts (docs/product.md §18 "Money", docs/decisions/028-receipts.md). Numbers are unique and
-- consecutive with no gaps: the next number is taken with UPDATE … RETURNING on the one counter row, in the same
-- transaction as the receipt's row, so a rolled-back receipt gives its number back and two processes take turns.

CREATE TABLE receipt_counter (
  id          integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  next_number integer NOT NULL DEFAULT 1 CHECK (next_number >= 1)
);
INSERT INTO receipt_counter (id) VALUES (1);

CREATE TABLE receipts (
  number      integer PRIMARY KEY CHECK (number >= 1),
  booking_id  integer NOT NULL REFERENCES bookings (id),
  -- A receipt (a tax invoice when she is GST-registered), or a credit note for money refunded.
  kind        text NOT NULL CHECK (kind IN ('receipt', 'credit-note')),
  -- A corrected receipt names the one it replaces.
  replaces    integer REFERENCES receipts (number),
  -- What was printed, fixed when issued (a later change to the booking or profile does not rewrite it).
  total_cents integer NOT NULL,
  gst_cents   integer NOT NULL DEFAULT 0,
  content     jsonb NOT NULL,
  issued_on   date NOT NULL,
  issued_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT receipts_replaces_earlier CHECK (replaces IS NULL OR replaces < number)
);
CREATE INDEX receipts_booking_idx ON receipts (booking_id);
