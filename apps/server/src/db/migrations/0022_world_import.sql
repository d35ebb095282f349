-- A real collection's world imported from its CIP-25/CIP-68 metadata (the operator's `kingdom world import`).
SELECT 1;
