-- Prices seen by the price job (ADA per EXO/HEXO, USD per ADA/SOL, when
-- the provider saw them), the imported world's assets, wallet handles.
ALTER TABLE "currency_prices" ALTER COLUMN "ada" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "usd" numeric(30, 5);--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "currency_prices" ADD COLUMN "source" text;
