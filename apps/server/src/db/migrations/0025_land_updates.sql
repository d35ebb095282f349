-- Land updates (has_update) and the tier-3 permit's sources (docs/game-rules.md §2, §6, §7).
-- A chest week keeps the loot table it was published with: weeks published before now used table 1.
ALTER TABLE "chest_weeks" ADD COLUMN "table_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Purchases of weekly-limited vendor items per account and chest week (Monday, UTC); the purchase
-- adds to its row with one conditional upsert, so concurrent purchases never pass the limit.
CREATE TABLE "vendor_weekly_counts" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"item" text NOT NULL,
	"week" text NOT NULL,
	"quantity" integer NOT NULL CONSTRAINT "vendor_weekly_counts_quantity" CHECK ("quantity" > 0),
	CONSTRAINT "vendor_weekly_counts_pk" PRIMARY KEY ("user_id", "item", "week")
);
