/**
 * `@kingdom/game`: the game's rules and constants as pure functions, in folders per domain
 * (`tokens/`, `lands/`, `mines/`, `staking/`, `vendor/`, `settlement/`). No I/O, no clock.
 */
export * from './tokens/tokens.ts';
export * from './tokens/amounts.ts';
export * from './format.ts';
export * from './lands/lands.ts';
export * from './lands/mint.ts';
export * from './staking/leagues.ts';
export * from './vendor/catalogue.ts';
export * from './errors.ts';
export * from './prng.ts';
export * from './valley.ts';
export * from './valley/index.ts';
export * from './assets.ts';
export * from './mines/goldmine.ts';
export * from './mines/frenmine.ts';
export * from './mines/kinds.ts';
export * from './mines/rules.ts';
export * from './days.ts';
export * from './settlement/world.ts';
export * from './settlement/settle-day.ts';
export * from './vendor/prices.ts';
export * from './chest/chest.ts';
export * from './quests/quests.ts';
export * from './quests/achievements.ts';
export * from './quests/halls.ts';
export * from './quests/pays.ts';
export * from './staking/votes.ts';
export * from './staking/rewards.ts';
export * from './compensation.ts';
export * from './chain/money.ts';
export * from './chain/solana-pay.ts';
export * from './market/book.ts';
export * from './market/limits.ts';
