-- Idempotency keys in flight (docs/architecture.md §8, issue 36 item 8): while a request with an
-- account's Idempotency-Key is being answered, one row claims (user_id, key); a request with the same
-- key waits for the claim to go (then answers the stored answer) or answers 409 IDEMPOTENCY_KEY_IN_USE,
-- never another verdict. Rows live only while a request runs; a claim whose process died is taken over
-- once it is older than the server's bound (times from the database's clock).
CREATE TABLE "idempotency_claims" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"token" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_claims_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
-- The demo's Land policy becomes a real native script the emulator's mint signs (docs/game-rules.md §2.7,
-- issue 36 item 6): a database whose Land policy is the demo's former id (one no script had) moves every
-- land of it to the new id (apps/server/src/chain/cardano/land-policy.ts); a database of another policy
-- (an imported world) is untouched. The data first, the recorded setting last (it decides the condition).
UPDATE "lands" SET "collection_key" = '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073'
	WHERE "collection_key" = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b' AND kingdom_land_policy() = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';--> statement-breakpoint
UPDATE "emu_assets" SET "collection_key" = '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073'
	WHERE "collection_key" = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b' AND kingdom_land_policy() = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';--> statement-breakpoint
UPDATE "holdings" SET "collection_key" = '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073'
	WHERE "collection_key" = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b' AND kingdom_land_policy() = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';--> statement-breakpoint
UPDATE "collections" SET "collection_key" = '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073'
	WHERE "collection_key" = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b' AND kingdom_land_policy() = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';--> statement-breakpoint
UPDATE "app_settings" SET "value" = jsonb_set("value", '{landPolicyId}', '"2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073"')
	WHERE "key" = 'collections' AND "value"->>'landPolicyId' = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';--> statement-breakpoint
CREATE OR REPLACE FUNCTION kingdom_land_policy() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value->>'landPolicyId' FROM app_settings WHERE key = 'collections'),
    '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073')
$$;
