-- Web Push (docs/product.md §10 "Push notifications", docs/architecture.md §6, push deliveries): the server's VAPID keys, each
-- device's subscription, and one delivery row per inbox notification and subscribed device.

-- The VAPID key pair (RFC 8292) generated at the first start, unless VAPID_* settings give one.
CREATE TABLE push_vapid_keys (
  id smallint PRIMARY KEY DEFAULT 1 CONSTRAINT push_vapid_keys_one CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- A device's push subscription (RFC 8030 endpoint, RFC 8291 keys) for one account.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  endpoint text NOT NULL CONSTRAINT push_subscriptions_endpoint_key UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  topics text[] NOT NULL,
  -- quiet hours in minutes after midnight of time_zone, both or neither
  quiet_start smallint,
  quiet_end smallint,
  time_zone text NOT NULL DEFAULT 'UTC',
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT push_subscriptions_quiet_check CHECK ((quiet_start IS NULL) = (quiet_end IS NULL) AND (quiet_start IS NULL OR (quiet_start BETWEEN 0 AND 1439 AND quiet_end BETWEEN 0 AND 1439))),
  CONSTRAINT push_subscriptions_language_check CHECK (language IN ('en', 'es')),
  CONSTRAINT push_subscriptions_endpoint_length CHECK (length(endpoint) <= 1024)
);
--> statement-breakpoint
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
--> statement-breakpoint

-- One delivery per notification and device: pending → sending (claimed until next_try) → sent, or
-- failed after the last attempt; a subscription removed takes its deliveries with it.
CREATE TABLE push_deliveries (
  id bigserial PRIMARY KEY,
  notification_id bigint NOT NULL,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_try timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT push_deliveries_state_check CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  CONSTRAINT push_deliveries_once UNIQUE (notification_id, subscription_id)
);
--> statement-breakpoint
CREATE INDEX push_deliveries_due ON push_deliveries (next_try) WHERE state IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX push_deliveries_subscription ON push_deliveries (subscription_id);
--> statement-breakpoint

-- The topic of a notification type (packages/api PUSH_TOPICS; apps/server/src/modules/push/topics.ts
-- holds the same map, a test compares them); null: never pushed.
CREATE FUNCTION kingdom_push_topic(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t IN ('goldmine_daily_report', 'frenmine_daily_report', 'staking_daily_report', 'shop_royalty') THEN 'day_report'
    WHEN t IN ('goldmine_ready_to_upgrade', 'goldmine_upgrade_success', 'goldmine_upgrade_failed', 'frenmine_upgrade') THEN 'upgrade'
    WHEN t IN ('balance_topup', 'balance_withdrawal') THEN 'deposit_withdrawal'
    WHEN t IN ('vendor_purchase') THEN 'order_paid'
    WHEN t IN ('low_balance_warning', 'not_enough_balance', 'worker_left') THEN 'low_balance'
    WHEN t IN ('market_fill') THEN 'market'
    WHEN t IN ('operator_message', 'server_compensation') THEN 'announcements'
  END
$$;
--> statement-breakpoint

-- The inbox stays the truth: every statement that writes notifications writes, in its own
-- transaction, the deliveries of the subscribed devices (nothing when no one subscribed), due at
-- once ('-infinity': whatever the sender's clock).
CREATE FUNCTION kingdom_push_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM push_subscriptions) THEN RETURN NULL; END IF;
  INSERT INTO push_deliveries (notification_id, subscription_id, next_try)
  SELECT n.id, s.id, '-infinity' FROM new_notifications n JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE kingdom_push_topic(n.type) = ANY (s.topics)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_push AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_notifications FOR EACH STATEMENT EXECUTE FUNCTION kingdom_push_deliveries();
