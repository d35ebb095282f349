/**
 * The routes the app frame calls on every page (user, config, counts, CSRF cookie, logout, demo
 * clock), each from its own module made from the descriptors (`virtual:kingdom-routes/<name>`,
 * build/kingdom-routes.ts), so the first page carries these few rather than the whole table of
 * `./routes.ts`.
 */
import authLogout from 'virtual:kingdom-routes/authLogout';
import config from 'virtual:kingdom-routes/config';
import csrfCookie from 'virtual:kingdom-routes/csrfCookie';
import dashboardUser from 'virtual:kingdom-routes/dashboardUser';
import demoClock from 'virtual:kingdom-routes/demoClock';
import landUpdates from 'virtual:kingdom-routes/landUpdates';
import notifications from 'virtual:kingdom-routes/notifications';
import notificationsCount from 'virtual:kingdom-routes/notificationsCount';

export const FRAME_ROUTES = { csrfCookie, config, authLogout, dashboardUser, notificationsCount, demoClock, landUpdates, notifications } as const;
