-- The local Solana cluster of the demo and the tests: one chain for every server process (its log in Postgres).
SELECT 1;
