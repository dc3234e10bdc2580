-- Issue 39 (docs/decisions/034-a-booking-does-not-make-its-booker-the-client.md): a public booking whose
-- e-mail or phone leads to an existing client no longer lands on that client. It gets a client of its own,
-- which names the existing one as a possible match until she decides: the same person (merged into it) or
-- not (the match cleared). Until then nothing of the existing client changes.
ALTER TABLE clients ADD COLUMN possible_match_of integer REFERENCES clients (id) ON DELETE SET NULL;
-- What led to the match: the e-mail, or the phone under the same first name (docs/product.md §12).
ALTER TABLE clients ADD COLUMN match_basis text CHECK (match_basis IN ('email', 'phone'));
-- (The basis may outlive its match: ON DELETE SET NULL clears only the match.)
ALTER TABLE clients ADD CONSTRAINT clients_match_has_basis CHECK (possible_match_of IS NULL OR match_basis IS NOT NULL);
ALTER TABLE clients ADD CONSTRAINT clients_match_not_self CHECK (possible_match_of <> id);
CREATE INDEX clients_possible_match_of_idx ON clients (possible_match_of) WHERE possible_match_of IS NOT NULL;
