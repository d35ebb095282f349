// Builds the web app (apps/web/dist) when it is missing or older than its sources, so that
// `npm start` on a fresh clone serves a current app without a separate build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const index = join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/game/src')), newest(join(root, 'packages/api/src')));
if (existsSync(index) && statSync(index).mtimeMs >= sources) {
  console.log('web app is up to date (apps/web/dist)');
} else {
  console.log('building the web app (apps/web/dist) …');
  execSync('npm run build -w @kingdom/web', { cwd: root, stdio: 'inherit' });
}
