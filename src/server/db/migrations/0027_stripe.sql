-- Issue 41: card payments through Stripe (docs/decisions/037-card-payments.md). A card payment itself is a row of
-- `payments` (source 'stripe', provider_ref the PaymentIntent's id; a refund's row has the refund's id), as decision
-- 027 planned: nothing here changes what she recorded by hand.

-- Her Stripe keys, pasted in Settings: one row, each key sealed with the server's secret key (secret-box.ts), as the
-- CalDAV passwords are. No key is ever answered back. Empty: the environment's keys (or none) apply.
CREATE TABLE stripe_settings (
  id                     integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  secret_key_sealed      text,
  webhook_secret_sealed  text,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  updated_by             text
);
-- Every process hears of new keys (migration 0005's notify_table_change) and reads them again.
CREATE TRIGGER stripe_settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stripe_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();

-- Each Checkout session the server made: what it asks (the amount, fixed by the server when it was made), for what
-- (`kind` and its own `metadata`: a booking's deposit or balance, a gift voucher...), and its completion. Completing
-- is one UPDATE ... WHERE completed_at IS NULL in the same transaction as what the kind records, so a webhook
-- delivered twice, or both of a payment's events (the session's and the PaymentIntent's), complete it once.
CREATE TABLE stripe_checkouts (
  id                 bigserial PRIMARY KEY,
  kind               text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  amount_cents       integer NOT NULL CHECK (amount_cents > 0),
  currency           text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  reference          text NOT NULL,
  metadata           jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Stripe's answer (null only between the insert and Stripe's answer; a failed call leaves it null).
  session_id         text UNIQUE,
  url                text,
  expires_at         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  completed_at       timestamptz,
  payment_intent_id  text UNIQUE,
  completed_event_id text,
  CONSTRAINT stripe_checkouts_completed CHECK ((completed_at IS NULL) = (payment_intent_id IS NULL))
);

-- Refunds asked of Stripe: what she asked and why, until Stripe confirms it (then the refund is a negative payment
-- with the refund's id as its provider_ref). A status never goes back from a final one (an event arriving late).
CREATE TABLE stripe_refunds (
  id                 bigserial PRIMARY KEY,
  refund_id          text NOT NULL UNIQUE,
  payment_intent_id  text NOT NULL,
  amount_cents       integer NOT NULL CHECK (amount_cents > 0),
  reason             text NOT NULL,
  status             text NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
  metadata           jsonb NOT NULL DEFAULT '{}'::jsonb,
  requested_by       text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_refunds_payment_intent_idx ON stripe_refunds (payment_intent_id);
