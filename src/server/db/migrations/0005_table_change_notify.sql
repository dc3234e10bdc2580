-- Issue 14: the public catalogue, hours, blocked dates and reviews are served from memory.
-- Every change to those tables, whoever writes it (the API, the admin CLI, another server
-- process, a hand-written statement), announces itself on a channel each server LISTENs to,
-- at commit (src/server/cache/change-feed.ts). The payload is the table's name.
CREATE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hv_table_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER services_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER business_hours_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_hours
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER blocked_dates_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocked_dates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER reviews_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
