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
