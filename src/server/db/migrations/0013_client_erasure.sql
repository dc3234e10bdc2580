-- Erasing a client (issue 24, docs/privacy.md): the Privacy Act's 'delete it', by her hand or by the
-- retention job. The person goes; what the tax rules need of each booking (date, service, price,
-- travel fee, payment) stays, anonymised, and the client row stays as an empty tombstone so that
-- those bookings are never linked to anyone again (start-up links only bookings without a client).
ALTER TABLE clients ADD COLUMN erased_at timestamptz;
-- Retention after CLIENT_RETENTION_YEARS while health records must still be kept: the contact
-- details, addresses and e-mails are gone, the name stays with the health forms and notes.
ALTER TABLE clients ADD COLUMN contact_erased_at timestamptz;
ALTER TABLE bookings ADD COLUMN erased_at timestamptz;

-- An anonymised booking keeps no address or phone: the booking form's rules hold for the others.
ALTER TABLE bookings DROP CONSTRAINT bookings_address_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_address_check CHECK (erased_at IS NOT NULL OR length(address) >= 5);
ALTER TABLE bookings DROP CONSTRAINT bookings_phone_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_phone_check CHECK (erased_at IS NOT NULL OR length(phone) >= 10);

-- The retention job looks for clients whose last visit is long past, and skips the erased.
CREATE INDEX clients_not_erased_idx ON clients (id) WHERE erased_at IS NULL;
