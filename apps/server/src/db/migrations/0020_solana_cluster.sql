-- The local Solana cluster of the demo and the tests (docs/architecture.md §5 "Chain money"): one chain for
-- every server process. The chain is a log of events that each process replays into its own litesvm
-- replica: a transaction accepted into the current slot ('tx': its wire bytes, base64), or `slots`
-- slots produced ('slots'; consecutive productions extend one event). Writers lock the state row, so
-- there is one chain however many processes run; `fork` changes on a rollback (replicas rebuild).
CREATE TABLE "sol_chain_state" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	-- the last event of the log (0: none)
	"seq" integer NOT NULL DEFAULT 0,
	-- bumped by every rollback
	"fork" integer NOT NULL DEFAULT 0,
	-- the current (processed) slot: accepted transactions land in it
	"slot" bigint NOT NULL DEFAULT 0,
	-- base58 of 32 bytes, made on first start: what getGenesisHash answers
	"genesis_hash" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "sol_chain_events" (
	"seq" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('tx', 'slots')),
	-- tx: the slot it landed in; slots: the current slot after the production
	"slot" bigint NOT NULL,
	"signature" text,
	"wire" text,
	"slots" integer CHECK ("slots" > 0),
	-- when it was accepted or produced (a transaction's blockTime)
	"at" timestamptz NOT NULL DEFAULT now(),
	CHECK (("kind" = 'tx' AND "signature" IS NOT NULL AND "wire" IS NOT NULL) OR ("kind" = 'slots' AND "slots" IS NOT NULL))
);--> statement-breakpoint
-- A replica's whole state after event `seq` (gzip of litesvm's bytes and the cluster's index, base64):
-- a (re)starting process restores the latest and replays only the events after it.
CREATE TABLE "sol_chain_snapshots" (
	"fork" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	PRIMARY KEY ("fork", "seq")
);--> statement-breakpoint
-- The cluster's own keys (faucet, sale address, demo wallets): ed25519 seeds (32 bytes, hex).
CREATE TABLE "sol_chain_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL CHECK ("seed" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
-- Demo mode: a Solana address's first sign-in asks for local-cluster SOL once (a job pays it).
CREATE TABLE "sol_faucet_grants" (
	"address" text PRIMARY KEY NOT NULL,
	-- the airdrop's signature; null while waiting for the job
	"signature" text,
	"created_at" timestamptz NOT NULL
);
