CREATE TABLE "frenmine_workers" (
	"land_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"user_id" integer NOT NULL,
	"policy_id" text NOT NULL,
	"asset_name" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "frenmine_workers_land_id_slot_pk" PRIMARY KEY("land_id","slot"),
	CONSTRAINT "frenmine_workers_slot" CHECK ("frenmine_workers"."slot" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "game_days" (
	"day" text PRIMARY KEY NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"goldmine_exo" numeric(38, 0) DEFAULT '0' NOT NULL,
	"frenmine_exo" numeric(38, 0) DEFAULT '0' NOT NULL,
	"workers_worked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goldmine_workers" (
	"land_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"policy_id" text,
	"asset_name" text,
	"rarity" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goldmine_workers_land_id_slot_pk" PRIMARY KEY("land_id","slot"),
	CONSTRAINT "goldmine_workers_slot" CHECK ("goldmine_workers"."slot" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "mine_daily" (
	"day" text NOT NULL,
	"land_id" integer NOT NULL,
	"mine" text NOT NULL,
	"user_id" integer NOT NULL,
	"open_slots" integer NOT NULL,
	"workers" integer NOT NULL,
	"workers_worked" integer NOT NULL,
	"exo_mined" numeric(38, 0) NOT NULL,
	"salary_paid" numeric(38, 0) NOT NULL,
	"salary_token" text NOT NULL,
	"effectivity" integer NOT NULL,
	CONSTRAINT "mine_daily_day_land_id_mine_pk" PRIMARY KEY("day","land_id","mine")
);
--> statement-breakpoint
CREATE TABLE "mine_ready_notices" (
	"land_id" integer NOT NULL,
	"mine" text NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "mine_ready_notices_land_id_mine_level_pk" PRIMARY KEY("land_id","mine","level")
);
--> statement-breakpoint
CREATE TABLE "mine_upgrades" (
	"id" serial PRIMARY KEY NOT NULL,
	"land_id" integer NOT NULL,
	"mine" text NOT NULL,
	"user_id" integer NOT NULL,
	"target_level" integer NOT NULL,
	"item_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "snapshot_collections" (
	"snapshot_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"votes" numeric(38, 0) NOT NULL,
	"qualified" boolean NOT NULL,
	CONSTRAINT "snapshot_collections_snapshot_id_collection_id_pk" PRIMARY KEY("snapshot_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "staking_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frenmine_workers" ADD CONSTRAINT "frenmine_workers_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frenmine_workers" ADD CONSTRAINT "frenmine_workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goldmine_workers" ADD CONSTRAINT "goldmine_workers_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goldmine_workers" ADD CONSTRAINT "goldmine_workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mine_ready_notices" ADD CONSTRAINT "mine_ready_notices_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mine_upgrades" ADD CONSTRAINT "mine_upgrades_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mine_upgrades" ADD CONSTRAINT "mine_upgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_collections" ADD CONSTRAINT "snapshot_collections_snapshot_id_staking_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."staking_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_collections" ADD CONSTRAINT "snapshot_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "frenmine_workers_nft" ON "frenmine_workers" USING btree ("policy_id","asset_name");--> statement-breakpoint
CREATE INDEX "frenmine_workers_user" ON "frenmine_workers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goldmine_workers_nft" ON "goldmine_workers" USING btree ("policy_id","asset_name");--> statement-breakpoint
CREATE INDEX "goldmine_workers_user" ON "goldmine_workers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mine_daily_user" ON "mine_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "mine_upgrades_one_in_progress" ON "mine_upgrades" USING btree ("land_id","mine") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "mine_upgrades_due" ON "mine_upgrades" USING btree ("ends_at") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "nft_holdings_asset" ON "nft_holdings" USING btree ("policy_id","asset_name");