-- One model of the mines (docs/architecture.md §8): one worker table for both mine kinds, unique on the NFT across
-- both; per-account holdings resolved at wallet sync; salaries recorded by the token really paid;
-- world totals per settled day.
ALTER TABLE "nft_holdings" RENAME TO "holdings";--> statement-breakpoint
ALTER TABLE "holdings" RENAME COLUMN "policy_id" TO "collection_key";--> statement-breakpoint
ALTER TABLE "holdings" RENAME COLUMN "asset_name" TO "asset_key";--> statement-breakpoint
ALTER TABLE "holdings" RENAME CONSTRAINT "nft_holdings_chain_policy_id_asset_name_address_pk" TO "holdings_pk";--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "holdings" RENAME COLUMN "synced_at" TO "held_since";--> statement-breakpoint
UPDATE "holdings" h SET "user_id" = w."user_id" FROM "wallets" w WHERE w."chain" = h."chain" AND w."address" = h."address";--> statement-breakpoint
DELETE FROM "holdings" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "holdings" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "nft_holdings_address";--> statement-breakpoint
DROP INDEX IF EXISTS "nft_holdings_asset";--> statement-breakpoint
CREATE INDEX "holdings_address" ON "holdings" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "holdings_asset" ON "holdings" USING btree ("collection_key","asset_key");--> statement-breakpoint
CREATE INDEX "holdings_user" ON "holdings" USING btree ("user_id","collection_key");--> statement-breakpoint
CREATE TABLE "mine_workers" (
	"land_id" integer NOT NULL,
	"mine" text NOT NULL,
	"slot" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"collection_key" text,
	"asset_key" text,
	"rarity" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mine_workers_pk" PRIMARY KEY("land_id","mine","slot"),
	CONSTRAINT "mine_workers_mine" CHECK ("mine_workers"."mine" IN ('goldmine', 'frenmine')),
	CONSTRAINT "mine_workers_slot" CHECK ("mine_workers"."slot" BETWEEN 1 AND CASE WHEN "mine_workers"."mine" = 'goldmine' THEN 10 ELSE 5 END),
	CONSTRAINT "mine_workers_nft" CHECK (("mine_workers"."kind" = 'nft') = ("mine_workers"."asset_key" IS NOT NULL AND "mine_workers"."collection_key" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "mine_workers" ADD CONSTRAINT "mine_workers_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id");--> statement-breakpoint
ALTER TABLE "mine_workers" ADD CONSTRAINT "mine_workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");--> statement-breakpoint
INSERT INTO "mine_workers" ("land_id", "mine", "slot", "user_id", "kind", "collection_key", "asset_key", "rarity", "assigned_at")
	SELECT "land_id", 'goldmine', "slot", "user_id", "kind", "policy_id", "asset_name", "rarity", "assigned_at" FROM "goldmine_workers";--> statement-breakpoint
INSERT INTO "mine_workers" ("land_id", "mine", "slot", "user_id", "kind", "collection_key", "asset_key", "rarity", "assigned_at")
	SELECT f."land_id", 'frenmine', f."slot", f."user_id", 'nft', f."policy_id", f."asset_name", 'common', f."assigned_at" FROM "frenmine_workers" f
	WHERE NOT EXISTS (SELECT 1 FROM "goldmine_workers" g WHERE g."policy_id" = f."policy_id" AND g."asset_name" = f."asset_name");--> statement-breakpoint
-- One NFT works in one slot of one mine of either kind: the schema says so, not a check before an insert.
CREATE UNIQUE INDEX "mine_workers_nft_once" ON "mine_workers" USING btree ("collection_key","asset_key");--> statement-breakpoint
CREATE INDEX "mine_workers_user" ON "mine_workers" USING btree ("user_id");--> statement-breakpoint
DROP TABLE "goldmine_workers";--> statement-breakpoint
DROP TABLE "frenmine_workers";--> statement-breakpoint
ALTER TABLE "mine_daily" ADD COLUMN "hexo_paid" numeric(38, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "mine_daily" ADD COLUMN "food_paid" numeric(38, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "mine_daily" SET "hexo_paid" = CASE WHEN "salary_token" = 'hexo' THEN "salary_paid" ELSE 0 END,
	"food_paid" = CASE WHEN "salary_token" = 'food' THEN "salary_paid" ELSE 0 END;--> statement-breakpoint
ALTER TABLE "game_days" ADD COLUMN "goldmine_workers_worked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_days" ADD COLUMN "frenmine_workers_worked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_days" ADD COLUMN "players_paid" integer DEFAULT 0 NOT NULL;
