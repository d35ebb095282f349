/** English texts of the achievements panel (docs/game-rules.md §14), loaded with it. */
export const enAchievements = {
  achievements: {
    title: 'Achievements',
    count: '{{earned}} of {{total}} earned',
    earned: 'Earned',
    progress: '{{progress}} / {{target}}',
    loadFailed: 'The achievements could not be loaded.',
    items: {
      first_upgrade: 'First upgrade',
      mine_level_10: 'Gold mine level 10',
      xl_land: 'An XL land',
      excellent_streak_7: '7 Excellent days in a row',
      excellent_streak_30: '30 Excellent days in a row',
      first_deposit: 'First deposit',
      first_vote: 'First vote',
      first_quest: 'First quest claimed',
      first_market_trade: 'First Market trade',
    },
  },
};
