-- The session's active wallet (docs/product.md §4 "Wallet disconnect alone", "Reconnect"): the wallet
-- the player last proved control of in this session (a signed challenge at sign-in or on connect),
-- NULL after "Disconnect wallet". Withdrawals ask it to be the Master Wallet; the user's
-- `connect_wallet` and `wallet_handle` are its. `wallet_id` stays the wallet of sign-in.
ALTER TABLE "sessions" ADD COLUMN "active_wallet_id" integer REFERENCES "wallets"("id") ON DELETE SET NULL;
--> statement-breakpoint
UPDATE "sessions" SET "active_wallet_id" = "wallet_id";
