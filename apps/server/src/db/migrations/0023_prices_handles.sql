-- Prices seen by the price job (ADA per EXO/HEXO, USD per ADA/SOL, when
-- the provider saw them), the imported world's assets, wallet handles.
ALTER TABLE "currency_prices" ALTER COLUMN "ada" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "usd" numeric(30, 5);--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "source" text;
--> statement-breakpoint
-- The wallet handle (docs/product.md §3): the ADA Handle a Cardano wallet holds, as the last wallet sync saw it
-- (apps/server/src/modules/wallets/handle.ts); null = none (or never looked at: `handle_checked_at`).
ALTER TABLE "wallets" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "handle_checked_at" timestamp with time zone;--> statement-breakpoint
-- The signed-in player's kept dashboard answer shows the handle too (migration 0019's topic `users`);
-- the sync writes `handle` only when it changed, so a sign-in that finds the same handle notifies nothing.
DROP TRIGGER "wallets_update_notify_reads" ON "wallets";--> statement-breakpoint
CREATE TRIGGER "wallets_update_notify_reads" AFTER UPDATE OF "id", "user_id", "chain", "address", "handle" ON "wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('users', 'reads_users_version');
