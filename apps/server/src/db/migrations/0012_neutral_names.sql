-- Chain-neutral NFT names (docs/architecture.md §8): `lands`, `mining_tools`, `collections` and `emu_assets`
-- hold Solana keys as well as Cardano ones, so their `policy_id`/`asset_name` columns become
-- `collection_key` (a Cardano policy id or a Solana collection address) and `asset_key` (a Cardano
-- hex asset name or a Solana mint address), as `holdings` and `mine_workers` already are. Index and
-- constraint names that said policy/asset name follow. Views over these columns follow a rename by
-- themselves; no stored function names them.
ALTER TABLE "lands" RENAME COLUMN "policy_id" TO "collection_key";--> statement-breakpoint
ALTER TABLE "lands" RENAME COLUMN "asset_name" TO "asset_key";--> statement-breakpoint
ALTER TABLE "mining_tools" RENAME COLUMN "policy_id" TO "collection_key";--> statement-breakpoint
ALTER TABLE "mining_tools" RENAME COLUMN "asset_name" TO "asset_key";--> statement-breakpoint
ALTER TABLE "collections" RENAME COLUMN "policy_id" TO "collection_key";--> statement-breakpoint
ALTER INDEX "collections_chain_policy" RENAME TO "collections_chain_key";--> statement-breakpoint
ALTER TABLE "emu_assets" RENAME COLUMN "policy_id" TO "collection_key";--> statement-breakpoint
ALTER TABLE "emu_assets" RENAME COLUMN "asset_name" TO "asset_key";--> statement-breakpoint
ALTER TABLE "emu_assets" RENAME CONSTRAINT "emu_assets_chain_address_policy_id_asset_name_pk" TO "emu_assets_pk";
