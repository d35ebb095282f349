-- Halls of fame (docs/game-rules.md §14.7). The day-based boards (EXO mined, average effectivity) read
-- the ledger's mine credits and the daily reports, which change only when a day is settled (the tick
-- writes `game_days` last) — and who is on a chain's board changes with a wallet. They get their own
-- topic, `halls_days`, so a quest claim (topic `halls`) no longer drops these costly boards from the
-- cache of every server process (apps/server/src/modules/quests/routes.ts).
CREATE TRIGGER "game_days_notify_halls_days" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('halls_days');
--> statement-breakpoint
CREATE TRIGGER "wallets_notify_halls_days" AFTER INSERT OR UPDATE OF "user_id", "chain" OR DELETE OR TRUNCATE ON "wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('halls_days');
