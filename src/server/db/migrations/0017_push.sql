-- Issue 26, Web Push to her phone (docs/decisions/024-web-push.md): the server's VAPID keys, her phones'
-- subscriptions, her switches per kind, and an outbox so a push service outage loses nothing.

-- One row (id 1): created on first need by whichever process gets there first (INSERT ... ON CONFLICT DO NOTHING,
-- then read), so two processes starting together share one key pair. The private key is sealed with the secret box.
CREATE TABLE push_vapid (
  id                    integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key            text NOT NULL,
  private_key_encrypted text NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now()
);

-- A browser that said yes. The endpoint is the push service's address for that browser (unique: subscribing again
-- updates its keys). Removed when the push service answers 404/410 or she turns notifications off on that phone.
CREATE TABLE push_subscriptions (
  id              serial PRIMARY KEY,
  endpoint        text NOT NULL UNIQUE,
  p256dh          text NOT NULL,
  auth            text NOT NULL,
  -- 'Chrome on Android': how she tells her phones apart.
  label           text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz
);

-- Her switches: one row (id 1), every kind on until she turns it off.
CREATE TABLE push_preferences (
  id                  integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  new_request         boolean NOT NULL DEFAULT true,
  client_cancellation boolean NOT NULL DEFAULT true,
  waitlist_acceptance boolean NOT NULL DEFAULT true,
  check_in            boolean NOT NULL DEFAULT true,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
INSERT INTO push_preferences (id) VALUES (1);

-- One row per message and subscription (fanned out when queued): each phone's delivery is retried, marked sent or
-- given up on its own, so a phone that is gone or failing never holds back or repeats another's.
CREATE TABLE push_outbox (
  id              bigserial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  kind            text NOT NULL,
  title           text NOT NULL,
  body            text NOT NULL,
  url             text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  last_error      text
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at, id) WHERE status = 'pending';

-- A queued push wakes every server's push worker at commit (the change feed of migration 0005), so it goes out
-- within a second instead of at the next poll.
CREATE TRIGGER push_outbox_notify_change AFTER INSERT ON push_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
