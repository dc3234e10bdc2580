-- Issue 23: the answer of GET /api/availability/{date} is kept in memory
-- (src/server/modules/availability/cached-day-answer.ts) and dropped when anything it was built
-- from changes: besides the hours and blocked dates (0005), the bookings and her other calendars.
-- The same notification as 0005, at commit, whoever writes.
CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER calendar_busy_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_busy
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER other_calendars_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON other_calendars
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
