/** `@kingdom/game`: the game's rules and constants as pure functions. No I/O, no clock. */
export * from './tokens.ts';
export * from './format.ts';
export * from './lands.ts';
export * from './leagues.ts';
export * from './catalogue.ts';
export * from './errors.ts';
export * from './prng.ts';
export * from './valley.ts';
export * from './valley/index.ts';
export * from './assets.ts';
export * from './goldmine.ts';
export * from './frenmine.ts';
export * from './days.ts';
