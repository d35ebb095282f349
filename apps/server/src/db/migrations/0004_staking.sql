-- Staking Hub (docs/game-rules.md §5): vote points (locked EXO, 1 EXO = 1 point) with allocations per collection,
-- the vote activity feed, the daily staking rewards per player and source, one snapshot per instant.
CREATE TABLE "vote_books" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"locked" numeric(38, 0) DEFAULT '0' NOT NULL,
	"allocated" numeric(38, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "vote_books_allocated_non_negative" CHECK ("allocated" >= 0),
	CONSTRAINT "vote_books_within_locked" CHECK ("allocated" <= "locked")
);--> statement-breakpoint
CREATE TABLE "vote_allocations" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"collection_id" integer NOT NULL REFERENCES "collections"("id"),
	"votes" numeric(38, 0) NOT NULL,
	CONSTRAINT "vote_allocations_pk" PRIMARY KEY("user_id", "collection_id"),
	CONSTRAINT "vote_allocations_positive" CHECK ("votes" > 0)
);--> statement-breakpoint
CREATE INDEX "vote_allocations_collection" ON "vote_allocations" USING btree ("collection_id");--> statement-breakpoint
CREATE TABLE "vote_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"collection_id" integer NOT NULL REFERENCES "collections"("id"),
	"delta" numeric(38, 0) NOT NULL,
	"total_after" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "vote_events_collection" ON "vote_events" USING btree ("collection_id", "created_at");--> statement-breakpoint
CREATE TABLE "staking_daily" (
	"day" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"nfts" integer NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	CONSTRAINT "staking_daily_pk" PRIMARY KEY("user_id", "day", "source", "ref")
);--> statement-breakpoint
CREATE UNIQUE INDEX "staking_snapshots_taken_at" ON "staking_snapshots" USING btree ("taken_at");--> statement-breakpoint
CREATE INDEX "collections_chain_votes" ON "collections" USING btree ("chain", "votes");
