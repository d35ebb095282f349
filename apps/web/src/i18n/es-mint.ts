/** Spanish texts of the in-app land mint (docs/game-rules.md §2 "Mint Your Land"), loaded with its dialog. */
import type { enMint } from './en-mint.ts';
import type { TextsLike } from './texts.ts';

export const esMint: TextsLike<typeof enMint> = {
  mint: {
    title: 'Acuña tu tierra',
    lead: 'Acuña un NFT de tierra del Valle en tu billetera. Pagas {{ada}} ADA; la tierra es tuya cuando la transacción tenga {{n}} confirmaciones.',
    closed: 'El acuñado en la app está cerrado: todas las tierras de la colección están acuñadas.',
    free: 'Quedan {{n}} tierras libres.',
    choose: '¿Qué tierra?',
    thisLand: 'Esta tierra: {{name}}',
    anyLand: 'Cualquier tierra libre',
    coords: 'Ajustes de coordenadas',
    any: 'Cualquiera',
    biome: 'Bioma',
    size: 'Tamaño',
    quadrant: 'Cuadrante',
    biomes: { forest: 'Bosque', winter: 'Invierno' },
    quadrants: { NE: 'Noreste', NW: 'Noroeste', SE: 'Sureste', SW: 'Suroeste' },
    price: 'Precio',
    reserve: 'Reservar la tierra',
    reserving: 'Reservando…',
    reservedLead: 'Reservada para ti hasta {{time}}. Paga con tu billetera para acuñarla; si no pagas, vuelve al Valle.',
    land: 'Tierra',
    pay: 'Pagar {{ada}} ADA y acuñar',
    giveUp: 'Renunciar',
    status: {
      reserved: 'Reservada, esperando tu pago',
      submitted: 'Enviada, esperando el siguiente bloque',
      pending: 'Acuñando ({{n}} de {{of}} confirmaciones)',
      confirmed: 'Acuñada: la tierra es tuya',
      expired: 'Caducada: la tierra volvió al Valle',
      cancelled: 'Abandonada',
    },
    minted: '¡{{name}} es tuya!',
    myLands: 'Ver mis tierras',
    another: 'Acuñar otra tierra',
    needsCardano: 'El acuñado se paga en ADA en Cardano: inicia sesión con una billetera de Cardano para acuñar.',
    signIn: 'Inicia sesión para acuñar una tierra.',
    open: 'Acuña tu tierra',
  },
};
