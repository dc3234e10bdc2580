-- Issue 27, money (docs/product.md §18 "Money", docs/decisions/027-payments.md): what each visit was paid,
-- deposits asked of new clients. A payment is never deleted or edited: a wrong one is voided, and the void kept.

CREATE TABLE payments (
  id            bigserial PRIMARY KEY,
  booking_id    integer NOT NULL REFERENCES bookings (id),
  -- Signed cents: a refund is negative and must say why (note).
  amount_cents  integer NOT NULL CHECK (amount_cents <> 0),
  method        text NOT NULL CHECK (method IN ('cash', 'bank-transfer', 'card', 'voucher')),
  -- The New Zealand date the money changed hands.
  paid_at       date NOT NULL,
  note          text,
  -- Recorded as the booking's deposit ('deposits held' until the visit has happened).
  is_deposit    boolean NOT NULL DEFAULT false,
  -- Who recorded it: 'manual' (her), or later a card provider's name with its own reference (decision 027),
  -- so a provider's payments join this table without migrating what she recorded by hand.
  source        text NOT NULL DEFAULT 'manual',
  provider_ref  text,
  voided_at     timestamptz,
  void_reason   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_refund_reason CHECK (amount_cents > 0 OR length(btrim(coalesce(note, ''))) > 0),
  CONSTRAINT payments_void_reason CHECK ((voided_at IS NULL) = (void_reason IS NULL)),
  CONSTRAINT payments_provider_ref CHECK ((source = 'manual') = (provider_ref IS NULL)),
  CONSTRAINT payments_provider_once UNIQUE (source, provider_ref)
);
CREATE INDEX payments_booking_idx ON payments (booking_id);
CREATE INDEX payments_paid_at_idx ON payments (paid_at);

-- Nothing is deleted, and the money facts never change: only a void (once) and the note (an erasure may
-- blank it) can be written after the insert.
CREATE FUNCTION payments_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payments are never deleted: void the payment instead' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.booking_id <> OLD.booking_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.method <> OLD.method
     OR NEW.paid_at <> OLD.paid_at OR NEW.is_deposit <> OLD.is_deposit OR NEW.source <> OLD.source
     OR NEW.provider_ref IS DISTINCT FROM OLD.provider_ref OR NEW.created_at <> OLD.created_at
     OR (OLD.voided_at IS NOT NULL AND (NEW.voided_at IS DISTINCT FROM OLD.voided_at
                                        OR NEW.void_reason IS DISTINCT FROM OLD.void_reason)) THEN
    RAISE EXCEPTION 'a payment is not edited: void it and record it again' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_keep BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_keep();

-- A deposit asked of a service's bookings: a fixed amount or a percentage of the price, not both.
ALTER TABLE services ADD COLUMN deposit_cents integer CHECK (deposit_cents > 0);
ALTER TABLE services ADD COLUMN deposit_percent integer CHECK (deposit_percent BETWEEN 1 AND 100);
ALTER TABLE services ADD CONSTRAINT services_one_deposit CHECK (deposit_cents IS NULL OR deposit_percent IS NULL);

-- Her money settings: one row (id = 1).
CREATE TABLE money_settings (
  id                          integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- Whose bookings pay a service's deposit: every client's, or first-time clients' only.
  deposit_applies_to          text NOT NULL DEFAULT 'first-time' CHECK (deposit_applies_to IN ('everyone', 'first-time')),
  -- A cancellation inside the change cut-off keeps the deposit received.
  keep_deposit_on_late_cancel boolean NOT NULL DEFAULT false,
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO money_settings (id) VALUES (1);

-- What this booking was asked as a deposit when it was made (the rule then, fixed), the short reference the
-- client quotes on the bank transfer, when the one reminder went, and whether a late cancellation kept it.
ALTER TABLE bookings ADD COLUMN deposit_cents cents NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN deposit_reference text UNIQUE;
ALTER TABLE bookings ADD COLUMN deposit_reminded_at timestamptz;
ALTER TABLE bookings ADD COLUMN deposit_kept boolean NOT NULL DEFAULT false;
ALTER TABLE bookings ADD CONSTRAINT bookings_deposit_reference CHECK ((deposit_cents = 0) = (deposit_reference IS NULL));
