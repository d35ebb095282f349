-- Suspension (docs/game-rules.md §15): a suspended player reads; every write answers ACCOUNT_SUSPENDED.
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
-- Every sign-in: when, with which wallet, which wallet app and browser (the console's player page
-- and the dashboard's active players and sign-ins by wallet kind).
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"wallet" text,
	"method" text NOT NULL,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_ins_user" ON "sign_ins" USING btree ("user_id", "at");
--> statement-breakpoint
CREATE INDEX "sign_ins_at" ON "sign_ins" USING btree ("at");
--> statement-breakpoint
-- The console's search box: a handle, a transaction hash, a land's hex name in any case.
CREATE INDEX "wallets_handle" ON "wallets" USING btree (lower("handle")) WHERE "handle" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "wallets_address_lower" ON "wallets" USING btree (lower("address"));
--> statement-breakpoint
CREATE INDEX "chain_payments_tx" ON "chain_payments" USING btree ("tx_hash");
--> statement-breakpoint
CREATE INDEX "exo_orders_tx" ON "exo_orders" USING btree ("tx_hash") WHERE "tx_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "chain_withdrawals_tx" ON "chain_withdrawals" USING btree ("tx_hash") WHERE "tx_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "lands_hex_name_lower" ON "lands" USING btree (lower("hex_name"));
