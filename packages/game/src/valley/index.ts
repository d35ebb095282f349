/** The Valley map: hex layout maths and the map's compact encoding (GAME-RULES.md §2). */
export * from './layout.ts';
export * from './map-codec.ts';
