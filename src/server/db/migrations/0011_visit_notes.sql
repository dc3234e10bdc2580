-- Issue 24: visits happen. After a confirmed visit has started she marks it completed or no-show
-- (the booking's status stays 'confirmed'; the outcome is its own field), and writes her treatment
-- notes in a SOAP shape. Notes can be edited for 24 hours, then only amended; each amendment is kept
-- with its time. Note text is sealed with the server's secret key (src/server/secret-box.ts), never plain.
ALTER TABLE bookings
  ADD COLUMN outcome text CHECK (outcome IN ('completed', 'no-show')),
  ADD COLUMN outcome_at timestamptz;

-- One note per visit. body_encrypted is the sealed JSON of the four parts
-- { subjective, objective, treatment, plan }: what the client reported, what she found, what she did,
-- the plan for next time. client_id follows the booking's client (a merge moves both).
CREATE TABLE visit_notes (
  id serial PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  body_encrypted text NOT NULL,
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT visit_notes_booking_id_key UNIQUE (booking_id)
);
CREATE INDEX visit_notes_client_id_idx ON visit_notes (client_id);

-- After the 24 hours: additions only, each with its time and author; body_encrypted is the sealed
-- JSON { text }.
CREATE TABLE visit_note_amendments (
  id serial PRIMARY KEY,
  note_id integer NOT NULL REFERENCES visit_notes (id) ON DELETE CASCADE,
  body_encrypted text NOT NULL,
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_note_amendments_note_id_idx ON visit_note_amendments (note_id, created_at, id);
