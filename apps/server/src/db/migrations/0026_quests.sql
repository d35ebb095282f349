-- Quests, achievements and halls of fame (docs/game-rules.md §14).
-- A claimed quest: one row per account and quest id (so a claim pays once: the ledger entries'
-- reference is the quest id, reason `quest_reward`), keyed too by the request's Idempotency-Key.
CREATE TABLE "quest_claims" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"quest_id" text NOT NULL,
	"quest_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"rewards" jsonb NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quest_claims_pk" PRIMARY KEY ("user_id", "quest_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quest_claims_key" ON "quest_claims" USING btree ("user_id", "idempotency_key");
--> statement-breakpoint
-- Quest progress reads a player's facts by time: vote events and mine upgrades had no such index.
CREATE INDEX "vote_events_user" ON "vote_events" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "mine_upgrades_user" ON "mine_upgrades" USING btree ("user_id", "started_at");
--> statement-breakpoint
-- The quests-completed hall of fame reads a week's claims.
CREATE INDEX "quest_claims_claimed" ON "quest_claims" USING btree ("claimed_at");
--> statement-breakpoint
-- Achievements whose inbox notice was sent (once per account and achievement).
CREATE TABLE "achievement_notices" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"key" text NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "achievement_notices_pk" PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
-- The halls of fame are kept by every server process (apps/server/src/http/shared-cache.ts, topic
-- `halls`): a claim, a settled day (its EXO credits; the tick writes `game_days` last) or a wallet
-- linked or changed (a player joins a chain's board) drops every copy when it commits.
CREATE TRIGGER "quest_claims_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quest_claims"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('halls');
--> statement-breakpoint
CREATE TRIGGER "game_days_notify_halls" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('halls');
--> statement-breakpoint
CREATE TRIGGER "wallets_notify_halls" AFTER INSERT OR UPDATE OF "user_id", "chain" OR DELETE OR TRUNCATE ON "wallets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kingdom_notify_reads"('halls');
