-- Chain money (docs/game-rules.md §8): the emulated chain's block log, the chain watcher's
-- cursor and the payments it saw, withdrawals to the Master Wallet, token sale rounds and EXO orders.
CREATE TABLE "emu_chain_state" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"height" integer NOT NULL,
	"fork" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "emu_chain_txs" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"block_hash" text NOT NULL,
	"cbor" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "emu_chain_txs_order" ON "emu_chain_txs" USING btree ("height", "position");--> statement-breakpoint
CREATE TABLE "emu_chain_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "emu_faucet_grants" (
	"address" text PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "chain_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"height" integer NOT NULL
);--> statement-breakpoint
-- One row per (transaction output, token) paying the treasury (EXO/HEXO deposits) or the sale
-- address (ADA for an EXO order). Credited exactly once: the status moves to 'credited' in the
-- transaction that writes the ledger entry (reason 'deposit' / 'exo_order', reference tx#index).
CREATE TABLE "chain_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer NOT NULL,
	"token" text NOT NULL CHECK ("token" IN ('exo', 'hexo', 'ada')),
	"amount" numeric(38, 0) NOT NULL CHECK ("amount" > 0),
	"senders" text[] NOT NULL,
	-- the stake credential (hex) of each sender, '' for none: another address of a linked wallet counts as that wallet
	"sender_stakes" text[] NOT NULL,
	"message_account" integer,
	"message_order" bigint,
	"block_height" integer NOT NULL,
	"block_hash" text NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('pending', 'credited', 'claimable', 'rolled_back', 'unmatched')),
	"user_id" integer REFERENCES "users"("id"),
	"seen_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "chain_payments_output" UNIQUE ("tx_hash", "output_index", "token")
);--> statement-breakpoint
CREATE INDEX "chain_payments_open" ON "chain_payments" USING btree ("status", "block_height") WHERE "status" IN ('pending', 'claimable');--> statement-breakpoint
CREATE INDEX "chain_payments_user" ON "chain_payments" USING btree ("user_id", "id");--> statement-breakpoint
CREATE INDEX "chain_payments_message_account" ON "chain_payments" USING btree ("message_account") WHERE "status" = 'claimable';--> statement-breakpoint
-- Stake credentials (hex; null for an address without one) of linked Cardano wallet addresses,
-- filled by the watcher: a deposit from another address of a linked HD wallet is that wallet's.
CREATE TABLE "cardano_stake_keys" (
	"address" text PRIMARY KEY NOT NULL,
	"stake_credential" text
);--> statement-breakpoint
CREATE INDEX "cardano_stake_keys_credential" ON "cardano_stake_keys" USING btree ("stake_credential");--> statement-breakpoint
CREATE TABLE "chain_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"token" text NOT NULL CHECK ("token" IN ('exo', 'hexo')),
	"amount" numeric(38, 0) NOT NULL CHECK ("amount" > 0),
	"address" text NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('requested', 'submitted', 'confirmed', 'failed', 'expired')),
	"tx_hash" text,
	"tx_cbor" text,
	"ttl_slot" bigint,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_withdrawals_key" UNIQUE ("user_id", "idempotency_key")
);--> statement-breakpoint
-- One pending withdrawal per account (PENDING_TRANSACTION), in the schema so concurrent requests cannot both pass.
CREATE UNIQUE INDEX "chain_withdrawals_one_pending" ON "chain_withdrawals" USING btree ("user_id") WHERE "status" IN ('requested', 'submitted');--> statement-breakpoint
CREATE INDEX "chain_withdrawals_open" ON "chain_withdrawals" USING btree ("status") WHERE "status" IN ('requested', 'submitted');--> statement-breakpoint
CREATE TABLE "sale_rounds" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_lovelace" numeric(38, 0) NOT NULL CHECK ("price_lovelace" > 0),
	"cap" numeric(38, 0) NOT NULL CHECK ("cap" > 0),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "exo_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"source" text NOT NULL CHECK ("source" IN ('round', 'pack')),
	"round_id" integer REFERENCES "sale_rounds"("id"),
	"pack" text,
	"exo" numeric(38, 0) NOT NULL CHECK ("exo" > 0),
	"lovelace" numeric(38, 0) NOT NULL CHECK ("lovelace" > 0),
	"status" text NOT NULL CHECK ("status" IN ('awaiting_payment', 'paid', 'expired')),
	"tx_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "exo_orders_key" UNIQUE ("user_id", "idempotency_key")
);--> statement-breakpoint
CREATE INDEX "exo_orders_round" ON "exo_orders" USING btree ("round_id", "status");--> statement-breakpoint
CREATE INDEX "exo_orders_user" ON "exo_orders" USING btree ("user_id", "id");
