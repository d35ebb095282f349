-- Leaving workers without a pass over every holding (docs/architecture.md §4): a worker whose NFT or land is no
-- longer held by its player leaves at the tick (docs/game-rules.md §3, `nft_left`, `land_left`), and that can
-- only start when a holding is deleted or changes player. Both are logged here, and the tick checks
-- only the workers of the logged NFTs and on the logged lands (`releaseWorkers` in
-- apps/server/src/jobs/settlement.ts). Each row is checked by
-- two ticks (`checked` marks the first), so a worker assigned in a transaction that straddled the
-- first one is still checked.
CREATE TABLE "holdings_left" (
	"id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	"collection_key" text NOT NULL,
	"asset_key" text NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "kingdom_holdings_left"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holdings_left" ("collection_key", "asset_key") SELECT "collection_key", "asset_key" FROM "left_rows";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_left_on_delete" AFTER DELETE ON "holdings"
	REFERENCING OLD TABLE AS "left_rows" FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_holdings_left"();--> statement-breakpoint
-- A sync upserts every holding it sees; only a change of player (or of identity) is a leave.
CREATE FUNCTION "kingdom_holding_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holdings_left" ("collection_key", "asset_key") VALUES (OLD."collection_key", OLD."asset_key");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holdings_left_on_update" AFTER UPDATE ON "holdings" FOR EACH ROW
	WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."collection_key" IS DISTINCT FROM NEW."collection_key" OR OLD."asset_key" IS DISTINCT FROM NEW."asset_key")
	EXECUTE FUNCTION "kingdom_holding_moved"();--> statement-breakpoint
-- What was true before this migration: every worker is checked once by the next tick (its NFT, its land's).
INSERT INTO "holdings_left" ("collection_key", "asset_key", "checked")
	SELECT "collection_key", "asset_key", true FROM "mine_workers" WHERE "kind" = 'nft'
	UNION SELECT l."collection_key", l."asset_key", true FROM "lands" l WHERE EXISTS (SELECT 1 FROM "mine_workers" mw WHERE mw."land_id" = l."id");
