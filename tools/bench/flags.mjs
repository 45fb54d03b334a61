// Feature flags: OFREP bulk evaluation (every flag of a brand) at 100 concurrent browsers, each its
// own guest session, first without an ETag (a full evaluation each time) and then as the web
// provider polls (If-None-Match, 304 while nothing changed); and the time from a brand manager's
// change in the admin API (staff sign-in with password and TOTP) to an open page in Chromium showing
// it without a reload (hoopcraft's footer Rewards link follows the `loyalty` flag).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureChromium, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { browser, expectOk } from './cart.mjs';
import { startShop } from './shop.mjs';

const CLIENTS = 100;
/** Evaluations each client makes, one after the other, in each phase. */
const EVALUATIONS_EACH = 20;
/** Changes timed from the admin to the open page (on, off, on, ...). */
const CHANGES = 6;
const BRAND = 'hoopcraft';
const STAFF = { email: 'bench-manager@example.com', password: 'a bench passphrase for flags' };

const requireFromGateway = createRequire(join(root, 'api-gateway', 'package.json'));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({
  count: values.length,
  p50: Number(percentile(values, 50).toFixed(1)),
  p95: Number(percentile(values, 95).toFixed(1)),
  p99: Number(percentile(values, 99).toFixed(1)),
  max: Number(Math.max(...values).toFixed(1)),
});

/** A staff manager of the brand, made with the staff CLI against the shop's commerce. */
function createStaff(shop) {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'api-gateway', 'dist', 'staff-cli.js'),
      'create',
      '--email',
      STAFF.email,
      '--password-stdin',
      '--role',
      `${BRAND}=manager`,
    ],
    {
      input: `${STAFF.password}\n`,
      encoding: 'utf8',
      env: { ...process.env, ...productionEnv(shop.dataDir, {}), COMMERCE_API_URL: shop.commerceUrl },
    },
  );
  const secret = /[?&]secret=([A-Z2-7]+)/.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || !secret)
    throw new Error(`npm run staff -- create failed: ${result.stdout}${result.stderr}`);
  return secret;
}

/** Signs the manager in (site CSRF token, password and a TOTP code); resolves with the staff CSRF token. */
async function signInStaff(staff, port, secret) {
  const { generate } = requireFromGateway('otplib');
  const host = { host: `${BRAND}.localhost:${port}` };
  const { csrfToken } = expectOk(await staff.send(port, 'GET', '/api/auth/csrf', { headers: host }), 'csrf').json;
  const signedIn = expectOk(
    await staff.send(port, 'POST', '/api/admin/session', {
      json: { email: STAFF.email, password: STAFF.password, totp: await generate({ secret }) },
      headers: { ...host, 'x-csrf-token': csrfToken },
    }),
    'POST /api/admin/session',
  );
  return signedIn.json.csrfToken;
}

/** CLIENTS browsers evaluating every flag EVALUATIONS_EACH times each, with or without the ETag they got. */
async function evaluate(port, conditional) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const timings = [];
  const statuses = new Map();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = browser(agent);
      const host = { host: `${BRAND}.localhost:${port}` };
      // A page's first request gives the browser its session, as the page load does.
      await client.send(port, 'GET', '/api/auth/session', { headers: host });
      let etag;
      for (let i = 0; i < EVALUATIONS_EACH; i += 1) {
        const answer = await client.send(port, 'POST', '/api/ofrep/v1/evaluate/flags', {
          json: { context: {} },
          headers: { ...host, ...(conditional && etag ? { 'if-none-match': etag } : {}) },
        });
        if (answer.status !== 200 && answer.status !== 304)
          throw new Error(`OFREP answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        etag = answer.headers.etag ?? etag;
        timings.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    ...summary(timings),
    perSecond: Math.round(timings.length / seconds),
    statuses: Object.fromEntries(statuses),
  };
}

/** Milliseconds from each admin change of `loyalty` to an open hoopcraft page showing it. */
async function changeToPage(port, staff, staffCsrf) {
  const { chromium } = await import('playwright-core');
  const chrome = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const host = { host: `${BRAND}.localhost:${port}` };
  const admin = async (method, path, json) =>
    expectOk(
      await staff.send(port, method, `/api/admin/brands/${BRAND}${path}`, {
        ...(json ? { json } : {}),
        headers: { ...host, 'x-csrf-token': staffCsrf },
      }),
      `${method} /api/admin/brands/${BRAND}${path}`,
    ).json;
  const timings = [];
  try {
    const page = await (await chrome.newContext()).newPage();
    await page.goto(`http://${BRAND}.localhost:${port}/`);
    await page.locator('html[data-interactive]').waitFor();
    const rewards = page.getByRole('contentinfo').getByRole('link', { name: 'Rewards', exact: true });
    // The page starts following flags a few seconds after it loads (never during the first load).
    await page.waitForTimeout(6_000);
    const before = (await admin('GET', '/flags')).flags.find((flag) => flag.key === 'loyalty').defaultVariant;
    for (let i = 0; i < CHANGES; i += 1) {
      const { version, flags } = await admin('GET', '/flags');
      const on = flags.find((flag) => flag.key === 'loyalty').defaultVariant !== 'on';
      const started = performance.now();
      await admin('PUT', '/flags/loyalty', { version, defaultVariant: on ? 'on' : 'off', reason: 'flags bench' });
      await rewards.waitFor({ state: on ? 'visible' : 'detached', timeout: 30_000 });
      timings.push(performance.now() - started);
    }
    const { version } = await admin('GET', '/flags');
    await admin('PUT', '/flags/loyalty', { version, defaultVariant: before, reason: 'flags bench: as before' });
  } finally {
    await chrome.close();
  }
  return summary(timings);
}

export async function benchFlags() {
  ensureChromium();
  const shop = await startShop('flags');
  try {
    const secret = createStaff(shop);
    const staff = browser(new http.Agent({ keepAlive: true }));
    const staffCsrf = await signInStaff(staff, shop.port, secret);
    await evaluate(shop.port, false); // warm-up
    const full = await evaluate(shop.port, false);
    const polling = await evaluate(shop.port, true);
    const propagation = await changeToPage(shop.port, staff, staffCsrf);
    return { clients: CLIENTS, evaluationsEach: EVALUATIONS_EACH, full, polling, propagation };
  } finally {
    await shop.stop();
  }
}

export function printFlags(current, baseline) {
  const then = baseline?.flags;
  const ratio = (now, before) => (before ? `${(now / before).toFixed(2)}x` : 'n/a');
  console.log(
    `\nFlags: OFREP bulk evaluation of every ${BRAND} flag, ${current.clients} concurrent browsers x ${current.evaluationsEach} each:`,
  );
  for (const [name, label] of [
    ['full', 'every answer evaluated (no ETag)'],
    ['polling', 'polling with If-None-Match'],
  ]) {
    const r = current[name];
    console.log(
      `  ${label.padEnd(34)} p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms, ${r.perSecond}/s, statuses ${JSON.stringify(r.statuses)}  p95 ratio to baseline ${ratio(r.p95, then?.[name]?.p95)}`,
    );
  }
  const p = current.propagation;
  console.log(
    `  admin change -> open page shows it (${p.count} changes): p50 ${p.p50} ms, p95 ${p.p95} ms, max ${p.max} ms (target: within 5,000 ms)`,
  );
}
