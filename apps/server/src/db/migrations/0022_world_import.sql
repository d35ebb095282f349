-- A real collection's world imported from its CIP-25/CIP-68 metadata (the operator's `kingdom world import`).
-- The configured Land and Mining Tool policies, recorded at the first start (app_settings 'collections'):
-- every statement reads them through these two functions, so all processes agree on one database.
CREATE FUNCTION kingdom_land_policy() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value->>'landPolicyId' FROM app_settings WHERE key = 'collections'),
    'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b')
$$;
--> statement-breakpoint
CREATE FUNCTION kingdom_tool_policy() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value->>'miningToolPolicyId' FROM app_settings WHERE key = 'collections'),
    '3c9f1e0b7a2d5c8e4f6a1b3d7e9c2f5a8b0d4e6c1f3a5b7d9e2c4f6a')
$$;
--> statement-breakpoint
-- One run of `world import`: its phase and paging cursor (a crashed run resumes from them) and its counts.
CREATE TABLE world_import_runs (
  id serial PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- 'list' (paging /assets/policy), then 'fetch' (each asset's metadata), then 'done'
  phase text NOT NULL DEFAULT 'list',
  -- the collection being listed ('land' | 'tool') and the next page to ask for
  list_role text NOT NULL DEFAULT 'land',
  list_page integer NOT NULL DEFAULT 1,
  mapping_hash text NOT NULL,
  counts jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
-- Every asset of the two policies as the last run saw it: imported ('new' | 'updated' | 'unchanged') or refused with its reason.
CREATE TABLE world_import_assets (
  unit text PRIMARY KEY,
  role text NOT NULL,
  -- position in the policy's listing (role 'land' before 'tool'): the order assets are imported in
  seq integer NOT NULL,
  run_id integer NOT NULL,
  -- 'pending' (listed, not yet fetched by run_id), 'new', 'updated', 'unchanged', 'refused'
  status text NOT NULL,
  reason text,
  metadata_hash text,
  seen_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX world_import_assets_pending ON world_import_assets (run_id, status, seq);
