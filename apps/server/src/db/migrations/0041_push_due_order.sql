-- The push job claims due deliveries in (next_try, id) order (modules/push/sender.ts): with next_try
-- alone in the index, every claim sorted all due rows (a night's day reports: quadratic). The index
-- now gives that order, so a claim reads only the rows it takes.
DROP INDEX push_deliveries_due;
--> statement-breakpoint
CREATE INDEX push_deliveries_due ON push_deliveries (next_try, id) WHERE state IN ('pending', 'sending');
