-- Achievement notices written when an achievement is earned (docs/game-rules.md §14.6), by the
-- `achievements` job (apps/server/src/jobs/achievements.ts), not when a page first reads them.
-- Players whose facts of a "first …" achievement changed since the job last looked (an upgrade
-- started, a vote added, a quest claimed, a deposit credited): one row per player, written by the
-- triggers below in the writer's own transaction. The job takes rows it can lock (SKIP LOCKED), so
-- a writer still in its transaction keeps its row for the next run.
CREATE TABLE "achievement_checks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- DO UPDATE (not DO NOTHING): the row stays locked until the writer commits, so the job cannot take
-- it and miss the fact the writer has not committed yet.
CREATE FUNCTION "kingdom_achievement_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "achievement_checks" ("user_id") VALUES (NEW."user_id")
		ON CONFLICT ("user_id") DO UPDATE SET "changes" = "achievement_checks"."changes" + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "mine_upgrades_achievement_check" AFTER INSERT ON "mine_upgrades"
	FOR EACH ROW EXECUTE FUNCTION "kingdom_achievement_check"();
--> statement-breakpoint
CREATE TRIGGER "vote_events_achievement_check" AFTER INSERT ON "vote_events"
	FOR EACH ROW WHEN (NEW."delta" > 0) EXECUTE FUNCTION "kingdom_achievement_check"();
--> statement-breakpoint
CREATE TRIGGER "quest_claims_achievement_check" AFTER INSERT ON "quest_claims"
	FOR EACH ROW EXECUTE FUNCTION "kingdom_achievement_check"();
--> statement-breakpoint
-- The tick's ledger rows are never deposits: the WHEN test is all they cost.
CREATE TRIGGER "ledger_entries_achievement_check" AFTER INSERT ON "ledger_entries"
	FOR EACH ROW WHEN (NEW."reason" = 'deposit') EXECUTE FUNCTION "kingdom_achievement_check"();
--> statement-breakpoint
-- Players already there before this migration: looked at once by the first run.
INSERT INTO "achievement_checks" ("user_id")
	SELECT "user_id" FROM "mine_upgrades" UNION SELECT "user_id" FROM "vote_events" WHERE "delta" > 0
	UNION SELECT "user_id" FROM "quest_claims" UNION SELECT "user_id" FROM "ledger_entries" WHERE "reason" = 'deposit'
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The lands that make an achievement (XL, gold mine level 10): the job's sweep reads only these.
CREATE INDEX "lands_achievement" ON "lands" USING btree ("collection_key", "asset_key")
	WHERE "size" = 'SUPERLARGE' OR "goldmine_level" >= 10;
--> statement-breakpoint
-- Runs of all-Excellent days (docs/game-rules.md §14.6), kept per player as the job goes through
-- the settled days in order: `run` consecutive days ending on `last_day`.
CREATE TABLE "excellent_streaks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_day" text NOT NULL,
	"run" integer NOT NULL
);
--> statement-breakpoint
-- Where the job is in the settled days (one row): `last_day` done for every player; the next
-- settled day is under way from player id `next_user` (batches of players, each its own
-- transaction that moves this row).
CREATE TABLE "achievement_cursor" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"last_day" text,
	"next_user" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "achievement_cursor" ("id") VALUES (true);
--> statement-breakpoint
-- Quest progress counts the period's worker assignments of a range of players (the quests bench:
-- every player after the tick): the players' index carries the assignment time, so the range is
-- read in the index alone (it still serves every lookup by player).
DROP INDEX "mine_workers_user";
--> statement-breakpoint
CREATE INDEX "mine_workers_user" ON "mine_workers" USING btree ("user_id", "assigned_at");
