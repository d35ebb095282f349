-- Reads near the database floor (issue 16): caches several processes agree on. A statement that
-- changes what the Staking-Hub leaderboards show (collections and their votes, snapshots) notifies
-- channel `kingdom_reads` with payload `staking` when its transaction commits; every server process
-- listens and drops its cached pages (apps/server/src/http/shared-cache.ts). One notification per
-- statement (Postgres folds equal ones of a transaction into one).
CREATE FUNCTION "kingdom_notify_staking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kingdom_reads', 'staking');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collections_notify_staking" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_staking"();--> statement-breakpoint
CREATE TRIGGER "staking_snapshots_notify_staking" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staking_snapshots"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_staking"();--> statement-breakpoint
CREATE TRIGGER "snapshot_collections_notify_staking" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "snapshot_collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_staking"();
