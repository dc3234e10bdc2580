-- Issue 25, the waitlist (docs/product.md §4 "Waitlist"): a visitor who found no time on the days they want
-- leaves their days, a window of start times, the service and their address; when a time frees, the entries it
-- fits are offered it one at a time, in the order they joined, with a hold that keeps it from everyone else.

CREATE TABLE waitlist_entries (
  id                serial PRIMARY KEY,
  -- The visitor's links (leave the list) carry this, never the id.
  token             text NOT NULL UNIQUE,
  service_id        integer NOT NULL,
  service_name      text NOT NULL,
  duration          integer NOT NULL CHECK (duration > 0),
  -- The NZ dates they could do (1 to 14, checked against today and the horizon when they join).
  dates             date[] NOT NULL CHECK (cardinality(dates) BETWEEN 1 AND 14),
  -- The last of them: the entry expires after it.
  last_date         date NOT NULL,
  -- The earliest and latest START time they could do, 'HH:mm'.
  earliest          text NOT NULL CHECK (earliest ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  latest            text NOT NULL CHECK (latest ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  email             text NOT NULL,
  phone             text NOT NULL,
  address           text NOT NULL,
  -- Where the address is, as a booking keeps it (migration 0004): the route rule is judged from here.
  location_lat      double precision,
  location_lon      double precision,
  status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'booked', 'left', 'removed', 'expired')),
  -- The order offers follow.
  joined_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT waitlist_entries_window CHECK (earliest <= latest)
);
CREATE INDEX waitlist_entries_active_idx ON waitlist_entries (joined_at, id) WHERE status = 'active';

-- A freed time offered to one entry. While it is 'offered' and hold_until is ahead, the time counts as taken
-- for everyone but its holder (availability/repository.ts reads the live holds with the bookings).
CREATE TABLE waitlist_offers (
  id             serial PRIMARY KEY,
  entry_id       integer NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
  date           date NOT NULL,
  time           text NOT NULL,
  starts_at      timestamptz NOT NULL,
  ends_at        timestamptz NOT NULL,
  buffer_ends_at timestamptz NOT NULL,
  occupied       tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, buffer_ends_at, '[)')) STORED,
  -- The e-mailed link carries this.
  token          text NOT NULL UNIQUE,
  hold_until     timestamptz NOT NULL,
  status         text NOT NULL DEFAULT 'offered'
                   CHECK (status IN ('offered', 'accepted', 'expired', 'declined', 'superseded')),
  booking_id     integer REFERENCES bookings (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  closed_at      timestamptz,
  -- At most one hold on any instant: two offers of one time can never both stand. Offering runs under the
  -- day's lock and closes the holds whose time ran out before it adds one (waitlist/offer-freed-times.ts).
  CONSTRAINT waitlist_offers_one_hold EXCLUDE USING gist (occupied WITH &&) WHERE (status = 'offered'),
  CONSTRAINT waitlist_offers_status_closed CHECK ((status = 'offered') = (closed_at IS NULL))
);
-- One live offer per entry: a visitor is offered one time at a time.
CREATE UNIQUE INDEX waitlist_offers_one_per_entry ON waitlist_offers (entry_id) WHERE status = 'offered';
CREATE INDEX waitlist_offers_entry_idx ON waitlist_offers (entry_id);
CREATE INDEX waitlist_offers_hold_idx ON waitlist_offers (hold_until) WHERE status = 'offered';

-- 'A time freed on this date': written by triggers in the very transaction that frees it (a cancellation,
-- a rejection, an expiry, a move, an unblocked date, a removed busy time, a changed week, a hold that
-- ended), so a crash between that commit and the offer loses nothing. The waitlist job reads these rows,
-- offers what fits, and deletes the rows it read in the same transaction as the offers.
CREATE TABLE waitlist_freed_dates (
  id       bigserial PRIMARY KEY,
  date     date NOT NULL,
  freed_at timestamptz NOT NULL DEFAULT now()
);

-- Only a date some active entry wants is worth a row (a calendar sync rewrites every busy time).
-- An entry that joins later writes its own dates' rows (waitlist/service.ts), so nothing slips between.
CREATE FUNCTION waitlist_note_freed(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM waitlist_entries WHERE status = 'active' AND d = ANY (dates)) THEN
    INSERT INTO waitlist_freed_dates (date) VALUES (d);
  END IF;
END;
$$;

-- A booking stops holding its time (cancelled, declined, expired), moves, or goes.
CREATE FUNCTION waitlist_booking_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IN ('pending', 'confirmed') AND (TG_OP = 'DELETE'
      OR NEW.status NOT IN ('pending', 'confirmed') OR NEW.starts_at <> OLD.starts_at
      OR NEW.buffer_ends_at <> OLD.buffer_ends_at) THEN
    PERFORM waitlist_note_freed(OLD.date);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bookings_waitlist_freed AFTER UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION waitlist_booking_freed();

-- An unblocked (or changed) blocked date.
CREATE FUNCTION waitlist_blocked_date_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_note_freed(OLD.date);
  RETURN NULL;
END;
$$;
CREATE TRIGGER blocked_dates_waitlist_freed AFTER UPDATE OR DELETE ON blocked_dates
  FOR EACH ROW EXECUTE FUNCTION waitlist_blocked_date_freed();

-- A busy time of her other calendars removed (a sync replaces them whole): each NZ date it met.
CREATE FUNCTION waitlist_busy_freed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF OLD.ends_at <= now() OR OLD.starts_at > now() + interval '400 days' THEN
    RETURN NULL;
  END IF;
  FOR d IN SELECT generate_series((GREATEST(OLD.starts_at, now()) AT TIME ZONE 'Pacific/Auckland')::date,
                                  ((OLD.ends_at - interval '1 microsecond') AT TIME ZONE 'Pacific/Auckland')::date,
                                  interval '1 day')::date
  LOOP
    PERFORM waitlist_note_freed(d);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER calendar_busy_waitlist_freed AFTER DELETE ON calendar_busy
  FOR EACH ROW EXECUTE FUNCTION waitlist_busy_freed();

-- Her week changed: every date an active entry wants is looked at again.
CREATE FUNCTION waitlist_hours_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO waitlist_freed_dates (date)
    SELECT DISTINCT unnest(dates) FROM waitlist_entries WHERE status = 'active';
  RETURN NULL;
END;
$$;
CREATE TRIGGER business_hours_waitlist_freed AFTER INSERT OR UPDATE OR DELETE ON business_hours
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_hours_freed();

-- A hold that ended without a booking (expired, declined, superseded, or deleted with its entry by an erasure):
-- the next fitting entry's turn.
CREATE FUNCTION waitlist_hold_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'offered' AND (TG_OP = 'DELETE' OR NEW.status IN ('expired', 'declined', 'superseded')) THEN
    PERFORM waitlist_note_freed(OLD.date);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER waitlist_offers_hold_freed AFTER UPDATE OR DELETE ON waitlist_offers
  FOR EACH ROW EXECUTE FUNCTION waitlist_hold_freed();

-- A live hold takes its time from the availability answers kept in memory (migration 0007's announcement).
CREATE TRIGGER waitlist_offers_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waitlist_offers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
