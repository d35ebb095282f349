-- Reads near the database floor (docs/architecture.md §4): caches several processes agree on. A statement that
-- changes what a cached read shows notifies channel `kingdom_reads` when its transaction commits,
-- with the cache's topic as payload; every server process listens and drops its copies
-- (apps/server/src/http/shared-cache.ts). One notification per statement (Postgres folds equal ones
-- of a transaction into one).
--   staking: the Staking-Hub leaderboards (collections and their votes, snapshots)
--   lands:   the players' land lists (lands, who holds them, their gold mine workers)
-- A second argument names a sequence the statement also advances, at once (before the commit; a
-- sequence never waits on a lock): a read that carries its value in its key misses from the moment
-- a change starts, so the process that wrote (and any other) never answers from a copy older than
-- the write it has seen committed; the notification then drops any copy made while it committed.
CREATE SEQUENCE "reads_lands_version";--> statement-breakpoint
CREATE FUNCTION "kingdom_notify_reads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_NARGS > 1 THEN
    PERFORM nextval(TG_ARGV[1]::regclass);
  END IF;
  PERFORM pg_notify('kingdom_reads', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collections_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('staking');--> statement-breakpoint
CREATE TRIGGER "staking_snapshots_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staking_snapshots"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('staking');--> statement-breakpoint
CREATE TRIGGER "snapshot_collections_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "snapshot_collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('staking');--> statement-breakpoint
CREATE TRIGGER "lands_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lands"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('lands', 'reads_lands_version');--> statement-breakpoint
CREATE TRIGGER "holdings_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holdings"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('lands', 'reads_lands_version');--> statement-breakpoint
CREATE TRIGGER "mine_workers_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mine_workers"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('lands', 'reads_lands_version');
