-- Regulars (issue 25, docs/product.md §4 "Regulars"): a series repeats a confirmed booking every 1-4 weeks
-- on the same weekday and NZ time, for `count` visits (the first included) or until a date. Each date of the
-- pattern gets one occurrence row once it is decided: booked (its own booking, maybe moved to an
-- alternative time), a conflict she has still to pick a time for or skip, skipped, or cancelled. Dates
-- beyond the booking horizon have no row yet: the extension job decides them as the horizon reaches them.
CREATE TABLE series (
  id serial PRIMARY KEY,
  client_id integer REFERENCES clients (id),
  origin_booking_id integer NOT NULL REFERENCES bookings (id),
  service_id integer,
  service_name text NOT NULL,
  duration integer NOT NULL,
  address text NOT NULL,
  location_lat double precision,
  location_lon double precision,
  every_weeks integer NOT NULL CHECK (every_weeks BETWEEN 1 AND 4),
  -- 0 = Sunday, as business_hours.day_of_week; the first date is the origin booking's.
  weekday integer NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  first_date date NOT NULL,
  time text NOT NULL,
  count integer CHECK (count BETWEEN 2 AND 52),
  until date,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  -- 'This and following' cancelled from this date on: the series ends before it.
  ended_from date,
  -- The series' calendar file (one VEVENT with RRULE): raised each time it is sent again, so apps replace it.
  ics_sequence integer NOT NULL DEFAULT 0,
  CHECK ((count IS NULL) <> (until IS NULL)),
  CHECK (until IS NULL OR until > first_date)
);
CREATE INDEX series_client_idx ON series (client_id);
-- The extension job reads the series still running.
CREATE INDEX series_running_idx ON series (id) WHERE cancelled_at IS NULL;

CREATE TABLE series_occurrences (
  series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  -- The date of the pattern this occurrence stands for (its RECURRENCE-ID); the booking may be elsewhere.
  for_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'conflict', 'skipped', 'cancelled')),
  booking_id integer REFERENCES bookings (id),
  -- Why it did not fit, and the nearest times that did when it was checked (kept for her to see).
  reasons jsonb,
  alternatives jsonb,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (series_id, for_date),
  CHECK ((status = 'booked') = (booking_id IS NOT NULL) OR status = 'cancelled')
);
CREATE UNIQUE INDEX series_occurrences_booking_idx ON series_occurrences (booking_id) WHERE booking_id IS NOT NULL;

ALTER TABLE bookings ADD COLUMN series_id integer REFERENCES series (id);
CREATE INDEX bookings_series_idx ON bookings (series_id) WHERE series_id IS NOT NULL;
