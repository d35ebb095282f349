/** The Valley map: hex layout maths and the map's compact encoding (docs/game-rules.md §2). */
export * from './layout.ts';
export * from './map-codec.ts';
