/** Spanish texts of the achievements panel (docs/game-rules.md §14), loaded with it. */
import type { enAchievements } from './en-achievements.ts';
import type { TextsLike } from './texts.ts';

export const esAchievements: TextsLike<typeof enAchievements> = {
  achievements: {
    title: 'Logros',
    count: '{{earned}} de {{total}} conseguidos',
    earned: 'Conseguido',
    progress: '{{progress}} / {{target}}',
    loadFailed: 'No se pudieron cargar los logros.',
    items: {
      first_upgrade: 'Primera mejora',
      mine_level_10: 'Mina de oro nivel 10',
      xl_land: 'Una tierra XL',
      excellent_streak_7: '7 días Excelentes seguidos',
      excellent_streak_30: '30 días Excelentes seguidos',
      first_deposit: 'Primer depósito',
      first_vote: 'Primer voto',
      first_quest: 'Primera misión reclamada',
      first_market_trade: 'Primer intercambio en el Mercado',
    },
  },
};
