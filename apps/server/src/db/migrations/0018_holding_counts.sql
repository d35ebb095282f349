-- The Staking Hub's daily count without a pass over every holding (docs/architecture.md §4): the tick counted each
-- player's NFTs per qualified collection over all 6M holdings every night (~4-6 s at 1M lands).
-- `holding_counts` keeps each player's holdings per collection; triggers on `holdings` log every
-- statement's change in `holding_deltas` (insert-only, so no writer waits on another's counter), and
-- the tick reads counts + deltas − the holdings too recent to count (by `holdings_held_since`) in one
-- statement, then folds the deltas into the counts (`stageStakingDay` in apps/server/src/jobs/staking.ts).
CREATE TABLE "holding_counts" (
	"user_id" integer NOT NULL,
	"collection_key" text NOT NULL,
	"nfts" bigint NOT NULL,
	CONSTRAINT "holding_counts_pk" PRIMARY KEY ("user_id", "collection_key")
);--> statement-breakpoint
CREATE TABLE "holding_deltas" (
	"user_id" integer NOT NULL,
	"collection_key" text NOT NULL,
	"nfts" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "kingdom_holdings_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holding_deltas" ("user_id", "collection_key", "nfts")
		SELECT "user_id", "collection_key", count(*) FROM "new_rows" GROUP BY "user_id", "collection_key";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_count_insert" AFTER INSERT ON "holdings"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_holdings_added"();--> statement-breakpoint
CREATE FUNCTION "kingdom_holdings_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holding_deltas" ("user_id", "collection_key", "nfts")
		SELECT "user_id", "collection_key", -count(*) FROM "old_rows" GROUP BY "user_id", "collection_key";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_count_delete" AFTER DELETE ON "holdings"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_holdings_removed"();--> statement-breakpoint
-- A sync's upsert that keeps the player and collection logs nothing.
CREATE FUNCTION "kingdom_holdings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holding_deltas" ("user_id", "collection_key", "nfts")
		SELECT "user_id", "collection_key", sum("d") FROM (
			SELECT "user_id", "collection_key", 1 AS "d" FROM "new_rows"
			UNION ALL SELECT "user_id", "collection_key", -1 FROM "old_rows"
		) x GROUP BY "user_id", "collection_key" HAVING sum("d") <> 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_count_update" AFTER UPDATE ON "holdings"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_holdings_changed"();--> statement-breakpoint
CREATE FUNCTION "kingdom_holdings_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "holding_deltas";
	DELETE FROM "holding_counts";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_count_truncate" AFTER TRUNCATE ON "holdings"
	FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_holdings_emptied"();--> statement-breakpoint
CREATE INDEX "holdings_held_since" ON "holdings" USING btree ("held_since");--> statement-breakpoint
INSERT INTO "holding_counts" ("user_id", "collection_key", "nfts")
	SELECT "user_id", "collection_key", count(*) FROM "holdings" GROUP BY "user_id", "collection_key";
