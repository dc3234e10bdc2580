-- Issue 24: every read of a client's health forms and notes, and every export, correction and
-- erasure, is written here; she sees it on the client page. Kept with the client (an erased
-- client's log goes with them, after its own 'erase' line is no longer needed).
CREATE TABLE client_access_log (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  -- The admin's username, or 'client' for the client's own private link, or 'system' for retention.
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 100),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 40),
  -- What was touched, in words, never its content ('Health form of 3 Dec 2026').
  detail text NOT NULL CHECK (length(detail) <= 200)
);
CREATE INDEX client_access_log_client_idx ON client_access_log (client_id, at DESC, id DESC);
