-- The tick at a million lands (docs/architecture.md §4): no per-worker staging rows.
-- The staging transaction writes each land's report row (`mine_daily`) itself, with the weights of
-- the land's worked slots (`effs`) instead of its EXO: a land's EXO is Σ ⌊pool × weight ÷ the world's
-- weight⌋ over those slots (docs/game-rules.md §3), and the world's weight is final only after the salary
-- batches. The view `mine_day_reports` computes it on read from the day's totals (`mine_day_totals`,
-- written with `game_days`), so a report row appears when its day is settled. Rows written before
-- this migration keep their stored `exo_mined`.
-- Per player and mine kind, the batches read what staging summed (`settle_user`) and how many worked
-- slots of each weight the player has (`settle_user_eff`), instead of a row per worker.
DROP TABLE "settle_paid";--> statement-breakpoint
CREATE TABLE "settle_user" (
	"user_id" integer NOT NULL,
	"mine" text NOT NULL,
	"hexo" numeric NOT NULL,
	"food" numeric NOT NULL,
	"need" numeric NOT NULL,
	"workers" integer NOT NULL,
	"worked" integer NOT NULL,
	"lands" integer NOT NULL,
	CONSTRAINT "settle_user_pk" PRIMARY KEY ("user_id", "mine")
);--> statement-breakpoint
CREATE TABLE "settle_user_eff" (
	"user_id" integer NOT NULL,
	"mine" text NOT NULL,
	"eff" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "settle_user_eff_pk" PRIMARY KEY ("user_id", "mine", "eff")
);--> statement-breakpoint
ALTER TABLE "mine_daily" ALTER COLUMN "exo_mined" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mine_daily" ADD COLUMN "effs" bigint[];--> statement-breakpoint
CREATE TABLE "mine_day_totals" (
	"day" text NOT NULL,
	"mine" text NOT NULL,
	"pool" bigint NOT NULL,
	"eff" bigint NOT NULL,
	CONSTRAINT "mine_day_totals_pk" PRIMARY KEY ("day", "mine")
);--> statement-breakpoint
CREATE VIEW "mine_day_reports" AS
SELECT d.day, d.land_id, d.mine, d.user_id, d.open_slots, d.workers, d.workers_worked,
	COALESCE(d.exo_mined, (SELECT COALESCE(sum(CASE WHEN t.eff > 0 THEN t.pool * e / t.eff ELSE 0 END), 0)::numeric FROM unnest(d.effs) e)) AS exo_mined,
	d.salary_paid, d.hexo_paid, d.food_paid, d.salary_token, d.effectivity
FROM mine_daily d
JOIN game_days g ON g.day = d.day
LEFT JOIN mine_day_totals t ON t.day = d.day AND t.mine = d.mine;
