-- Issue 40: her logo or photo, uploaded in Settings. The server makes every file the site, her e-mails, receipts and
-- the installed app need (AVIF and WebP at a few widths, PNGs) once, at upload, and keeps them here rather than on the
-- disk, so every server process serves the same files and a backup holds them. A logo is named by its content's
-- hash (its files' addresses never change, so browsers keep them); the table holds the current logo's files only:
-- replacing or removing it deletes the old ones in the same transaction.
CREATE TABLE practice_logo_files (
  hash          text NOT NULL CHECK (hash ~ '^[0-9a-f]{16}$'),
  -- '<width>.<ext>', as in /media/logo/<hash>-<width>.<ext>
  name          text NOT NULL CHECK (name ~ '^[1-9][0-9]{0,4}\.(avif|webp|png)$'),
  content_type  text NOT NULL CHECK (content_type IN ('image/avif', 'image/webp', 'image/png')),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  bytes         bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    text,
  PRIMARY KEY (hash, name)
);

-- Every process hears of a new or removed logo (migration 0005's notify_table_change) and reads which one is current.
CREATE TRIGGER practice_logo_files_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON practice_logo_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
