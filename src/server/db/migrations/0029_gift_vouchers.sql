-- Issue 41, gift vouchers (docs/product.md §18.5, docs/decisions/039-gift-vouchers.md). A voucher is bought by card
-- on the public page or sold by her off-line; it is spent on visits as payments of method 'voucher'. Its balance is
-- never stored: it is its value less the voucher payments that stand (a void gives the amount back), as a visit's
-- balance is a sum over its payments (decision 027).

-- Her voucher settings: one row (id = 1). The preset amounts the page offers, whether a service may be given
-- instead, and how long a voucher lasts: New Zealand's Fair Trading Act (gift card expiry, in force from
-- 16 March 2026) wants at least three years from the sale, so 36 months is the default and the least.
CREATE TABLE voucher_settings (
  id                    integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  preset_amounts_cents  integer[] NOT NULL DEFAULT '{5000,8000,12000,15000}'
                        CHECK (cardinality(preset_amounts_cents) BETWEEN 1 AND 8
                               AND 0 < ALL (preset_amounts_cents) AND 100000 >= ALL (preset_amounts_cents)),
  offer_services        boolean NOT NULL DEFAULT true,
  expiry_months         integer NOT NULL DEFAULT 36 CHECK (expiry_months BETWEEN 36 AND 120),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
INSERT INTO voucher_settings (id) VALUES (1);

-- One voucher. 'unpaid': a card purchase begun (its Checkout session waits); 'issued': paid (the verified webhook)
-- or sold by her, with its code. Only the code's SHA-256 is kept (and its last four characters, for her list): a copy
-- of the database or a backup cannot spend a voucher. The e-mail that carries the code is in the outbox.
CREATE TABLE vouchers (
  id                bigserial PRIMARY KEY,
  status            text NOT NULL CHECK (status IN ('unpaid', 'issued')),
  code_hash         text UNIQUE,
  code_hint         text,
  value_cents       integer NOT NULL CHECK (value_cents > 0 AND value_cents <= 100000),
  -- What it was bought as: an amount, or a service (its name and minutes as offered then; the value is its price).
  service_name      text,
  duration_minutes  integer CHECK (duration_minutes > 0),
  buyer_name        text NOT NULL,
  buyer_email       text,
  recipient_name    text NOT NULL,
  recipient_email   text,
  message           text,
  -- The NZ date the recipient's e-mail goes (null: none is sent, as for a paper voucher she hands over).
  send_on           date,
  -- 'online' (card, Stripe Checkout) or 'offline' (she sold it; how it was paid).
  channel           text NOT NULL CHECK (channel IN ('online', 'offline')),
  sale_method       text NOT NULL CHECK (sale_method IN ('card', 'cash', 'bank-transfer')),
  -- The NZ date it was paid, and the last day it can be spent.
  sold_on           date,
  expires_on        date,
  -- The Checkout session's own reference (stripe_checkouts.reference), for a card purchase.
  checkout_reference text UNIQUE,
  issued_at         timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vouchers_issued_facts CHECK (
    (status = 'unpaid') = (code_hash IS NULL)
    AND (status = 'unpaid' OR (code_hint IS NOT NULL AND sold_on IS NOT NULL AND expires_on IS NOT NULL
                               AND issued_at IS NOT NULL))),
  -- The law's three years, whatever the code asks.
  CONSTRAINT vouchers_three_years CHECK (expires_on IS NULL OR expires_on >= (sold_on + interval '3 years')::date),
  CONSTRAINT vouchers_service CHECK ((service_name IS NULL) = (duration_minutes IS NULL)),
  CONSTRAINT vouchers_online_by_card CHECK (channel = 'offline' OR (sale_method = 'card' AND checkout_reference IS NOT NULL)),
  CONSTRAINT vouchers_send_needs_address CHECK (send_on IS NULL OR recipient_email IS NOT NULL)
);
CREATE INDEX vouchers_sold_on_idx ON vouchers (sold_on) WHERE status = 'issued';

-- A voucher given for a visit: entered by the client on the booking's page, spent when the visit is confirmed
-- (payment_id then names the 'voucher' payment, up to what the visit owes). One voucher per visit.
CREATE TABLE voucher_redemptions (
  id           bigserial PRIMARY KEY,
  voucher_id   bigint NOT NULL REFERENCES vouchers (id),
  booking_id   integer NOT NULL UNIQUE REFERENCES bookings (id),
  payment_id   bigint UNIQUE REFERENCES payments (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  redeemed_at  timestamptz,
  CONSTRAINT voucher_redemptions_paid CHECK ((payment_id IS NULL) = (redeemed_at IS NULL))
);
CREATE INDEX voucher_redemptions_voucher_idx ON voucher_redemptions (voucher_id);
