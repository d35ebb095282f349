-- One request budget per provider plan, shared by every process of the database
-- (docs/operator-guide.md §7.3): a token bucket kept as (tokens, at). A request reserves a token in
-- one statement (chain/rate-budget.ts); the bucket may go below zero, which queues the callers: each
-- waits until its reservation is due. Times are the database's clock, so processes on machines
-- whose clocks differ still share one budget.
CREATE TABLE "provider_budgets" (
	"name" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL
);
