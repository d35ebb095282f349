/**
 * Types of `virtual:kingdom-routes` and `virtual:kingdom-routes/<name>` (build/kingdom-routes.ts):
 * the method and path of every endpoint descriptor, with the descriptors' literal types. Only the
 * routes imported one by one (api/frame-routes.ts, the demo Solana wallet) are declared by name.
 */
declare module 'virtual:kingdom-routes' {
  import type { EndpointName, RouteOf } from '@kingdom/api';

  export const ROUTES: { readonly [N in EndpointName]: RouteOf<N> };
}
declare module 'virtual:kingdom-routes/csrfCookie' {
  const route: import('@kingdom/api').RouteOf<'csrfCookie'>;
  export default route;
}
declare module 'virtual:kingdom-routes/config' {
  const route: import('@kingdom/api').RouteOf<'config'>;
  export default route;
}
declare module 'virtual:kingdom-routes/authLogout' {
  const route: import('@kingdom/api').RouteOf<'authLogout'>;
  export default route;
}
declare module 'virtual:kingdom-routes/dashboardUser' {
  const route: import('@kingdom/api').RouteOf<'dashboardUser'>;
  export default route;
}
declare module 'virtual:kingdom-routes/notificationsCount' {
  const route: import('@kingdom/api').RouteOf<'notificationsCount'>;
  export default route;
}
declare module 'virtual:kingdom-routes/demoClock' {
  const route: import('@kingdom/api').RouteOf<'demoClock'>;
  export default route;
}
declare module 'virtual:kingdom-routes/landUpdates' {
  const route: import('@kingdom/api').RouteOf<'landUpdates'>;
  export default route;
}
declare module 'virtual:kingdom-routes/chainInfo' {
  const route: import('@kingdom/api').RouteOf<'chainInfo'>;
  export default route;
}
declare module 'virtual:kingdom-routes/notifications' {
  const route: import('@kingdom/api').RouteOf<'notifications'>;
  export default route;
}
declare module 'virtual:kingdom-routes/authWalletDisconnect' {
  const route: import('@kingdom/api').RouteOf<'authWalletDisconnect'>;
  export default route;
}
