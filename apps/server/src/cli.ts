/**
 * The `kingdom` command line (`npm run kingdom -- <command>`); one file per command under `cli/`
 * (docs/architecture.md §8):
 *
 *   faucet <address> [options]        demo: gives lands, tools, tokens, workers, items, NFTs (cli/faucet.ts)
 *   tick [--days N]                   demo: advances the game clock N days and settles them (cli/tick.ts)
 *   compensate --token T --amount N --reason "…" [--event NAME]
 *                                     credits every active player N whole tokens once per event (cli/compensate.ts)
 *   blocks [N]                        demo: produces N blocks on the emulated Cardano chain, then runs
 *                                     the chain watcher and treasury signer (cli/blocks.ts)
 *   treasury                          the treasury's EXO/HEXO on chain, deposits not yet credited,
 *                                     payouts awaiting a verdict, and the reconciliation per token;
 *                                     exit code 1 when a reconciliation does not hold (cli/treasury.ts)
 *   sale-round add|list|close         token sale rounds (cli/sale-round.ts)
 *   collections add|list              Staking-Hub projects (cli/collections.ts)
 *   prices set TOKEN VALUE | show      the operator's EXO/HEXO (ADA) and ADA/SOL (USD) prices (cli/prices.ts)
 *   doctor                            checks the configuration against the network before launch: one
 *                                     line per check, exit code 1 on any problem (cli/doctor.ts)
 *   backup <file> | restore <file>    the whole database in one file and back: PGlite's data folder
 *                                     (stop the server first) or pg_dump/pg_restore (cli/backup.ts)
 *   blockfrost-emulator [--port N] …  serves the emulated chain through a Blockfrost-compatible API and
 *                                     prints the env of a Kingdom on it (cli/blockfrost-emulator.ts);
 *                                     --collection FILE mints a collection file's NFTs first
 *   world import [--mapping F] [--switch-collections]
 *                                     imports the Land and Mining Tool collections (LAND_POLICY_ID,
 *                                     MINING_TOOL_POLICY_ID) from Blockfrost (cli/world.ts)
 *   operators add|remove|list         the operator console's operators and roles, audited (cli/operators.ts)
 *
 * Demo commands go through a Kingdom server answering on `PORT` when there is one (PGlite allows
 * one process per data folder); the others open the database themselves (with PGlite, stop the
 * server first). Errors print without a stack and exit with 1; bad usage exits with 2.
 */
import { blockfrostEmulatorCommand } from './cli/blockfrost-emulator.ts';
import { blocks } from './cli/blocks.ts';
import { collections, COLLECTIONS_USAGE } from './cli/collections.ts';
import { compensateCommand } from './cli/compensate.ts';
import { faucet, FAUCET_USAGE } from './cli/faucet.ts';
import { saleRound, SALE_ROUND_USAGE } from './cli/sale-round.ts';
import { backupCommand, BACKUP_USAGE } from './cli/backup.ts';
import { doctor } from './cli/doctor.ts';
import { prices, PRICES_USAGE } from './cli/prices.ts';
import { tick } from './cli/tick.ts';
import { treasury } from './cli/treasury.ts';
import { world, WORLD_USAGE } from './cli/world.ts';
import { operatorsCommand, OPERATORS_USAGE } from './cli/operators.ts';

const USAGE = `usage:
  ${FAUCET_USAGE}
  npm run kingdom -- tick [--days N]
  npm run kingdom -- compensate --token exo|hexo|food|rune --amount N --reason "…" [--event NAME]
  npm run kingdom -- blocks [N]
  npm run kingdom -- treasury
  ${SALE_ROUND_USAGE}
  ${COLLECTIONS_USAGE}
  ${PRICES_USAGE}
  npm run kingdom -- doctor
  ${BACKUP_USAGE}
  npm run kingdom -- blockfrost-emulator [--port N] [--host H] [--project-id ID] [--treasury-key-file F] [--data-dir D] [--block-ms MS] [--collection FILE]
  ${WORLD_USAGE}
  ${OPERATORS_USAGE}`;

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  faucet, tick, compensate: compensateCommand, blocks, treasury: () => treasury(), 'sale-round': saleRound, collections,
  'blockfrost-emulator': blockfrostEmulatorCommand, prices, doctor: () => doctor(),
  backup: (a) => backupCommand('backup', a, (l) => console.log(l)), restore: (a) => backupCommand('restore', a, (l) => console.log(l)), world,
  operators: operatorsCommand,
};

const [command, ...rest] = process.argv.slice(2);
const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
if (!run) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    await run(rest);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
