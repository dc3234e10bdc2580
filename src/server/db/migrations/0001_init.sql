-- Homevisit schema. Invariants live here, not only in code, so every process and
-- every path (API, CLI, a psql session) is held to them.

-- HH:mm, 00:00 to 23:59.
CREATE DOMAIN hhmm AS text CHECK (VALUE ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
-- Money as integer cents, never negative.
CREATE DOMAIN cents AS integer CHECK (VALUE >= 0);

CREATE TABLE admin_users (
  id            serial PRIMARY KEY,
  username      text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
  password_hash text NOT NULL,
  name          text NOT NULL,
  email         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- 'Admin' and 'admin' are one account.
CREATE UNIQUE INDEX admin_users_username_key ON admin_users (lower(username));

-- Server-side sessions. id is the SHA-256 of the cookie's secret, so a leaked
-- table does not hand out live sessions.
CREATE TABLE sessions (
  id           text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Fixed-window counters shared by every process (login throttling, review spam).
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  count        integer NOT NULL CHECK (count >= 0),
  window_start timestamptz NOT NULL
);

CREATE TABLE services (
  id               serial PRIMARY KEY,
  name             text NOT NULL CHECK (length(btrim(name)) > 0),
  description      text NOT NULL,
  duration         integer NOT NULL CHECK (duration > 0),
  price            cents NOT NULL,
  duration_options jsonb NOT NULL CHECK (jsonb_typeof(duration_options) = 'array' AND jsonb_array_length(duration_options) >= 1),
  sort_order       integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE business_hours (
  id          serial PRIMARY KEY,
  day_of_week integer NOT NULL UNIQUE CHECK (day_of_week BETWEEN 0 AND 6),
  is_open     boolean NOT NULL DEFAULT true,
  open_time   hhmm NOT NULL DEFAULT '09:00',
  close_time  hhmm NOT NULL DEFAULT '17:00',
  CHECK (open_time < close_time)
);

CREATE TABLE blocked_dates (
  id          serial PRIMARY KEY,
  date        date NOT NULL,
  start_time  hhmm,
  end_time    hhmm,
  is_full_day boolean NOT NULL DEFAULT true,
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (is_full_day AND start_time IS NULL AND end_time IS NULL)
    OR (NOT is_full_day AND start_time IS NOT NULL AND end_time IS NOT NULL AND start_time < end_time)
  )
);
CREATE INDEX blocked_dates_date_idx ON blocked_dates (date);
-- At most one full-day block per date.
CREATE UNIQUE INDEX blocked_dates_full_day_key ON blocked_dates (date) WHERE is_full_day;

CREATE TABLE bookings (
  id                      serial PRIMARY KEY,
  -- The service may be deleted later; the booking keeps its name and numbers.
  service_id              integer REFERENCES services (id) ON DELETE SET NULL,
  service_name            text NOT NULL,
  date                    date NOT NULL,
  time                    hhmm NOT NULL,
  duration                integer NOT NULL DEFAULT 60 CHECK (duration > 0),
  price                   cents NOT NULL DEFAULT 0,
  travel_cost             cents NOT NULL DEFAULT 0,
  distance_km             numeric(7, 2) CHECK (distance_km >= 0),
  travel_time_minutes     integer CHECK (travel_time_minutes >= 0),
  is_outside_service_area boolean NOT NULL DEFAULT false,
  -- True when the address could not be located: the admin checks travel by hand.
  travel_unresolved       boolean NOT NULL DEFAULT false,
  address                 text NOT NULL CHECK (length(address) >= 5),
  has_injuries            boolean NOT NULL DEFAULT false,
  injury_details          text,
  first_name              text NOT NULL CHECK (length(first_name) >= 1),
  last_name               text NOT NULL CHECK (length(last_name) >= 1),
  email                   text NOT NULL,
  phone                   text NOT NULL CHECK (length(phone) >= 10),
  notes                   text,
  cancel_token            text NOT NULL UNIQUE CHECK (length(cancel_token) >= 22),
  status                  text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled', 'rejected')),
  admin_note              text,
  -- The instants date+time mean in Pacific/Auckland, and the end of the
  -- turnaround buffer after the session (travel and setup before the next one).
  starts_at               timestamptz NOT NULL,
  ends_at                 timestamptz NOT NULL,
  buffer_ends_at          timestamptz NOT NULL,
  occupied                tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, buffer_ends_at, '[)')) STORED,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  status_changed_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (buffer_ends_at >= ends_at),
  -- The guarantee against double booking: no two active bookings may overlap,
  -- whatever the application does and however many processes run it.
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (occupied WITH &&) WHERE (status IN ('pending', 'confirmed'))
);
CREATE INDEX bookings_date_idx ON bookings (date);
CREATE INDEX bookings_status_idx ON bookings (status);

CREATE TABLE reviews (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (length(btrim(name)) > 0),
  rating     integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment    text NOT NULL CHECK (length(btrim(comment)) > 0),
  featured   boolean NOT NULL DEFAULT false,
  hidden     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_created_at_idx ON reviews (created_at DESC);

-- Transactional outbox: a notification is written in the same transaction as the
-- change that causes it; a worker delivers it. Nothing is lost if SMTP is down.
CREATE TABLE email_outbox (
  id              bigserial PRIMARY KEY,
  -- Stable across retries, so a receiver can drop a duplicate delivery.
  message_id      text NOT NULL UNIQUE,
  kind            text NOT NULL,
  booking_id      integer REFERENCES bookings (id) ON DELETE SET NULL,
  to_address      text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text,
  attachments     jsonb NOT NULL DEFAULT '[]'::jsonb,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';

-- Small key/value facts about this database (for example that demo data was seeded).
CREATE TABLE app_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);
