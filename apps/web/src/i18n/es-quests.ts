/** Spanish texts of the quests page (docs/game-rules.md §10), loaded with the page. */
import type { enQuests } from './en-quests.ts';
import type { TextsLike } from './texts.ts';

export const esQuests: TextsLike<typeof enQuests> = {
  quests: {
    title: 'Misiones',
    lead: 'Misiones nuevas cada día a las 00:00 UTC y cada lunes. El progreso cuenta lo que haces en el juego; reclama cada recompensa una vez antes de que termine su periodo.',
    daily: 'Misiones de hoy',
    weekly: 'Misiones de esta semana',
    ends: 'Termina {{time}} ({{left}})',
    loadFailed: 'No se pudieron cargar las misiones.',
    progress: 'Progreso de «{{name}}»: {{value}} de {{target}}',
    reward: 'Recompensa',
    claim: 'Reclamar',
    claiming: 'Reclamando…',
    claimed: 'Reclamada',
    got: '¡Misión completada! Recibiste {{rewards}}.',
    go: 'Ir allí',
    seed: 'Semilla del sorteo {{seed}} (cualquiera puede recalcularlo con la tabla de misiones publicada)',
    items: { toolkit: 'Kit de herramientas nivel {{tier}}', permit: 'Permiso de expansión nivel {{tier}}' },
    kinds: {
      assign_workers_one: 'Asigna {{count}} trabajador',
      assign_workers_other: 'Asigna {{count}} trabajadores',
      vendor_purchases_one: 'Compra {{count}} vez en el Vendedor',
      vendor_purchases_other: 'Compra {{count}} veces en el Vendedor',
      add_votes: 'Añade {{target}} votos a proyectos',
      deposits_one: 'Deposita EXO o HEXO {{count}} vez',
      deposits_other: 'Deposita EXO o HEXO {{count}} veces',
      upgrades_started_one: 'Inicia {{count}} mejora de mina',
      upgrades_started_other: 'Inicia {{count}} mejoras de mina',
      excellent_mine_days_one: 'Consigue {{count}} día de mina Excelente en tus informes',
      excellent_mine_days_other: 'Consigue {{count}} días de mina Excelentes en tus informes',
      exo_mined: 'Mina {{target}} EXO',
    },
    hints: {
      assign_workers: 'Pon trabajadores en las ranuras libres de tus minas de oro o de frens.',
      vendor_purchases: 'Cualquier compra en el Vendedor cuenta.',
      add_votes: 'Bloquea EXO como votos y añádelos a proyectos del Staking-Hub.',
      deposits: 'Envía EXO o HEXO desde una billetera vinculada a tu saldo de la app.',
      upgrades_started: 'Inicia una mejora de una mina de oro o de frens.',
      excellent_mine_days: 'Una mina con todas sus ranuras abiertas trabajadas es Excelente; el día cuenta cuando llega su informe (al día siguiente).',
      exo_mined: 'El EXO diario de tus minas, acreditado cuando llega el informe de cada día.',
    },
  },
};
