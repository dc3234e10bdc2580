-- The therapist's calendar subscription (docs/product.md §2, decision in the calendar-feed module).

-- At most one feed: the row holds the SHA-256 (hex) of the secret token, never the token.
-- Creating a new link replaces the row, so the old token stops working in that statement.
CREATE TABLE calendar_feeds (
  id         integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- RFC 5545 SEQUENCE of the booking's event: a subscribed calendar replaces its copy of an
-- event only when the sequence grows. The trigger bumps it on every change a calendar shows,
-- whoever writes the row, so no writer can forget it.
ALTER TABLE bookings ADD COLUMN ics_sequence integer NOT NULL DEFAULT 0;

CREATE FUNCTION bookings_bump_ics_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status, NEW.date, NEW.time, NEW.duration, NEW.starts_at, NEW.ends_at, NEW.address,
      NEW.service_name, NEW.first_name, NEW.last_name, NEW.phone, NEW.email, NEW.notes,
      NEW.has_injuries, NEW.injury_details, NEW.price, NEW.travel_cost, NEW.expired_at)
     IS DISTINCT FROM
     (OLD.status, OLD.date, OLD.time, OLD.duration, OLD.starts_at, OLD.ends_at, OLD.address,
      OLD.service_name, OLD.first_name, OLD.last_name, OLD.phone, OLD.email, OLD.notes,
      OLD.has_injuries, OLD.injury_details, OLD.price, OLD.travel_cost, OLD.expired_at) THEN
    NEW.ics_sequence := OLD.ics_sequence + 1;
    -- LAST-MODIFIED and DTSTAMP come from updated_at: keep it honest if a writer left it.
    IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
      NEW.updated_at := now();
    END IF;
  ELSE
    -- Nothing a calendar shows changed (a reminder was queued): the sequence stays.
    NEW.ics_sequence := OLD.ics_sequence;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER bookings_ics_sequence
  BEFORE UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_bump_ics_sequence();
