-- Issue 40, 'From demo to live' (docs/decisions/008-email-outbox.md, docs/product.md §2 Outbox): an e-mail queued
-- while the site had no SMTP_URL is held. It stays pending (its .eml copy is written as before) but the worker never
-- sends it until she chooses Send (released_at) or Discard (the row goes; the .eml copy stays).
ALTER TABLE email_outbox ADD COLUMN held_at timestamptz;
ALTER TABLE email_outbox ADD COLUMN released_at timestamptz;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_release_after_hold CHECK (released_at IS NULL OR held_at IS NOT NULL);

-- A site that never sent nor tried to send a message has never had SMTP: what waits in its outbox was queued
-- without it, so it waits for her too rather than going out the moment SMTP_URL is set.
UPDATE email_outbox SET held_at = now()
WHERE status = 'pending' AND attempts = 0
  AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.status <> 'pending' OR o.attempts > 0);
