-- EXO orders paid in SOL (docs/game-rules.md §9): lamports, the Solana Pay reference key, payments the Solana watcher saw.
SELECT 1;
