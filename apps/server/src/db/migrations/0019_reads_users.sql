-- The signed-in player's dashboard answer kept by every server process (docs/architecture.md §4,
-- apps/server/src/modules/users/repository.ts): it shows the player's name, avatar and type (users),
-- the session's wallet (wallets) and whether a wallet of theirs holds a land (holdings, already
-- topic `lands` with `reads_lands_version`, migration 0010). A statement that changes what it shows
-- advances `reads_users_version` and notifies `kingdom_reads` with payload `users` when it commits.
-- New rows change no kept answer (no session has read them yet), so inserts do not notify; nor do
-- updates of columns the answer does not show (e.g. `users.last_login_at` at every sign-in).
CREATE SEQUENCE "reads_users_version";--> statement-breakpoint
CREATE TRIGGER "users_notify_reads" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('users', 'reads_users_version');--> statement-breakpoint
CREATE TRIGGER "users_update_notify_reads" AFTER UPDATE OF "id", "name", "avatar", "type" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('users', 'reads_users_version');--> statement-breakpoint
CREATE TRIGGER "wallets_notify_reads" AFTER DELETE OR TRUNCATE ON "wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('users', 'reads_users_version');--> statement-breakpoint
CREATE TRIGGER "wallets_update_notify_reads" AFTER UPDATE OF "id", "user_id", "chain", "address" ON "wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('users', 'reads_users_version');
