-- The Market (docs/game-rules.md §16): limit orders and their escrow, and the trades they made.
-- A buy's `escrow` is the tokens it still holds (price × remaining + fee); a sell holds `remaining`
-- units of its good. `seq` is the price-time priority's time, drawn under the book's lock.
CREATE SEQUENCE "market_order_seq";
--> statement-breakpoint
CREATE TABLE "market_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"wallet_group" text NOT NULL,
	"side" text NOT NULL,
	"good" text NOT NULL,
	"pay_token" text NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"fee_bps" integer NOT NULL,
	"escrow" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"seq" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	CONSTRAINT "market_orders_side_check" CHECK ("side" IN ('buy', 'sell')),
	CONSTRAINT "market_orders_pay_token_check" CHECK ("pay_token" IN ('exo', 'hexo')),
	CONSTRAINT "market_orders_status_check" CHECK ("status" IN ('open', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "market_orders_amounts_check" CHECK ("quantity" > 0 AND "remaining" >= 0 AND "remaining" <= "quantity" AND "price" > 0 AND "escrow" >= 0
	  AND ("status" = 'open') = ("remaining" > 0 AND "closed_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_user_key" ON "market_orders" USING btree ("user_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "market_orders_open_book" ON "market_orders" USING btree ("good", "pay_token", "seq") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "market_orders_user_placed" ON "market_orders" USING btree ("user_id", "placed_at");
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"good" text NOT NULL,
	"pay_token" text NOT NULL,
	"maker_order_id" bigint NOT NULL REFERENCES "market_orders"("id"),
	"taker_order_id" bigint NOT NULL REFERENCES "market_orders"("id"),
	"buy_order_id" bigint NOT NULL REFERENCES "market_orders"("id"),
	"sell_order_id" bigint NOT NULL REFERENCES "market_orders"("id"),
	"buyer_id" integer NOT NULL REFERENCES "users"("id"),
	"seller_id" integer NOT NULL REFERENCES "users"("id"),
	"quantity" integer NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_trades_amounts_check" CHECK ("quantity" > 0 AND "price" > 0 AND "fee" >= 0)
);
--> statement-breakpoint
CREATE INDEX "market_trades_book_at" ON "market_trades" USING btree ("good", "pay_token", "at");
--> statement-breakpoint
CREATE INDEX "market_trades_buyer" ON "market_trades" USING btree ("buyer_id", "at");
--> statement-breakpoint
CREATE INDEX "market_trades_seller" ON "market_trades" USING btree ("seller_id", "at");
