-- Many servers, one truth (docs/architecture.md §6): the emulated Cardano chain is one log of events in Postgres
-- that every server process replays into its own replica of Lucid Evolution's Emulator. An event is
-- a transaction accepted into the mempool ('tx') or the production of `blocks` blocks ('blocks'; the
-- mempool goes into the first, whose hash is `block_hash`). Writers lock emu_chain_state's row, so
-- there is one chain however many processes run; `fork` changes on a rollback (replicas rebuild).
CREATE TABLE "emu_chain_events" (
	"seq" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('tx', 'blocks')),
	"tx_hash" text,
	"cbor" text,
	"blocks" integer CHECK ("blocks" > 0),
	"block_hash" text,
	"height_after" integer,
	CHECK (("kind" = 'tx' AND "tx_hash" IS NOT NULL AND "cbor" IS NOT NULL) OR ("kind" = 'blocks' AND "blocks" IS NOT NULL AND "height_after" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "emu_chain_state" ADD COLUMN "seq" integer NOT NULL DEFAULT 0;--> statement-breakpoint
-- A replica's whole state after event `seq` (JSON): a (re)starting process restores the latest and
-- replays only the events after it.
CREATE TABLE "emu_chain_snapshots" (
	"fork" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	PRIMARY KEY ("fork", "seq")
);--> statement-breakpoint
-- The block log of docs/game-rules.md §8 (transactions by height) becomes the event log: per block with
-- transactions, the empty blocks before it, its transactions, then the block; empty blocks to the tip.
INSERT INTO "emu_chain_events" ("seq", "kind", "tx_hash", "cbor", "blocks", "block_hash", "height_after")
SELECT row_number() OVER (ORDER BY k1, k2, k3)::int, kind, tx_hash, cbor, blocks, block_hash, height_after FROM (
	SELECT b.height AS k1, 0 AS k2, 0 AS k3, 'blocks' AS kind, NULL::text AS tx_hash, NULL::text AS cbor,
		b.height - 1 - b.prev AS blocks, NULL::text AS block_hash, b.height - 1 AS height_after
	FROM (SELECT height, coalesce(lag(height) OVER (ORDER BY height), 0) AS prev FROM (SELECT DISTINCT height FROM emu_chain_txs) h) b
	WHERE b.height - 1 > b.prev
	UNION ALL
	SELECT height, 1, position, 'tx', tx_hash, cbor, NULL, NULL, NULL FROM emu_chain_txs
	UNION ALL
	SELECT height, 2, 0, 'blocks', NULL, NULL, 1, max(block_hash), height FROM emu_chain_txs GROUP BY height
	UNION ALL
	SELECT s.height, 3, 0, 'blocks', NULL, NULL, s.height - coalesce((SELECT max(height) FROM emu_chain_txs), 0), NULL, s.height
	FROM emu_chain_state s WHERE s.height > coalesce((SELECT max(height) FROM emu_chain_txs), 0)
) e;--> statement-breakpoint
INSERT INTO "emu_chain_state" ("id", "height", "fork", "seq") VALUES (1, 0, 0, 0) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
UPDATE "emu_chain_state" SET "seq" = (SELECT count(*) FROM "emu_chain_events");--> statement-breakpoint
DROP TABLE "emu_chain_txs";--> statement-breakpoint
-- A demo wallet's first sign-in asks for funding; a job pays it (no chain work inside the login).
ALTER TABLE "emu_faucet_grants" ALTER COLUMN "tx_hash" DROP NOT NULL;--> statement-breakpoint
-- The day whose shop royalty a vendor sale counts in (docs/game-rules.md §6): the sale's UTC day, or the
-- first day not yet settled when the tick has already closed it (never lost, never counted twice).
ALTER TABLE "vendor_purchases" ADD COLUMN "royalty_day" text;--> statement-breakpoint
UPDATE "vendor_purchases" SET "royalty_day" = to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "vendor_purchases" ALTER COLUMN "royalty_day" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_purchases_royalty_day" ON "vendor_purchases" USING btree ("royalty_day");--> statement-breakpoint
-- The row the tick locks while it closes a day's sales; purchases hold it shared while they commit.
INSERT INTO "app_settings" ("key", "value") VALUES ('royalty_gate', '{}'::jsonb) ON CONFLICT ("key") DO NOTHING;
