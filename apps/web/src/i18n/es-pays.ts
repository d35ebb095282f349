/** Spanish texts of the Performance page's "does playing well pay" section (docs/game-rules.md §14.8), loaded with it. */
import type { enPays } from './en-pays.ts';
import type { TextsLike } from './texts.ts';

export const esPays: TextsLike<typeof enPays> = {
  pays: {
    title: '¿Jugar bien da frutos?',
    lead: 'EXO que tus minas ganaron por puesto trabajado cada día, junto a la media del mundo para el mismo tipo de mina.',
    chart: 'EXO por puesto trabajado al día',
    you: 'Tú',
    world: 'Media del mundo',
    summary: 'En estos días ganaste {{you}} EXO por puesto trabajado; el mundo, {{world}} EXO.',
    vsWorld: 'Es el {{pct}} de la media del mundo.',
    noSummary: 'Aún no hay ningún día con un puesto tuyo trabajado en este periodo.',
    gapNote: 'Un día sin puesto trabajado o sin informe queda en blanco; no cuenta como 0.',
    loadFailed: 'No se pudieron cargar los totales del mundo.',
    table: 'EXO por puesto trabajado, por día',
    day: 'Día',
    none: '—',
    buysTitle: 'Lo que compra tu EXO ahora',
    price: 'Precio del EXO: {{ada}} ADA por EXO',
    priceStale: 'El precio del EXO está desactualizado; no se muestran valores en ADA.',
    dailyExo: 'Tu media: {{exo}} EXO por día con informe en este periodo.',
    item: 'Artículo',
    costExo: 'Precio (EXO)',
    costAda: '≈ ADA',
    days: 'Días de tu minería',
    daysValue_one: '{{count}} día',
    daysValue_other: '{{count}} días',
    noItems: 'El Mercader no vende nada por EXO ahora mismo.',
    toVendor: 'Ir al Mercader',
  },
};
