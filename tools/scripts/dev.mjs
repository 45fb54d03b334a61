// npm run dev [-- <app>...]: webpack dev servers with hot reload, the gateway in front.
// With no app named, the shell and every remote run from source; naming apps (catalog,
// cart-checkout, account, content, admin, shell) runs only those from source and the rest from builds.
import { join } from 'node:path';
import { buildAndPublish, nx, root, start } from './lib.mjs';

const APPS = {
  shell: { dir: 'shell', port: 4200 },
  catalog: { dir: 'mfe-catalog', port: 4201, remote: 'catalog' },
  'cart-checkout': { dir: 'mfe-cart-checkout', port: 4202, remote: 'cartCheckout' },
  account: { dir: 'mfe-account', port: 4203, remote: 'account' },
  content: { dir: 'mfe-content', port: 4204, remote: 'content' },
  admin: { dir: 'mfe-admin', port: 4205, remote: 'admin' },
};

const requested = process.argv.slice(2);
for (const name of requested) {
  if (!APPS[name]) {
    process.stderr.write(`Unknown app "${name}". Apps: ${Object.keys(APPS).join(', ')}\n`);
    process.exit(2);
  }
}
const fromSource = requested.length ? requested : Object.keys(APPS);

// Whatever is not run from source is served from a production build.
if (fromSource.length < Object.keys(APPS).length) buildAndPublish();
else nx('run-many', '-t', 'build', '--projects=@shop/api-gateway,@shop/commerce-service,@shop/vendor-services');

const children = fromSource.map((name) =>
  start(
    process.execPath,
    [join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), 'serve', '--mode', 'development'],
    {
      cwd: join(root, APPS[name].dir),
    },
  ),
);
const devUrls = fromSource
  .filter((name) => APPS[name].remote)
  .map((name) => `${APPS[name].remote}=http://localhost:${APPS[name].port}/mf-manifest.json`)
  .join(',');
children.push(
  start(process.execPath, [join(root, 'services', 'commerce', 'dist', 'main.js')]),
  start(process.execPath, [join(root, 'services', 'vendors', 'dist', 'main.js')]),
  start(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
    env: {
      ...process.env,
      APP_ENV: 'development',
      REMOTE_DEV_URLS: devUrls,
      ...(fromSource.includes('shell') ? { SHELL_DEV_URL: 'http://localhost:4200' } : {}),
    },
  }),
);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
