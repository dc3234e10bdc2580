-- Issue 24: a client's health forms (docs/product.md §13). The answers and the typed name are
-- sealed with the server's key (secret-box.ts); the consent version and time stay readable, so the
-- form's status (missing, outdated, current) is known without opening it. A re-confirmed form is a
-- new row with the same answers ('nothing has changed'); the earlier one stays as it was.
CREATE TABLE health_forms (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- The booking whose private link it came through (kept when that booking goes).
  booking_id integer REFERENCES bookings (id) ON DELETE SET NULL,
  -- JSON of the answers by question id, sealed.
  answers_encrypted text NOT NULL,
  consent_version text NOT NULL CHECK (length(consent_version) BETWEEN 1 AND 40),
  -- The full name typed as consent, sealed.
  consent_name_encrypted text NOT NULL,
  consented_at timestamptz NOT NULL,
  reconfirmed_from integer REFERENCES health_forms (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX health_forms_client_idx ON health_forms (client_id, consented_at DESC, id DESC);
