-- Her other calendars (issue 23): personal calendars read every few minutes, whose busy times
-- block bookings like a visit does. The password of a CalDAV account is stored encrypted
-- (src/server/secret-box.ts) and never answered by the API.
CREATE TABLE other_calendars (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('ics', 'caldav')),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  username text,
  password_encrypted text,
  all_day_blocks boolean NOT NULL DEFAULT true,
  -- What the last good read left to ask the server whether anything changed: ETag and
  -- Last-Modified for an ICS address, each collection's ctag / sync token for CalDAV.
  sync_state jsonb,
  last_synced_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  event_count integer NOT NULL DEFAULT 0,
  skipped jsonb NOT NULL DEFAULT '{}',
  -- A lease, not a lock: the process that takes it syncs the calendar (one at a time across
  -- processes) without holding a transaction open over the network.
  sync_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT other_calendars_caldav_account CHECK (
    (kind = 'caldav') = (username IS NOT NULL) AND (username IS NULL) = (password_encrypted IS NULL)
  )
);

-- The busy intervals of the last good sync, from today to the booking horizon. Replaced whole
-- on each sync that read something new; gone with their calendar.
CREATE TABLE calendar_busy (
  id bigserial PRIMARY KEY,
  calendar_id integer NOT NULL REFERENCES other_calendars (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  title text NOT NULL,
  all_day boolean NOT NULL,
  CONSTRAINT calendar_busy_order CHECK (ends_at > starts_at)
);
-- Availability asks "what meets this range?" on every call: the same GiST overlap test as bookings.
CREATE INDEX calendar_busy_span ON calendar_busy USING gist (tstzrange(starts_at, ends_at, '[)'));
CREATE INDEX calendar_busy_calendar ON calendar_busy (calendar_id);
