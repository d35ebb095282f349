/** `@kingdom/api`: the HTTP contract shared by server and web (docs/http-contract.md §2). */
export * from './errors.ts';
export * from './schemas.ts';
export * from './open-enum.ts';
export * from './goldrush.ts';
export * from './contract.ts';
export * from './endpoints.ts';
export * from './paths.ts';
export * from './client.ts';
export * from './economy.ts';
export * from './csv.ts';
export * from './valley.ts';
export * from './staking.ts';
export * from './chain.ts';
export * from './mint.ts';
export * from './health.ts';
export * from './quests.ts';
export * from './console.ts';
