-- Unmatched payments resolved by an operator, once per payment (docs/game-rules.md §15):
-- `payment` is `cardano:<chain_payments.id>` or `solana:<solana_payments.id>`.
CREATE TABLE "payment_resolutions" (
	"payment" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"token" text,
	"amount" numeric(38, 0),
	"refund_tx" text,
	"operator_chain" text NOT NULL,
	"operator_address" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action_id" bigint NOT NULL REFERENCES "operator_actions"("id"),
	CONSTRAINT "payment_resolutions_kind_check" CHECK ("kind" IN ('credit', 'refunded')),
	CONSTRAINT "payment_resolutions_shape" CHECK (CASE WHEN "kind" = 'credit'
	  THEN "user_id" IS NOT NULL AND "token" IS NOT NULL AND "amount" > 0 AND "refund_tx" IS NULL
	  ELSE "refund_tx" IS NOT NULL AND "user_id" IS NULL AND "token" IS NULL AND "amount" IS NULL END)
);
--> statement-breakpoint
-- Maintenance at run time (docs/operator-guide.md "The console"): one settings row every server
-- reads (a short cache); a change notifies the `kingdom_maintenance` channel so listening servers
-- drop their copy at once.
INSERT INTO "app_settings" ("key", "value") VALUES ('maintenance', '{"on": false, "message": null, "ends_at": null, "since": null}'::jsonb)
  ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- The last run of each background job, whichever process ran it (the console's operations page):
-- written after every run by the process that held the job's lease.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"holder" text,
	"runs" bigint DEFAULT 1 NOT NULL,
	"failures" bigint DEFAULT 0 NOT NULL
);
