-- The operator console (issue 37; docs/operator-guide.md "The console", docs/http-contract.md §4).
-- An operator is a wallet address (chain + address, exactly as it signs in) with a role.
CREATE TABLE "operators" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"role" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operators_pk" PRIMARY KEY ("chain", "address"),
	CONSTRAINT "operators_role_check" CHECK ("role" IN ('viewer', 'support', 'admin'))
);
--> statement-breakpoint
-- Every console write, in the transaction that does it: append-only (the trigger below refuses
-- UPDATE and DELETE, so the log cannot be rewritten from the application).
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_chain" text NOT NULL,
	"operator_address" text NOT NULL,
	"role" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"target_user_id" integer,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "operator_actions_target_user" ON "operator_actions" USING btree ("target_user_id", "id") WHERE "target_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "operator_actions_action" ON "operator_actions" USING btree ("action", "id");
--> statement-breakpoint
CREATE FUNCTION "kingdom_operator_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_actions is append-only' USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "operator_actions_append_only" BEFORE UPDATE OR DELETE ON "operator_actions"
  FOR EACH ROW EXECUTE FUNCTION "kingdom_operator_actions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_truncate" BEFORE TRUNCATE ON "operator_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_operator_actions_append_only"();
--> statement-breakpoint
-- Money moves above the two-person limit wait here for a second admin (docs/game-rules.md §15).
CREATE TABLE "operator_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"token" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"payment" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_chain" text NOT NULL,
	"requested_address" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"request_action_id" bigint NOT NULL REFERENCES "operator_actions"("id"),
	"decided_chain" text,
	"decided_address" text,
	"decided_at" timestamp with time zone,
	"decision_action_id" bigint REFERENCES "operator_actions"("id"),
	CONSTRAINT "operator_approvals_kind_check" CHECK ("kind" IN ('adjustment', 'payment_credit')),
	CONSTRAINT "operator_approvals_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "operator_approvals_amount_check" CHECK ("amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX "operator_approvals_status" ON "operator_approvals" USING btree ("status", "id");
--> statement-breakpoint
CREATE INDEX "operator_approvals_user" ON "operator_approvals" USING btree ("user_id", "id");
--> statement-breakpoint
-- one pending credit per payment
CREATE UNIQUE INDEX "operator_approvals_payment_pending" ON "operator_approvals" USING btree ("payment") WHERE "status" = 'pending' AND "payment" IS NOT NULL;
