/** Spanish texts of push notifications and the installable app (docs/product.md §10). */
import type { enPush } from './en-push.ts';
import type { TextsLike } from './texts.ts';

export const esPush: TextsLike<typeof enPush> = {
  push: {
    title: 'Notificaciones en este dispositivo',
    lead: 'Entérate de tu informe diario, de una mejora terminada o de un saldo bajo sin abrir el sitio. Las envía el Reino a través del servicio de notificaciones de tu navegador; la bandeja de entrada guarda cada mensaje.',
    unsupported: 'Este navegador no puede recibir notificaciones. En un teléfono, instala primero la app (Añadir a pantalla de inicio).',
    denied: 'Las notificaciones están bloqueadas para este sitio. Permítelas en los ajustes del sitio del navegador y vuelve a intentarlo.',
    turnOn: 'Activar notificaciones',
    turningOn: 'Activando…',
    turnOff: 'Desactivar en este dispositivo',
    on: 'Las notificaciones están activadas en este dispositivo.',
    onSaved: 'Notificaciones activadas en este dispositivo.',
    offSaved: 'Notificaciones desactivadas en este dispositivo.',
    failed: 'No se pudieron activar las notificaciones: {{reason}}',
    topics: 'Avísame de',
    topic: {
      day_report: 'Informes diarios (minas, staking, tienda)',
      upgrade: 'Mejoras (lista, terminada, fallida)',
      deposit_withdrawal: 'Depósitos y retiros',
      order_paid: 'Pedidos pagados (Vendedor)',
      low_balance: 'Saldo bajo (trabajadores en riesgo)',
      market: 'Órdenes del mercado completadas',
      chest: 'Cofre semanal listo para abrir',
      quests: 'Nuevas misiones diarias y semanales',
      announcements: 'Anuncios del Reino',
    },
    quiet: 'Horas de silencio',
    quietHint: 'No llega nada entre estas horas ({{zone}}); lo que llegue entonces espera a que terminen.',
    quietFrom: 'Desde',
    quietTo: 'Hasta',
    save: 'Guardar ajustes de notificaciones',
    saved: 'Ajustes de notificaciones guardados.',
  },
  pwa: {
    updateAvailable: 'Hay una versión nueva del Reino.',
    reload: 'Recargar',
    install: 'Instala el Reino como app: se abre desde tu pantalla de inicio y puede avisarte cuando tu informe diario esté listo.',
    installButton: 'Instalar',
    notNow: 'Ahora no',
    offline: 'Estás sin conexión. Lo que ves puede estar desactualizado; los saldos son los últimos vistos, no los actuales.',
  },
};
