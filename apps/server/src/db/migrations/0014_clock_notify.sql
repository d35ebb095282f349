-- The shared game clock without a round trip per request (docs/architecture.md §4): a committed change of the
-- demo clock's offset (`app_settings` key `clock_offset_ms`) notifies channel `kingdom_reads` with
-- payload `clock`; every server process hears it and reads the offset again before a route that
-- relies on it (apps/server/src/clock.ts `GameClock.current`). Row-level, so only that key notifies.
CREATE TRIGGER "app_settings_clock_notify_reads" AFTER INSERT OR UPDATE ON "app_settings"
  FOR EACH ROW WHEN (NEW."key" = 'clock_offset_ms') EXECUTE FUNCTION "kingdom_notify_reads"('clock');--> statement-breakpoint
CREATE TRIGGER "app_settings_clock_delete_notify_reads" AFTER DELETE ON "app_settings"
  FOR EACH ROW WHEN (OLD."key" = 'clock_offset_ms') EXECUTE FUNCTION "kingdom_notify_reads"('clock');
