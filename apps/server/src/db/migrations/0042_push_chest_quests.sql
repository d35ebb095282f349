-- Web Push topics `chest` and `quests` (docs/product.md §10 "Push notifications"): the notification
-- types `chest_ready` and `quests_reset` (written by the achievements job, jobs/period-notices.ts) get
-- their topic. Same function as migration 0040's, two more lines; apps/server/src/modules/push/topics.ts
-- holds the same map (a push test compares them).
CREATE OR REPLACE FUNCTION kingdom_push_topic(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t IN ('goldmine_daily_report', 'frenmine_daily_report', 'staking_daily_report', 'shop_royalty') THEN 'day_report'
    WHEN t IN ('goldmine_ready_to_upgrade', 'goldmine_upgrade_success', 'goldmine_upgrade_failed', 'frenmine_upgrade') THEN 'upgrade'
    WHEN t IN ('balance_topup', 'balance_withdrawal') THEN 'deposit_withdrawal'
    WHEN t IN ('vendor_purchase') THEN 'order_paid'
    WHEN t IN ('low_balance_warning', 'not_enough_balance', 'worker_left') THEN 'low_balance'
    WHEN t IN ('market_fill') THEN 'market'
    WHEN t IN ('chest_ready') THEN 'chest'
    WHEN t IN ('quests_reset') THEN 'quests'
    WHEN t IN ('operator_message', 'server_compensation') THEN 'announcements'
  END
$$;
