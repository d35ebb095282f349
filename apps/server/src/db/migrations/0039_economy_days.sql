-- The economy dashboard's daily summaries (docs/operator-guide.md "The console", issue 37): each
-- closed UTC day is summarised once per chain (the chain of the account's first wallet; `none` for
-- an account without a wallet) by the `economy_days` job, one short transaction per day claimed by
-- its `economy_days` row; the dashboard reads these for summarised days and the ledger for the rest.
CREATE TABLE "economy_days" (
	"day" text PRIMARY KEY NOT NULL,
	"summarised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Every asset created (positive entries) and burned (negative) per day, chain and raw ledger reason.
CREATE TABLE "economy_day_flows" (
	"day" text NOT NULL,
	"chain" text NOT NULL,
	"asset" text NOT NULL,
	"reason" text NOT NULL,
	"created" numeric(38, 0) NOT NULL,
	"burned" numeric(38, 0) NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "economy_day_flows_pk" PRIMARY KEY ("day", "chain", "asset", "reason")
);
--> statement-breakpoint
-- The day's other figures: new_players, active, sign_ins (key: wallet app), quest_claims, orders
-- (key: lovelace, lamports, exo), market_volume / market_fees / market_trades (key: pay token) and,
-- on a cohort's day, retained_d1 / retained_d7 / retained_d30 (written when day +1, +7, +30 closes).
CREATE TABLE "economy_day_counts" (
	"day" text NOT NULL,
	"chain" text NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" numeric(38, 0) NOT NULL,
	CONSTRAINT "economy_day_counts_pk" PRIMARY KEY ("day", "chain", "metric", "key")
);
--> statement-breakpoint
-- Who was active on a summarised day (daily/weekly/monthly active players and retention).
CREATE TABLE "economy_day_active" (
	"day" text NOT NULL,
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	CONSTRAINT "economy_day_active_pk" PRIMARY KEY ("day", "user_id")
);
--> statement-breakpoint
-- The ledger's rows of one day (today's live part of the dashboard, each day's summary) without
-- reading the whole ledger: a BRIN index (rows are appended in time order; a few pages, next to no
-- cost to the tick's inserts).
CREATE INDEX "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");
--> statement-breakpoint
-- Each player's last summarised active day (weekly/monthly actives as of the last summarised day and
-- after it without reading 30 days of rows); with the chain they had then.
CREATE TABLE "economy_last_active" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"day" text NOT NULL
);
