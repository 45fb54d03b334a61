// npm run staff -- create|show|roles|set-password|reset-totp|disable|enable ...: staff accounts of the admin, kept in commerce.
// The first account:
//   printf '%s\n' "$PASSWORD" | npm run staff -- create --email ana@example.com --password-stdin --role hoopcraft=manager
// It talks to commerce as the gateway does: COMMERCE_* from the environment, else the commerce
// client secret of {DATA_DIR or var}/secrets.env (what `npm start` generated), else the development one.
// It seals authenticator secrets under the gateway's AUTH_SECRET, found the same way, so the
// gateways can open them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { nx, root } from './lib.mjs';
import { readEnvFile } from './local-secrets.mjs';

nx('run', '@shop/api-gateway:build');
const stored = readEnvFile(join(process.env.DATA_DIR ?? join(root, 'var'), 'secrets.env'));
const result = spawnSync(
  process.execPath,
  [join(root, 'api-gateway', 'dist', 'staff-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...(stored.COMMERCE_CLIENT_SECRET ? { COMMERCE_CLIENT_SECRET: stored.COMMERCE_CLIENT_SECRET } : {}),
      ...(stored.AUTH_SECRET ? { AUTH_SECRET: stored.AUTH_SECRET } : {}),
      ...process.env,
    },
  },
);
process.exit(result.status ?? 1);
