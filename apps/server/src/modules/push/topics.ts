/**
 * The push topic of each inbox notification type (docs/product.md §10, "Push notifications"). Migration 0042's SQL function
 * `kingdom_push_topic` (0040's, with the chest and quests topics) holds the same map (the trigger that writes deliveries reads it); the push
 * tests compare the two.
 */
import type { PushTopic } from '@kingdom/api';

/** Topic of each notification type (NOTIFICATION_TYPES); absent: never pushed (the inbox only). */
export const PUSH_TOPIC_OF: Readonly<Record<string, PushTopic>> = {
  goldmine_daily_report: 'day_report', frenmine_daily_report: 'day_report', staking_daily_report: 'day_report', shop_royalty: 'day_report',
  goldmine_ready_to_upgrade: 'upgrade', goldmine_upgrade_success: 'upgrade', goldmine_upgrade_failed: 'upgrade', frenmine_upgrade: 'upgrade',
  balance_topup: 'deposit_withdrawal', balance_withdrawal: 'deposit_withdrawal',
  vendor_purchase: 'order_paid',
  low_balance_warning: 'low_balance', not_enough_balance: 'low_balance', worker_left: 'low_balance',
  operator_message: 'announcements', server_compensation: 'announcements',
  market_fill: 'market',
  chest_ready: 'chest', quests_reset: 'quests',
};
