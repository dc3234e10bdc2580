-- Issue 40: her settings (who the practice is, where it works, its booking rules) are hers to change in the browser.
-- One row holds the fields she has saved; every field she has not saved keeps its value from the environment and the
-- profile file (the first values of a new install). Each server process LISTENs for the change (migration 0005's
-- notify_table_change) and applies the row at once, so several processes agree without a restart.
CREATE TABLE practice_settings (
  id          integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  overrides   jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(overrides) = 'object'),
  version     integer NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  text
);

CREATE TRIGGER practice_settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON practice_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
