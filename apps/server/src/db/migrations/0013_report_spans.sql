-- Report rows only where the numbers change (docs/architecture.md §4): a row of `mine_daily` is a land's mine report
-- for a span of days, `first_day` through `last_day` (null: through the latest settled day, the
-- span is open). Each tick compares every land's numbers with its open span and writes only where
-- they differ (closing the old span the day before, opening a new one), instead of a row per land per
-- day. A span holds every number of the report but the EXO, which `mine_day_reports` computes for
-- each of its days from the day's totals (`mine_day_totals`). The view still answers one row per
-- land, mine and settled day. Rows written before this migration become one-day spans.
-- A land's worked slots are no longer an array of weights (`effs`, whose world-wide aggregate spilled
-- to disk at a million lands) but counts per weight code packed in one bigint (`weight_counts`: 6
-- bits per code, code 2i the i-th rarity, 2i + 1 the same with the manager bonus; COUNT_BITS and
-- weightCodes in jobs/settlement.ts); each day's totals keep one worked slot's share per code
-- (`shares`, index code + 1), so a day's EXO is the sum of count × share. Rows with `effs` keep
-- their formula; rows with a stored `exo_mined` keep it.
DROP VIEW "mine_day_reports";--> statement-breakpoint
ALTER TABLE "mine_daily" RENAME COLUMN "day" TO "first_day";--> statement-breakpoint
ALTER TABLE "mine_daily" ADD COLUMN "last_day" text;--> statement-breakpoint
UPDATE "mine_daily" SET "last_day" = "first_day";--> statement-breakpoint
ALTER TABLE "mine_daily" RENAME CONSTRAINT "mine_daily_day_land_id_mine_pk" TO "mine_daily_pk";--> statement-breakpoint
ALTER TABLE "mine_daily" ADD COLUMN "weight_counts" bigint;--> statement-breakpoint
ALTER TABLE "mine_day_totals" ADD COLUMN "shares" bigint[];--> statement-breakpoint
CREATE VIEW "mine_day_reports" AS
SELECT g.day, d.land_id, d.mine, d.user_id, d.open_slots, d.workers, d.workers_worked,
	COALESCE(d.exo_mined,
		(SELECT COALESCE(sum(((d.weight_counts >> (6 * (i - 1))) & 63) * t.shares[i]), 0)::numeric FROM generate_subscripts(t.shares, 1) i WHERE d.weight_counts IS NOT NULL),
		(SELECT COALESCE(sum(CASE WHEN t.eff > 0 THEN t.pool * e / t.eff ELSE 0 END), 0)::numeric FROM unnest(d.effs) e)) AS exo_mined,
	d.salary_paid, d.hexo_paid, d.food_paid, d.salary_token, d.effectivity
FROM mine_daily d
JOIN game_days g ON g.day >= d.first_day AND (d.last_day IS NULL OR g.day <= d.last_day)
LEFT JOIN mine_day_totals t ON t.day = g.day AND t.mine = d.mine;
--> statement-breakpoint
-- The day's totals are summed once when the day is settled, from the staged rows every credit batch
-- paid from, instead of each batch adding to the run's row: batches of one pass may now run at once,
-- and that row would make them wait on each other.
ALTER TABLE "settlement_runs" DROP COLUMN "goldmine_exo", DROP COLUMN "frenmine_exo", DROP COLUMN "goldmine_worked", DROP COLUMN "frenmine_worked", DROP COLUMN "players_paid";
