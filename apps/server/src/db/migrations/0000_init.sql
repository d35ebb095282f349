CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(38, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "balances_user_id_token_pk" PRIMARY KEY("user_id","token"),
	CONSTRAINT "balances_non_negative" CHECK ("balances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"chain" text NOT NULL,
	"policy_id" text NOT NULL,
	"name" text NOT NULL,
	"supply" integer NOT NULL,
	"holders" integer NOT NULL,
	"votes" numeric(38, 0) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_prices" (
	"token" text PRIMARY KEY NOT NULL,
	"ada" numeric(20, 5) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emu_assets" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"policy_id" text NOT NULL,
	"asset_name" text NOT NULL,
	"quantity" numeric(38, 0) NOT NULL,
	CONSTRAINT "emu_assets_chain_address_policy_id_asset_name_pk" PRIMARY KEY("chain","address","policy_id","asset_name"),
	CONSTRAINT "emu_assets_positive" CHECK ("emu_assets"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "item_kinds" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"tier" integer,
	"is_craftable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lands" (
	"id" integer PRIMARY KEY NOT NULL,
	"hex_name" text NOT NULL,
	"name" text NOT NULL,
	"q" integer NOT NULL,
	"r" integer NOT NULL,
	"size" text NOT NULL,
	"biome" text NOT NULL,
	"policy_id" text NOT NULL,
	"asset_name" text NOT NULL,
	"goldmine_level" integer,
	"frenmine_level" integer,
	"has_update" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mining_tool_kinds" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"daily_hexo" numeric(38, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mining_tools" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind_key" text NOT NULL,
	"serial" integer NOT NULL,
	"policy_id" text NOT NULL,
	"asset_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_holdings" (
	"chain" text NOT NULL,
	"policy_id" text NOT NULL,
	"asset_name" text NOT NULL,
	"address" text NOT NULL,
	"quantity" numeric(38, 0) DEFAULT '1' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_holdings_chain_policy_id_asset_name_address_pk" PRIMARY KEY("chain","policy_id","asset_name","address")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_items" (
	"user_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_items_user_id_item_key_pk" PRIMARY KEY("user_id","item_key"),
	CONSTRAINT "user_items_non_negative" CHECK ("user_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"type" text DEFAULT 'citizen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"is_master" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_tools" ADD CONSTRAINT "mining_tools_kind_key_mining_tool_kinds_key_fk" FOREIGN KEY ("kind_key") REFERENCES "public"."mining_tool_kinds"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_items" ADD CONSTRAINT "user_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_items" ADD CONSTRAINT "user_items_item_key_item_kinds_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."item_kinds"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_challenges_expires" ON "auth_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_chain_policy" ON "collections" USING btree ("chain","policy_id");--> statement-breakpoint
CREATE INDEX "emu_assets_asset" ON "emu_assets" USING btree ("chain","policy_id","asset_name");--> statement-breakpoint
CREATE UNIQUE INDEX "lands_hex_name" ON "lands" USING btree ("hex_name");--> statement-breakpoint
CREATE UNIQUE INDEX "lands_asset" ON "lands" USING btree ("policy_id","asset_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once" ON "ledger_entries" USING btree ("reason","reference","user_id","asset");--> statement-breakpoint
CREATE INDEX "ledger_entries_user" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mining_tools_asset" ON "mining_tools" USING btree ("policy_id","asset_name");--> statement-breakpoint
CREATE INDEX "nft_holdings_address" ON "nft_holdings" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_chain_address" ON "wallets" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "wallets_user" ON "wallets" USING btree ("user_id");