-- The tick writes ~400k `ledger_entries`, ~300k `notifications` and ~100k `staking_daily` rows a
-- night at 1M lands (docs/architecture.md §4). Each row's foreign-key check on `users` is a lookup that locks the
-- player's row (FOR KEY SHARE): ~11 µs a row, more than the insert itself (100k staking rows: 1.7 s
-- with the check, 0.6 s without; the checks were ~45% of the tick's ledger batches).
-- What those checks guarded still holds without them:
--  * no row names a player who does not exist: these rows are written only for players read from
--    existing rows (a session, a balance, the tick's staging), and the balance and item rows the
--    ledger moves (`balances`, `user_items`, `vote_books`) keep their checks;
--  * no player with rows is deleted: no player is ever deleted, and the trigger below refuses it.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "staking_daily" DROP CONSTRAINT "staking_daily_user_id_fkey";--> statement-breakpoint
CREATE FUNCTION "kingdom_users_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'players are never deleted (their ledger entries stay)' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "users_never_deleted" BEFORE DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "kingdom_users_kept"();
