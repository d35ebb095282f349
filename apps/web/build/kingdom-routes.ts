/**
 * `virtual:kingdom-routes`: the method and path of every endpoint descriptor of `@kingdom/api`
 * (`ENDPOINTS`, packages/api/src/endpoints.ts, where alone each path is written), generated when the
 * bundle is built. The web app's typed client (src/api/client.ts) needs only those two strings per
 * endpoint; importing the descriptors themselves would put zod and every schema on the first page
 * (≈ 31 KB gzip). Each route is a module of its own (`virtual:kingdom-routes/config`, …), so the
 * frame's few calls (src/api/frame-routes.ts) carry only their own routes on the first page, and
 * `ROUTES` (`virtual:kingdom-routes`) is the whole table for the lazily loaded features
 * (src/api/call.ts). Types: src/api/kingdom-routes.d.ts.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const ID = 'virtual:kingdom-routes';
/** One route per module (`virtual:kingdom-routes/<name>`), so the frame's few stay apart from the table. */
const ONE = `${ID}/`;
const ENDPOINTS_FILE = fileURLToPath(new URL('../../../packages/api/src/endpoints.ts', import.meta.url));

type Endpoints = Record<string, { method: string; path: string }>;

/** The table's source: `ROUTES`, importing each route's module. */
export function tableModule(endpoints: Endpoints): string {
  const names = Object.keys(endpoints);
  for (const name of names) if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`endpoint name ${name} is not an identifier`);
  return `${names.map((n) => `import ${n} from '${ONE}${n}';`).join('\n')}\nexport const ROUTES = { ${names.join(', ')} };\n`;
}

/** One route's source: `export default {method, path}`. @throws Error for an unknown endpoint name */
export function routeModule(endpoints: Endpoints, name: string): string {
  const e = endpoints[name];
  if (!e) throw new Error(`${ONE}${name}: no endpoint descriptor named ${name}`);
  return `export default { method: ${JSON.stringify(e.method)}, path: ${JSON.stringify(e.path)} };\n`;
}

/** The plugin serving `virtual:kingdom-routes` and `virtual:kingdom-routes/<name>` (build, dev server and the web unit tests). */
export function kingdomRoutes(): Plugin {
  let loaded: Promise<Endpoints> | undefined;
  const endpoints = () =>
    (loaded ??= runnerImport<{ ENDPOINTS: Endpoints }>(ENDPOINTS_FILE, { configFile: false, logLevel: 'silent' }).then((r) => r.module.ENDPOINTS));
  return {
    name: 'kingdom-routes',
    resolveId: (id) => (id === ID || id.startsWith(ONE) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${ID}`)) return undefined;
      this.addWatchFile(ENDPOINTS_FILE);
      const all = await endpoints();
      return id === `\0${ID}` ? tableModule(all) : routeModule(all, id.slice(`\0${ONE}`.length));
    },
    watchChange(id) {
      if (id === ENDPOINTS_FILE) loaded = undefined;
    },
  };
}
