-- The tick never stalls (docs/architecture.md §4). A day is settled in short transactions instead of one:
-- 1. a staging transaction claims the day (`settlement_runs`) and computes the whole day set-based
--    (staking rows, upgrades, leaving workers, royalty shares, notices, and every salary from the
--    balances it read, kept in `settle_seen`) without locking any balance;
-- 2. salaries, then credits, are applied per batch of players (a range of user ids), each batch in
--    its own transaction claimed once in `settlement_batches`; a player whose balance moved since
--    the staging read has its salaries computed again in its batch;
-- 3. a last transaction writes `game_days` (the day is settled) and clears the staging tables.
-- A run killed at any point is resumed by the next: every step is a claim committed with its work.
CREATE TABLE "settlement_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"max_user" integer NOT NULL,
	"batch_users" integer NOT NULL,
	"goldmine_eff" numeric DEFAULT 0 NOT NULL,
	"frenmine_eff" numeric DEFAULT 0 NOT NULL,
	"goldmine_exo" numeric DEFAULT 0 NOT NULL,
	"frenmine_exo" numeric DEFAULT 0 NOT NULL,
	"goldmine_worked" integer DEFAULT 0 NOT NULL,
	"frenmine_worked" integer DEFAULT 0 NOT NULL,
	"players_paid" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_runs_phase" CHECK ("phase" IN ('salaries', 'credits'))
);--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"day" text NOT NULL,
	"pass" text NOT NULL,
	"first_user" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_batches_pk" PRIMARY KEY ("day", "pass", "first_user")
);--> statement-breakpoint
-- Per worker of the day being settled (in user order), staged, read by the batches.
CREATE TABLE "settle_paid" (
	"mine" text NOT NULL,
	"land_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"user_id" integer NOT NULL,
	"salary" bigint NOT NULL,
	"worked" boolean NOT NULL,
	"eff" bigint NOT NULL,
	"from_token" numeric NOT NULL,
	"from_fallback" numeric NOT NULL
);--> statement-breakpoint
CREATE INDEX "settle_paid_user" ON "settle_paid" USING btree ("user_id");--> statement-breakpoint
-- The HEXO and FOOD each player's staged salaries were computed from (the day's staking credits included).
CREATE TABLE "settle_seen" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hexo" numeric NOT NULL,
	"food" numeric NOT NULL
);--> statement-breakpoint
-- Credits computed by the staging transaction (upgrade refunds before salaries, the shop royalty after).
CREATE TABLE "settle_credits" (
	"pass" text NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"lands" integer
);--> statement-breakpoint
CREATE INDEX "settle_credits_user" ON "settle_credits" USING btree ("pass", "user_id");
