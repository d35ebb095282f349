-- Mint a land in the app (docs/game-rules.md §2 "Mint Your Land"): one row per reservation.
-- Uniqueness lives here: one live mint per land (reserved, submitted or confirmed) and one open
-- mint per account (reserved or submitted), so racers get one winner and the rest a clean refusal.
CREATE TABLE "land_mints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"land_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"lovelace" numeric(38, 0) NOT NULL CHECK ("lovelace" > 0),
	"status" text NOT NULL CHECK ("status" IN ('reserved', 'submitted', 'confirmed', 'expired', 'cancelled')),
	"address" text,
	"tx_hash" text,
	"tx_cbor" text,
	"valid_to_slot" bigint,
	"block_height" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	-- when the buyer's wallet was synced after the confirmation (null: the chain job syncs it again)
	"synced_at" timestamp with time zone,
	CONSTRAINT "land_mints_key" UNIQUE ("user_id", "idempotency_key")
);--> statement-breakpoint
CREATE UNIQUE INDEX "land_mints_live_land" ON "land_mints" USING btree ("land_id") WHERE "status" IN ('reserved', 'submitted', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "land_mints_open_user" ON "land_mints" USING btree ("user_id") WHERE "status" IN ('reserved', 'submitted');--> statement-breakpoint
CREATE INDEX "land_mints_user" ON "land_mints" USING btree ("user_id", "id");--> statement-breakpoint
CREATE INDEX "land_mints_open" ON "land_mints" USING btree ("status", "expires_at") WHERE "status" IN ('reserved', 'submitted');--> statement-breakpoint
CREATE INDEX "land_mints_unsynced" ON "land_mints" USING btree ("id") WHERE "status" = 'confirmed' AND "synced_at" IS NULL;
