-- Clients (issue 24, docs/product.md §12): one row per person, found by any of their e-mails or
-- phones. A booking keeps what it said when it was made; the client row holds the current details.
CREATE TABLE clients (
  id serial PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  -- When she last corrected each detail by hand: a corrected one no longer follows new bookings.
  name_corrected_at timestamptz,
  email_corrected_at timestamptz,
  phone_corrected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The list without a search: the most recently changed first.
CREATE INDEX clients_updated_at_idx ON clients (updated_at DESC, id DESC);

-- Every e-mail (lower case, trimmed) and phone (E.164) that leads to a client. Unique per kind and
-- value: two bookings racing with one new e-mail end on one client (ON CONFLICT DO NOTHING).
CREATE TABLE client_contacts (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email', 'phone')),
  value text NOT NULL CHECK (length(value) BETWEEN 1 AND 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT client_contacts_kind_value UNIQUE (kind, value)
);
CREATE INDEX client_contacts_client_id_idx ON client_contacts (client_id);

-- 'Dog at the gate': sealed with the server's secret key (src/server/secret-box.ts), never plain.
CREATE TABLE client_alerts (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  text_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_alerts_client_id_idx ON client_alerts (client_id);

-- Null only until the server links it at start-up (bookings made before clients existed).
ALTER TABLE bookings ADD COLUMN client_id integer REFERENCES clients (id);
CREATE INDEX bookings_client_id_idx ON bookings (client_id);
