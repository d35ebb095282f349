-- EXO orders paid in SOL (docs/game-rules.md §9): lamports, the Solana Pay reference key, payments the Solana watcher saw.
-- An order is paid on one chain: ADA orders keep their lovelace, SOL orders fix lamports, a random
-- reference key (base58, unique: it links the transfer to the order) and the sale address they pay.
ALTER TABLE "exo_orders" ADD COLUMN "pay_chain" text NOT NULL DEFAULT 'cardano' CHECK ("pay_chain" IN ('cardano', 'solana'));--> statement-breakpoint
ALTER TABLE "exo_orders" ALTER COLUMN "lovelace" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exo_orders" ADD COLUMN "lamports" numeric(38, 0) CHECK ("lamports" > 0);--> statement-breakpoint
ALTER TABLE "exo_orders" ADD COLUMN "solana_reference" text;--> statement-breakpoint
ALTER TABLE "exo_orders" ADD COLUMN "solana_recipient" text;--> statement-breakpoint
ALTER TABLE "exo_orders" ADD CONSTRAINT "exo_orders_price_of_chain" CHECK (CASE WHEN "pay_chain" = 'cardano'
  THEN "lovelace" IS NOT NULL AND "lamports" IS NULL AND "solana_reference" IS NULL
  ELSE "lamports" IS NOT NULL AND "lovelace" IS NULL AND "solana_reference" IS NOT NULL AND "solana_recipient" IS NOT NULL END);--> statement-breakpoint
CREATE UNIQUE INDEX "exo_orders_solana_reference" ON "exo_orders" USING btree ("solana_reference") WHERE "solana_reference" IS NOT NULL;--> statement-breakpoint
-- The operator's SOL price of a round (lamports per whole EXO); null = priced from the prices.
ALTER TABLE "sale_rounds" ADD COLUMN "price_lamports" numeric(38, 0) CHECK ("price_lamports" > 0);--> statement-breakpoint
-- Every finalized transaction the Solana watcher judged, once per signature (a re-run after a crash
-- skips it): `paid` ones credited their order's EXO in the same transaction (ledger reason
-- 'exo_order', reference = the signature); every other verdict is an unmatched payment for the
-- operator (`kingdom treasury`), never credited.
CREATE TABLE "solana_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" timestamp with time zone,
	"order_id" bigint REFERENCES "exo_orders"("id"),
	"user_id" integer REFERENCES "users"("id"),
	-- the source of the lamports (else the fee payer)
	"payer" text NOT NULL,
	"fee_payer" text NOT NULL,
	-- lamports the transfers carrying the order's reference moved to the sale address (all transfers to it without an order)
	"lamports" numeric(38, 0) NOT NULL CHECK ("lamports" >= 0),
	"verdict" text NOT NULL CHECK ("verdict" IN ('paid', 'under', 'over', 'twice', 'after_expiry', 'unlinked_payer', 'wrong_recipient', 'wrong_memo', 'no_order', 'several_orders', 'failed')),
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "solana_payments_signature" UNIQUE ("signature")
);--> statement-breakpoint
CREATE INDEX "solana_payments_unmatched" ON "solana_payments" USING btree ("id") WHERE "verdict" <> 'paid';--> statement-breakpoint
CREATE INDEX "solana_payments_order" ON "solana_payments" USING btree ("order_id");--> statement-breakpoint
-- How far the watcher read an address's finalized signatures (the newest one judged).
CREATE TABLE "solana_cursor" (
	"address" text PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"slot" bigint NOT NULL
);
