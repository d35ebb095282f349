-- Money safe on a real network (docs/game-rules.md §8.2).
-- 1. A deposit is credited by its sender's stake credential only when an account proved that stake
--    key (CIP-30 signData with the reward address, CIP-8): one account per stake credential. The
--    old table guessed ownership from any linked address sharing the credential (an attacker could
--    link its own payment key + the victim's stake credential); it goes.
CREATE TABLE "cardano_stake_proofs" (
	"stake_credential" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"reward_address" text NOT NULL,
	"proved_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "cardano_stake_proofs_user" ON "cardano_stake_proofs" USING btree ("user_id");--> statement-breakpoint
DROP TABLE "cardano_stake_keys";--> statement-breakpoint
-- 2. A stored payout is re-sent with backoff until a definite verdict (on chain; or TTL passed / its
--    inputs spent by another transaction while it is not on chain, held `confirmations` blocks deep
--    from doubt_height): tries, the last error and the next try live here, so every process (and a
--    restarted one) follows the same schedule.
ALTER TABLE "chain_withdrawals" ADD COLUMN "submit_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD COLUMN "doubt_height" integer;
--> statement-breakpoint
-- 3. Operator tools (`npm run kingdom -- sale-round add`): a round's name names it, once.
CREATE UNIQUE INDEX "sale_rounds_name" ON "sale_rounds" USING btree ("name");
