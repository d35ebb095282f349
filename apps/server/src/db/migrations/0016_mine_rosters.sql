-- Each land's roster kept between days (docs/architecture.md §4): the tick summed 5M workers into 1M land rosters
-- every day, though few change. `mine_rosters` keeps each land's sums per mine kind (its player,
-- workers, salaries, packed one-slot counts; see `rosterSql` in apps/server/src/jobs/settlement.ts),
-- and a trigger logs in `roster_changes` every land whose workers were inserted, deleted or updated;
-- the tick sums those lands again and keeps the rest (`refreshRosters`).
CREATE TABLE "mine_rosters" (
	"land_id" integer NOT NULL,
	"mine" text NOT NULL,
	"user_id" integer NOT NULL,
	"workers" integer NOT NULL,
	"salary" numeric NOT NULL,
	"units" bigint NOT NULL,
	"mgr" bigint,
	CONSTRAINT "mine_rosters_pk" PRIMARY KEY ("land_id", "mine")
);--> statement-breakpoint
CREATE TABLE "roster_changes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	"land_id" integer NOT NULL,
	"mine" text NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "kingdom_roster_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "roster_changes" ("land_id", "mine") SELECT DISTINCT "land_id", "mine" FROM "changed_rows";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mine_workers_roster_insert" AFTER INSERT ON "mine_workers"
	REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_roster_changed"();--> statement-breakpoint
CREATE TRIGGER "mine_workers_roster_delete" AFTER DELETE ON "mine_workers"
	REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_roster_changed"();--> statement-breakpoint
CREATE FUNCTION "kingdom_roster_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "roster_changes" ("land_id", "mine")
		SELECT "land_id", "mine" FROM "old_rows" UNION SELECT "land_id", "mine" FROM "new_rows";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mine_workers_roster_update" AFTER UPDATE ON "mine_workers"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_roster_updated"();--> statement-breakpoint
-- What was true before this migration: every land with workers is summed by the next tick.
INSERT INTO "roster_changes" ("land_id", "mine") SELECT DISTINCT "land_id", "mine" FROM "mine_workers";
