-- Many servers, one truth (docs/architecture.md §6): what every server process shares through Postgres.
-- A lease per background job (tick, chain watcher, treasury signer, block production, chest seeds,
-- demo wallet funding): the holder renews it; a dead holder's lease expires and another takes it.
-- Times come from the database's clock, so processes with skewed clocks agree.
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Rate-limit windows shared by every process (fixed window per key: route + client address).
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window" ON "rate_limit_hits" USING btree ("window_ends_at");
