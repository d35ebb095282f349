-- Live server processes and their release (docs/architecture.md §8 "Rolling upgrades", operator
-- guide §2.3): each process writes its row at start, renews `last_seen` every few seconds and
-- deletes it on a graceful stop; a row not renewed for a minute belongs to a dead process and is
-- removed by the next heartbeat of any process. `level` is the release's compatibility level
-- (apps/server/src/release.ts): what must wait for every server (a new kind of row, a new job) is
-- switched on once no live process has a lower one (`allServersAtLeast`).
CREATE TABLE "server_processes" (
  "instance_id" text PRIMARY KEY NOT NULL,
  "host" text NOT NULL,
  "pid" integer NOT NULL,
  "release" text NOT NULL,
  "level" integer NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_processes_last_seen" ON "server_processes" ("last_seen");
