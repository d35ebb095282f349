-- Vendor, account settings, weekly chest, compensation (docs/game-rules.md §6).
CREATE TABLE "vendor_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"item" text NOT NULL,
	"quantity" integer NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_purchases_amount" CHECK ("vendor_purchases"."amount" >= 0)
);--> statement-breakpoint
ALTER TABLE "vendor_purchases" ADD CONSTRAINT "vendor_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");--> statement-breakpoint
-- A key is used once per account: the second request with it waits for, then reads, the first.
CREATE UNIQUE INDEX "vendor_purchases_key" ON "vendor_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "vendor_purchases_created" ON "vendor_purchases" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chest_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "name" = u."name" || '-' || u."id" WHERE EXISTS (SELECT 1 FROM "users" o WHERE lower(o."name") = lower(u."name") AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_unique" ON "users" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "chest_weeks" (
	"week" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chest_opens" (
	"user_id" integer NOT NULL,
	"week" text NOT NULL,
	"draw" text NOT NULL,
	"entry" integer NOT NULL,
	"loot" jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chest_opens_pk" PRIMARY KEY("user_id","week")
);--> statement-breakpoint
ALTER TABLE "chest_opens" ADD CONSTRAINT "chest_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");--> statement-breakpoint
ALTER TABLE "chest_opens" ADD CONSTRAINT "chest_opens_week_fk" FOREIGN KEY ("week") REFERENCES "public"."chest_weeks"("week");--> statement-breakpoint
CREATE TABLE "compensation_events" (
	"name" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"reason" text NOT NULL,
	"players" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
