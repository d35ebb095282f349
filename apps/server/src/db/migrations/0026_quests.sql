-- Quests, achievements and halls of fame (docs/game-rules.md §10).
SELECT 1;
