-- Solana payments (docs/game-rules.md §9): the local Solana cluster's shared log, EXO orders paid
-- in SOL with a Solana Pay reference key, and what the Solana watcher saw.
SELECT 1;
